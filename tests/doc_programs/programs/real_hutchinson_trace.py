# Stochastic trace estimation of a network's Hessian and Jacobian: Hutchinson's estimator with
# Rademacher probes through Hessian-vector products (jvp of grad), Hutch++ with a sketched range
# (QR of H @ S), the Jacobian trace of a square map by vjp and by linearize, and the exact
# values by jax.hessian / jax.jacfwd for comparison
from functools import partial

import jax
import jax.numpy as jnp

D, H = 6, 16
k_w1, k_w2, k_x, k_probe, k_s = jax.random.split(jax.random.key(42), 5)
params = {
    "w1": jax.random.normal(k_w1, (D, H)) / jnp.sqrt(D),
    "w2": jax.random.normal(k_w2, (H,)) / jnp.sqrt(H),
}
x0 = jax.random.normal(k_x, (D,))


def energy(x):
    h = jnp.tanh(x @ params["w1"])
    return h @ params["w2"] + 0.1 * jnp.sum(x**2)


def hvp(f, x, v):
    return jax.jvp(jax.grad(f), (x,), (v,))[1]


exact = jnp.trace(jax.hessian(energy)(x0))
print("exact Hessian trace:", round(float(exact), 5))


@partial(jax.jit, static_argnames="num")
def hutchinson(x, key, num):
    probes = jax.random.rademacher(key, (num, D), dtype=jnp.float32)
    quad = jax.vmap(lambda v: v @ hvp(energy, x, v))(probes)
    return quad.mean(), quad.std()


for num in (4, 64, 1024):
    est, spread = hutchinson(x0, k_probe, num)
    print(f"hutchinson n={num:5d}: {float(est):.4f} (probe std {float(spread):.4f})")


@partial(jax.jit, static_argnames="m")
def hutch_pp(x, key, m):
    k1, k2 = jax.random.split(key)
    S = jax.random.rademacher(k1, (D, m // 3), dtype=jnp.float32)
    G = jax.random.rademacher(k2, (D, m // 3), dtype=jnp.float32)
    HS = jax.vmap(lambda v: hvp(energy, x, v), in_axes=1, out_axes=1)(S)
    Q, _ = jnp.linalg.qr(HS)
    HQ = jax.vmap(lambda v: hvp(energy, x, v), in_axes=1, out_axes=1)(Q)
    G_perp = G - Q @ (Q.T @ G)
    HG = jax.vmap(lambda v: hvp(energy, x, v), in_axes=1, out_axes=1)(G_perp)
    return jnp.trace(Q.T @ HQ) + jnp.trace(G_perp.T @ HG) * 3 / m


print("hutch++ m=6:", round(float(hutch_pp(x0, k_s, m=6)), 4))
print("hutch++ m=18 (full rank):", round(float(hutch_pp(x0, k_s, m=18)), 4))

W = jax.random.normal(k_w2, (D, D)) * 0.4


def flow(x):
    return jnp.tanh(W @ x) + 0.5 * x


J = jax.jacfwd(flow)(x0)
print("exact Jacobian trace:", round(float(jnp.trace(J)), 5))
_, pullback = jax.vjp(flow, x0)
probes = jax.random.normal(k_probe, (256, D))
vjp_est = jnp.mean(jax.vmap(lambda v: pullback(v)[0] @ v)(probes))
_, pushforward = jax.linearize(flow, x0)
jvp_est = jnp.mean(jax.vmap(lambda v: v @ pushforward(v))(probes))
print("vjp estimate:", round(float(vjp_est), 4), "| jvp estimate:", round(float(jvp_est), 4))
print("estimates agree:", bool(jnp.allclose(vjp_est, jvp_est, atol=1e-4)))

# Divergence along a trajectory: the continuous normalising flow's log-density change
def step(carry, key):
    x, logdet = carry
    v = jax.random.rademacher(key, (D,), dtype=jnp.float32)
    _, f_jvp = jax.jvp(flow, (x,), (v,))
    div = v @ f_jvp
    return (x + 0.05 * flow(x), logdet - 0.05 * div), div


(xT, logdet), divs = jax.lax.scan(step, (x0, 0.0), jax.random.split(k_s, 20))
print("final state norm:", round(float(jnp.linalg.norm(xT)), 4))
print("log-det change:", round(float(logdet), 4), "divergence samples:", divs.shape, divs.dtype)
