# Entropic optimal transport: log-domain Sinkhorn iterations in a while_loop until the marginal
# error falls below a tolerance, the same iterations unrolled by fori_loop for gradients with
# respect to the point positions (a Sinkhorn-divergence flow), and a 1-D Wasserstein barycenter
import jax
import jax.numpy as jnp
from jax import lax, random
from jax.scipy.special import logsumexp


def cost(x, y):
    return jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, -1)


def sinkhorn_while(a, b, C, eps=0.05, tol=1e-6, max_iter=2000):
    loga, logb = jnp.log(a), jnp.log(b)

    def update(f):
        g = eps * (logb - logsumexp((f[:, None] - C) / eps, axis=0))
        f = eps * (loga - logsumexp((g[None, :] - C) / eps, axis=1))
        return f, g

    def cond(state):
        _, _, err, it = state
        return (err > tol) & (it < max_iter)

    def body(state):
        f, _, _, it = state
        f, g = update(f)
        P = jnp.exp((f[:, None] + g[None, :] - C) / eps)
        return f, g, jnp.sum(jnp.abs(P.sum(0) - b)), it + 1

    f0 = jnp.zeros_like(a)
    f, g, err, it = lax.while_loop(cond, body, (f0, jnp.zeros_like(b), jnp.inf, 0))
    return jnp.exp((f[:, None] + g[None, :] - C) / eps), err, it


def sinkhorn_cost(x, y, eps=0.1, iters=100):
    a = jnp.full(x.shape[0], 1.0 / x.shape[0])
    b = jnp.full(y.shape[0], 1.0 / y.shape[0])
    C = cost(x, y)

    def body(_, fg):
        f, g = fg
        g = eps * (jnp.log(b) - logsumexp((f[:, None] - C) / eps, axis=0))
        f = eps * (jnp.log(a) - logsumexp((g[None, :] - C) / eps, axis=1))
        return f, g

    f, g = lax.fori_loop(0, iters, body, (jnp.zeros_like(a), jnp.zeros_like(b)))
    P = jnp.exp((f[:, None] + g[None, :] - C) / eps)
    return jnp.sum(P * C)


key = random.key(8)
kx, ky = random.split(key)
x = random.normal(kx, (20, 2))
y = random.normal(ky, (25, 2)) * 0.5 + jnp.array([3.0, 1.0])
a, b = jnp.full(20, 1 / 20), jnp.full(25, 1 / 25)
P, err, it = jax.jit(sinkhorn_while)(a, b, cost(x, y) / cost(x, y).max())
print(P.shape, bool(err <= 1e-6), it.dtype, bool(it > 5))
print("marginals", bool(jnp.allclose(P.sum(1), a, atol=1e-5)), bool(jnp.allclose(P.sum(0), b, atol=1e-5)))

loss_grad = jax.jit(jax.value_and_grad(sinkhorn_cost))
pts = x
first, _ = loss_grad(pts, y)
for i in range(60):
    l, g = loss_grad(pts, y)
    pts = pts - 0.5 * g * pts.shape[0]
print(round(float(first), 3), "flow moves points", bool(l < 0.3 * first), g.shape)
print("centroid near target", bool(jnp.linalg.norm(pts.mean(0) - y.mean(0)) < 0.3))

grid = jnp.linspace(0, 1, 40)[:, None]
gauss = lambda m, s: jax.nn.softmax(-((grid[:, 0] - m) ** 2) / (2 * s * s))
hists = jnp.stack([gauss(0.2, 0.05), gauss(0.8, 0.05)])
C = cost(grid, grid)


def barycenter(hists, weights, eps=0.03, iters=200):
    K = jnp.exp(-C / eps)

    def body(_, v):
        u = hists / (v @ K.T)
        Ktu = u @ K
        bary = jnp.exp(jnp.sum(weights[:, None] * jnp.log(Ktu), 0))
        return bary[None] / Ktu

    v = lax.fori_loop(0, iters, body, jnp.ones_like(hists))
    u = hists / (v @ K.T)
    return v[0] * (u[0] @ K)


bary = jax.jit(barycenter)(hists, jnp.array([0.5, 0.5]))
print(bary.shape, "mass", round(float(bary.sum()), 2), "peak near middle", bool(jnp.abs(grid[jnp.argmax(bary), 0] - 0.5) < 0.1))
eqns = jax.make_jaxpr(sinkhorn_while)(a, b, cost(x, y)).jaxpr.eqns
print([e.primitive.name for e in eqns if e.primitive.name == "while"])
