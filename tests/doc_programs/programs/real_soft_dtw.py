# Soft dynamic time warping (Cuturi & Blondel): the soft-min recursion over the cost matrix by a
# lax.scan over rows with an inner scan over columns, its gradient with respect to the cost
# matrix (the expected alignment) by jax.grad, a barycentre of shifted sine waves fit by gradient
# descent on the soft-DTW loss, and hard DTW as gamma -> 0 for comparison
import jax
import jax.numpy as jnp


def softmin(a, b, c, gamma):
    return -gamma * jax.nn.logsumexp(jnp.stack([a, b, c]) / -gamma, axis=0)


def soft_dtw_cost(D, gamma):
    n, m = D.shape
    inf = 1e10
    first = jnp.concatenate([jnp.zeros(1), jnp.full(m, inf)])

    def row(prev, d_row):
        def col(left, inputs):
            d, up, diag = inputs
            val = d + softmin(left, up, diag, gamma)
            return val, val

        _, cur = jax.lax.scan(col, jnp.array(inf), (d_row, prev[1:], prev[:-1]))
        cur = jnp.concatenate([jnp.full(1, inf), cur])
        return cur, None

    last, _ = jax.lax.scan(row, first, D)
    return last[-1]


def soft_dtw(x, y, gamma=0.1):
    D = (x[:, None] - y[None, :]) ** 2
    return soft_dtw_cost(D, gamma)


t = jnp.linspace(0, 2 * jnp.pi, 20)
x = jnp.sin(t)
y = jnp.sin(t - 0.5)
print("euclidean %.4f" % float(jnp.sum((x - y) ** 2)))
for g in (1.0, 0.1, 0.01):
    print(f"soft-dtw gamma={g}: {float(jax.jit(soft_dtw, static_argnums=2)(x, y, g)):.4f}")
D = (x[:, None] - y[None, :]) ** 2
align = jax.grad(soft_dtw_cost)(D, 0.01)
print("alignment row sums", jnp.round(align.sum(1)[:8], 2))
print("alignment path length %.2f" % float(align.sum()))

series = jnp.stack([jnp.sin(t - s) for s in (0.0, 0.3, 0.6, 0.9)])
loss = lambda z: jnp.mean(jax.vmap(lambda s: soft_dtw(z, s, 0.1))(series))
z = jnp.zeros_like(t)
step = jax.jit(lambda z: z - 0.05 * jax.grad(loss)(z))
print("barycentre loss start %.4f" % float(loss(z)))
for _ in range(100):
    z = step(z)
print("barycentre loss end %.4f" % float(loss(z)))
print("barycentre", jnp.round(z[::4], 2))
