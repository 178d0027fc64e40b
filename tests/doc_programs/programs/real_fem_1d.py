# A 1D finite-element solver for -(k(x) u')' = f on [0, 1] with Dirichlet ends: linear
# elements, element stiffness matrices assembled into the global matrix by .at[].add with
# index arrays, the load vector by 2-point Gauss quadrature, the solve, the error against the
# exact solution under mesh refinement, and the gradient of a compliance with respect to k
import jax
import jax.numpy as jnp
import numpy as np


def assemble(n, kappa, f):
    nodes = jnp.linspace(0.0, 1.0, n + 1)
    h = nodes[1:] - nodes[:-1]
    ke = (kappa / h)[:, None, None] * jnp.array([[1.0, -1.0], [-1.0, 1.0]])
    conn = jnp.stack([jnp.arange(n), jnp.arange(1, n + 1)], 1)
    K = jnp.zeros((n + 1, n + 1)).at[conn[:, :, None], conn[:, None, :]].add(ke)
    gp = jnp.array([-1.0, 1.0]) / jnp.sqrt(3.0)
    xq = 0.5 * (nodes[:-1, None] + nodes[1:, None]) + 0.5 * h[:, None] * gp[None, :]
    phi = jnp.stack([(1 - gp) / 2, (1 + gp) / 2], 1)
    fe = 0.5 * h[:, None] * (f(xq) @ phi)
    F = jnp.zeros(n + 1).at[conn].add(fe)
    return nodes, K, F


def solve(n, kappa, f):
    nodes, K, F = assemble(n, kappa, f)
    inner = jnp.arange(1, n)
    u_in = jnp.linalg.solve(K[1:-1, 1:-1], F[1:-1])
    return nodes, jnp.zeros(n + 1).at[inner].set(u_in), K, F


f = lambda x: jnp.pi**2 * jnp.sin(jnp.pi * x)
for n in (4, 8, 16, 32):
    nodes, u, K, F = jax.jit(solve, static_argnums=(0, 2))(n, jnp.ones(n), f)
    err = jnp.max(jnp.abs(u - jnp.sin(jnp.pi * nodes)))
    print(f"n={n:2d} max nodal err {float(err):.3e}")
print("K symmetric", bool(jnp.allclose(K, K.T)), "row sums zero", bool(jnp.allclose(K.sum(1), 0, atol=1e-3)))
print("K band", jnp.round(K[:3, :4], 2))


def compliance(log_k):
    n = log_k.shape[0]
    _, u, _, F = solve(n, jnp.exp(log_k), lambda x: jnp.ones_like(x))
    return F @ u


log_k = jnp.zeros(16)
c, g = jax.value_and_grad(compliance)(log_k)
print("compliance %.5f" % float(c))
print("dC/dlogk", jnp.round(g[:8], 5))
print("symmetric sensitivity", bool(jnp.allclose(g, g[::-1], atol=1e-5)))
for it in range(20):
    g = jax.grad(compliance)(log_k)
    log_k = log_k - 5.0 * (g - g.mean())
print("optimised compliance %.5f" % float(compliance(log_k)), "k profile", jnp.round(jnp.exp(log_k[::4]), 3))
