# Mean-shift clustering with a Gaussian kernel: all points shifted in parallel inside a
# while_loop until the largest move is below a tolerance, modes merged by rounding and
# jnp.unique with a static size, cluster labels by nearest mode, and bandwidth chosen by
# Scott's rule; compared with k-means from the found modes
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(8)
centers = np.array([[0.0, 0.0], [4.0, 4.0], [0.0, 5.0]])
pts = np.concatenate([c + 0.6 * rng.normal(size=(60, 2)) for c in centers])
X = jnp.asarray(pts, jnp.float32)
n, d = X.shape
bw = float(n ** (-1.0 / (d + 4)) * X.std(0).mean() * 1.5)
print("points", X.shape, "bandwidth %.4f" % bw)


@jax.jit
def mean_shift(X, bw):
    def shift(Y):
        d2 = jnp.sum((Y[:, None, :] - X[None, :, :]) ** 2, -1)
        w = jnp.exp(-0.5 * d2 / bw**2)
        return (w @ X) / w.sum(1, keepdims=True)

    def cond(st):
        _, move, it = st
        return (move > 1e-4) & (it < 300)

    def body(st):
        Y, _, it = st
        Y2 = shift(Y)
        return Y2, jnp.max(jnp.linalg.norm(Y2 - Y, axis=1)), it + 1

    return jax.lax.while_loop(cond, body, (X, jnp.float32(jnp.inf), 0))


Y, move, iters = mean_shift(X, bw)
print("converged", bool(move <= 1e-4), "iters>0", bool(iters > 0))
rounded = jnp.round(Y, 1)
modes = jnp.unique(rounded, axis=0, size=3, fill_value=jnp.nan)
modes = modes[jnp.argsort(modes[:, 0] + 10 * modes[:, 1])]
print("modes", modes)
labels = jnp.argmin(jnp.sum((Y[:, None] - modes[None]) ** 2, -1), 1)
print("cluster sizes", jnp.bincount(labels, length=3))


def kmeans(X, C, iters=10):
    def body(_, C):
        lab = jnp.argmin(jnp.sum((X[:, None] - C[None]) ** 2, -1), 1)
        one = jax.nn.one_hot(lab, C.shape[0])
        return (one.T @ X) / one.sum(0)[:, None]

    return jax.lax.fori_loop(0, iters, body, C)


C = jax.jit(kmeans)(X, modes)
print("kmeans centres", jnp.round(C, 2))
print("agree with truth", bool(jnp.allclose(jnp.sort(C[:, 0]), jnp.sort(jnp.asarray(centers[:, 0], jnp.float32)), atol=0.5)))
