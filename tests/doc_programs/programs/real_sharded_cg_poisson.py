# A 1-D Poisson problem solved by conjugate gradients inside shard_map on 8 devices: the grid
# split over the devices, the matrix-free Laplacian's halos exchanged with ppermute, dot products
# psum'd, the loop a lax.while_loop on the global residual; checked against a dense
# jnp.linalg.solve and against the same CG run under plain jit with a sharded input
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
N = 128
h = 1.0 / (N + 1)
xs = jnp.linspace(h, 1 - h, N)
f = jnp.sin(jnp.pi * xs) * jnp.pi**2 + 2.0
exact = jnp.sin(jnp.pi * xs) + xs * (1 - xs)
perm_right = [(i, (i + 1) % 8) for i in range(8)]
perm_left = [(i, (i - 1) % 8) for i in range(8)]


def laplacian_local(u):
    idx = jax.lax.axis_index("x")
    from_left = jax.lax.ppermute(u[-1:], "x", perm_right)  # neighbour's last value
    from_right = jax.lax.ppermute(u[:1], "x", perm_left)
    from_left = jnp.where(idx == 0, 0.0, from_left)
    from_right = jnp.where(idx == 7, 0.0, from_right)
    padded = jnp.concatenate([from_left, u, from_right])
    return (2 * padded[1:-1] - padded[:-2] - padded[2:]) / h**2


def pdot(a, b):
    return jax.lax.psum(jnp.dot(a, b), "x")


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("x"), out_specs=(P("x"), P()))
def cg(b):
    x = jnp.zeros_like(b)
    r = b - laplacian_local(x)
    p = r
    rs = pdot(r, r)

    def cond(s):
        return (jnp.sqrt(s[3]) > 1e-5) & (s[4] < 500)

    def body(s):
        x, r, p, rs, k = s
        Ap = laplacian_local(p)
        alpha = rs / pdot(p, Ap)
        x = x + alpha * p
        r = r - alpha * Ap
        rs_new = pdot(r, r)
        p = r + (rs_new / rs) * p
        return x, r, p, rs_new, k + 1

    x, r, p, rs, k = jax.lax.while_loop(cond, body, (x, r, p, rs, 0))
    return x, k


fs = jax.device_put(f, NamedSharding(mesh, P("x")))
u, iters = cg(fs)
print("solution sharding:", u.sharding.spec, "iterations:", int(iters), "<= N:", bool(iters <= N))
A = (2 * jnp.eye(N) - jnp.eye(N, k=1) - jnp.eye(N, k=-1)) / h**2
u_dense = jnp.linalg.solve(A, f)
print("max |cg - dense|:", float(jnp.max(jnp.abs(u - u_dense))) < 1e-3)
print("max discretisation error:", round(float(jnp.max(jnp.abs(u - exact))), 5))
print("u at quarter points:", jnp.round(u[jnp.array([31, 63, 95])], 4))


@jax.jit
def cg_global(b):
    def matvec(v):
        vp = jnp.pad(v, 1)
        return (2 * vp[1:-1] - vp[:-2] - vp[2:]) / h**2

    x, _ = jax.scipy.sparse.linalg.cg(matvec, b, tol=1e-8, maxiter=500)
    return x


u2 = cg_global(fs)
print("jit cg agrees:", bool(jnp.allclose(u, u2, atol=1e-3)), "sharding kept:", u2.sharding.spec)
residual = jnp.linalg.norm(A @ u - f) / jnp.linalg.norm(f)
print("relative residual small:", bool(residual < 1e-4))
