# Entropic optimal transport: log-domain Sinkhorn iterations in lax.fori_loop and lax.while_loop
# with a tolerance, the transport plan's marginals, gradients of the regularized cost with
# respect to point positions (unrolled), and a vmapped batch of problems
import jax
import jax.numpy as jnp
from jax import lax, random
from jax.scipy.special import logsumexp


def cost_matrix(x, y):
    return jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, -1)


def sinkhorn(a, b, C, eps=0.1, iters=200):
    log_a, log_b = jnp.log(a), jnp.log(b)

    def body(_, fg):
        f, g = fg
        f = eps * (log_a - logsumexp((g[None, :] - C) / eps, axis=1))
        g = eps * (log_b - logsumexp((f[:, None] - C) / eps, axis=0))
        return f, g

    f, g = lax.fori_loop(0, iters, body, (jnp.zeros_like(a), jnp.zeros_like(b)))
    P = jnp.exp((f[:, None] + g[None, :] - C) / eps)
    return P, jnp.sum(P * C)


def sinkhorn_tol(a, b, C, eps=0.1, tol=1e-6):
    log_a, log_b = jnp.log(a), jnp.log(b)

    def cond(state):
        f, g, err, n = state
        return (err > tol) & (n < 1000)

    def body(state):
        f, g, _, n = state
        f_new = eps * (log_a - logsumexp((g[None, :] - C) / eps, axis=1))
        g_new = eps * (log_b - logsumexp((f_new[:, None] - C) / eps, axis=0))
        return f_new, g_new, jnp.max(jnp.abs(f_new - f)), n + 1

    f, g, err, n = lax.while_loop(cond, body, (jnp.zeros_like(a), jnp.zeros_like(b), jnp.inf, 0))
    return jnp.exp((f[:, None] + g[None, :] - C) / eps), n


kx, ky = random.split(random.key(0))
x = random.normal(kx, (5, 2))
y = random.normal(ky, (6, 2)) + 1.0
a = jnp.ones(5) / 5
b = jnp.ones(6) / 6
C = cost_matrix(x, y)
P, cost = jax.jit(sinkhorn)(a, b, C)
print(P.shape, jnp.allclose(P.sum(1), a, atol=1e-4), jnp.allclose(P.sum(0), b, atol=1e-4))
print("cost", cost)
P2, n = jax.jit(sinkhorn_tol)(a, b, C)
print("iterations > 1:", n > 1, jnp.allclose(P, P2, atol=1e-4))
gx = jax.grad(lambda x: sinkhorn(a, b, cost_matrix(x, y), iters=100)[1])(x)
print("grad", gx.shape, jnp.round(gx[0], 3))
batch_x = random.normal(kx, (3, 5, 2))
costs = jax.vmap(lambda xx: sinkhorn(a, b, cost_matrix(xx, y), iters=100)[1])(batch_x)
print("batched", costs.shape, jnp.round(costs, 3))
print(jnp.argmax(P, axis=1))
