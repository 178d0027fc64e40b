# Sparse coding and dictionary learning: the lasso solved by ISTA and FISTA (soft thresholding,
# a step size from the largest singular value via power iteration), loops by lax.while_loop
# until the relative change is small, codes for a batch by vmap, a dictionary update by
# projected gradient onto unit-norm atoms, and support recovery of a planted sparse signal
import jax
import jax.numpy as jnp

M, K, NB = 20, 30, 16
key = jax.random.key(0)
kd, kc, ks, kn = jax.random.split(key, 4)
D_true = jax.random.normal(kd, (M, K))
D_true = D_true / jnp.linalg.norm(D_true, axis=0)
support = jax.random.uniform(ks, (NB, K)) < 0.1
codes_true = jnp.where(support, jax.random.normal(kc, (NB, K)) + jnp.sign(jax.random.normal(kc, (NB, K))), 0.0)
Y = codes_true @ D_true.T + 0.01 * jax.random.normal(kn, (NB, M))
print(Y.shape, int(support.sum()))


def soft(x, t):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - t, 0.0)


def lipschitz(D, iters=50):
    v = jnp.ones(D.shape[1]) / jnp.sqrt(D.shape[1])
    v = jax.lax.fori_loop(0, iters, lambda i, v: (lambda w: w / jnp.linalg.norm(w))(D.T @ (D @ v)), v)
    return jnp.linalg.norm(D.T @ (D @ v))


def fista(D, y, lam, tol=1e-6, max_iter=500, accelerate=True):
    L = lipschitz(D)

    def cond(state):
        i, x, _, _, delta = state
        return (i < max_iter) & (delta > tol)

    def body(state):
        i, x, z, t, _ = state
        x_new = soft(z - D.T @ (D @ z - y) / L, lam / L)
        t_new = jnp.where(accelerate, (1 + jnp.sqrt(1 + 4 * t**2)) / 2, 1.0)
        z_new = x_new + ((t - 1) / t_new) * (x_new - x)
        delta = jnp.linalg.norm(x_new - x) / jnp.maximum(jnp.linalg.norm(x), 1e-12)
        return i + 1, x_new, z_new, t_new, delta

    x0 = jnp.zeros(D.shape[1])
    i, x, _, _, _ = jax.lax.while_loop(cond, body, (0, x0, x0, 1.0, jnp.inf))
    return x, i


def objective(D, y, x, lam):
    return 0.5 * jnp.sum((D @ x - y) ** 2) + lam * jnp.sum(jnp.abs(x))


print(f"{float(lipschitz(D_true)):.4f}", f"{float(jnp.linalg.norm(D_true, 2) ** 2):.4f}")
solve = jax.jit(jax.vmap(fista, in_axes=(None, 0, None, None, None, None)), static_argnums=(4, 5))
x_f, it_f = solve(D_true, Y, 0.05, 1e-6, 500, True)
x_i, it_i = solve(D_true, Y, 0.05, 1e-6, 500, False)
print(x_f.shape, it_f.dtype, bool(jnp.mean(it_f) < jnp.mean(it_i)))
obj = jax.vmap(objective, in_axes=(None, 0, 0, None))
print(bool(jnp.all(obj(D_true, Y, x_f, 0.05) <= obj(D_true, Y, x_i, 0.05) + 1e-3)))
recovered = jnp.abs(x_f) > 0.1
print(f"{float(jnp.mean(recovered == support)):.3f}", bool(jnp.mean(recovered == support) > 0.9))


@jax.jit
def dict_step(D, Y, lr=0.1):
    X, _ = jax.vmap(fista, in_axes=(None, 0, None))(D, Y, 0.05)
    X = jax.lax.stop_gradient(X)
    loss, g = jax.value_and_grad(lambda D: jnp.mean(jnp.sum((X @ D.T - Y) ** 2, axis=1)))(D)
    D = D - lr * g
    return D / jnp.linalg.norm(D, axis=0, keepdims=True), loss


D = D_true + 0.3 * jax.random.normal(jax.random.key(5), D_true.shape)
D = D / jnp.linalg.norm(D, axis=0)
losses = []
for _ in range(10):
    D, loss = dict_step(D, Y)
    losses.append(float(loss))
print(f"{losses[0]:.4f}", f"{losses[-1]:.4f}", losses[-1] < losses[0])
print(bool(jnp.allclose(jnp.linalg.norm(D, axis=0), 1.0, atol=1e-5)))
print(f"{float(jnp.mean(jnp.max(jnp.abs(D.T @ D_true), axis=1))):.3f}")
