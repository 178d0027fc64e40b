# Second-order optimization of a small regression net: Hessian-vector products by jvp of grad
# on flattened params (ravel_pytree), Gauss-Newton products by jvp / vjp of the model,
# conjugate gradient by lax.while_loop and by jax.scipy.sparse.linalg.cg, damped
# Newton-CG steps, and the full Hessian from jax.hessian checked against the HVPs
import jax
import jax.numpy as jnp
from jax import lax
from jax.flatten_util import ravel_pytree
from jax.scipy.sparse.linalg import cg

key = jax.random.key(0)
k1, k2, kx = jax.random.split(key, 3)
params = {"w1": jax.random.normal(k1, (2, 6)) * 0.5, "b1": jnp.zeros(6), "w2": jax.random.normal(k2, (6, 1)) * 0.5}
x = jax.random.normal(kx, (32, 2))
y = jnp.sin(x[:, :1] * 2) * jnp.cos(x[:, 1:])
flat, unravel = ravel_pytree(params)
print(flat.shape, flat.dtype)


def model(p, x):
    return jnp.tanh(x @ p["w1"] + p["b1"]) @ p["w2"]


def loss_flat(f):
    return 0.5 * jnp.mean((model(unravel(f), x) - y) ** 2)


def hvp(f, v):
    return jax.jvp(jax.grad(loss_flat), (f,), (v,))[1]


def gnvp(f, v):
    out_fn = lambda f: model(unravel(f), x)
    _, jv = jax.jvp(out_fn, (f,), (v,))
    _, vjp = jax.vjp(out_fn, f)
    return vjp(jv / x.shape[0])[0]


H = jax.hessian(loss_flat)(flat)
v = jnp.arange(flat.size, dtype=jnp.float32) / flat.size
print(H.shape, jnp.allclose(H @ v, hvp(flat, v), atol=1e-5), jnp.allclose(H, H.T, atol=1e-5))


def cg_loop(A, b, iters=50, tol=1e-8):
    def cond(s):
        x, r, p, rs, i = s
        return (rs > tol) & (i < iters)

    def body(s):
        x, r, p, rs, i = s
        Ap = A(p)
        alpha = rs / (p @ Ap)
        x = x + alpha * p
        r = r - alpha * Ap
        rs_new = r @ r
        p = r + (rs_new / rs) * p
        return x, r, p, rs_new, i + 1

    x0 = jnp.zeros_like(b)
    out = lax.while_loop(cond, body, (x0, b, b, b @ b, 0))
    return out[0], out[4]


@jax.jit
def newton_cg_step(f, damping=1e-2):
    g = jax.grad(loss_flat)(f)
    A = lambda v: gnvp(f, v) + damping * v
    d, iters = cg_loop(A, -g)
    d2, _ = cg(A, -g, maxiter=50, tol=1e-6)
    return f + d, iters, jnp.linalg.norm(d - d2) / jnp.linalg.norm(d)


f = flat
print(loss_flat(f))
for i in range(5):
    f, iters, rel = newton_cg_step(f)
    print(i, loss_flat(f), iters > 0, rel < 1e-2)
print(jax.tree.map(jnp.shape, unravel(f)))
print(jnp.allclose(gnvp(f, v), jax.jacfwd(lambda f: model(unravel(f), x))(f).reshape(32, -1).T @ (jax.jacfwd(lambda f: model(unravel(f), x))(f).reshape(32, -1) @ v) / 32, atol=1e-5))
eigs = jnp.linalg.eigvalsh(H)
print(eigs.shape, eigs.dtype)
