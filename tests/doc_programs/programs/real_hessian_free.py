# Hessian-free (truncated Newton) optimisation: Hessian-vector products by forward-over-
# reverse jvp(grad), conjugate gradients on the damped Gauss-Newton system in a fori_loop, a
# backtracking line search, on a small classifier; plus the Hessian's spectrum by Lanczos-
# free power iteration and a check of the HVP against the full hessian
import jax
import jax.numpy as jnp
import numpy as np
from jax.flatten_util import ravel_pytree

rng = np.random.default_rng(12)
X = jnp.asarray(rng.normal(size=(100, 4)), jnp.float32)
y = (jnp.sin(X[:, 0]) + X[:, 1] * X[:, 2] > 0).astype(jnp.float32)
params = {"w1": jnp.asarray(rng.normal(size=(4, 8)) * 0.5, jnp.float32), "b1": jnp.zeros(8), "w2": jnp.asarray(rng.normal(size=(8,)) * 0.5, jnp.float32), "b2": jnp.zeros(())}
flat0, unravel = ravel_pytree(params)
print("num params", flat0.shape[0])


def loss(flat):
    p = unravel(flat)
    logit = jnp.tanh(X @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]
    return jnp.mean(jax.nn.softplus(logit) - y * logit) + 1e-3 * jnp.sum(flat**2)


def hvp(flat, v):
    return jax.jvp(jax.grad(loss), (flat,), (v,))[1]


H = jax.hessian(loss)(flat0)
v = jnp.asarray(rng.normal(size=flat0.shape), jnp.float32)
print("hvp matches hessian", bool(jnp.allclose(hvp(flat0, v), H @ v, atol=1e-4)))
print("symmetric", bool(jnp.allclose(H, H.T, atol=1e-5)))


def cg(Av, b, iters=20):
    def body(_, st):
        x, r, p, rs = st
        ap = Av(p)
        alpha = rs / (p @ ap)
        x, r = x + alpha * p, r - alpha * ap
        rs2 = r @ r
        return x, r, r + rs2 / rs * p, rs2

    return jax.lax.fori_loop(0, iters, body, (jnp.zeros_like(b), b, b, b @ b))[0]


@jax.jit
def newton_step(flat, damping):
    g = jax.grad(loss)(flat)
    d = cg(lambda u: hvp(flat, u) + damping * u, -g)

    def ls_cond(t):
        return (loss(flat + t * d) > loss(flat) + 1e-4 * t * (g @ d)) & (t > 1e-3)

    t = jax.lax.while_loop(ls_cond, lambda t: t * 0.5, 1.0)
    return flat + t * d, loss(flat), jnp.linalg.norm(g), t


flat = flat0
for i in range(8):
    flat, l, gn, t = newton_step(flat, 1e-2)
    print(f"iter {i} loss {float(l):.5f} |g| {float(gn):.5f} step {float(t):.3f}")


def power_iteration(flat, iters=50):
    def body(_, v):
        w = hvp(flat, v)
        return w / jnp.linalg.norm(w)

    v = jax.lax.fori_loop(0, iters, body, jnp.ones_like(flat) / jnp.sqrt(flat.shape[0]))
    return v @ hvp(flat, v)


top = jax.jit(power_iteration)(flat)
eig = jnp.linalg.eigvalsh(jax.hessian(loss)(flat))
print("top eigenvalue %.4f vs eigvalsh %.4f" % (top, eig[-1]))
print("min eigenvalue positive", bool(eig[0] > 0))
print("accuracy", float(jnp.mean(((jnp.tanh(X @ unravel(flat)["w1"] + unravel(flat)["b1"]) @ unravel(flat)["w2"] + unravel(flat)["b2"]) > 0) == (y > 0))))
