# A geometric multigrid V-cycle for the 2-D Poisson equation: weighted-Jacobi smoothing, full-
# weighting restriction by a strided convolution, bilinear prolongation, recursion over levels
# unrolled in Python inside jit, residual reduction factors per cycle, compared with a plain
# Jacobi solve and with the exact discrete solution from the sine-series eigen-decomposition
import jax
import jax.numpy as jnp
import numpy as np

N = 63


def laplacian(u, h):
    up = jnp.pad(u, 1)
    return (up[:-2, 1:-1] + up[2:, 1:-1] + up[1:-1, :-2] + up[1:-1, 2:] - 4 * u) / h**2


def jacobi(u, f, h, iters, w=0.8):
    def body(i, u):
        up = jnp.pad(u, 1)
        nb = up[:-2, 1:-1] + up[2:, 1:-1] + up[1:-1, :-2] + up[1:-1, 2:]
        return (1 - w) * u + w * (nb - h**2 * f) / 4

    return jax.lax.fori_loop(0, iters, body, u)


def restrict(r):
    kernel = jnp.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]], r.dtype) / 16
    return jax.lax.conv_general_dilated(r[None, None], kernel[None, None], (2, 2), "VALID")[0, 0]


def prolong(e, n_fine):
    out = jnp.zeros((n_fine, n_fine), e.dtype)
    out = out.at[1::2, 1::2].set(e)
    ep = jnp.pad(e, 1)
    out = out.at[0::2, 1::2].set(0.5 * (ep[:-1, 1:-1] + ep[1:, 1:-1]))
    out = out.at[1::2, 0::2].set(0.5 * (ep[1:-1, :-1] + ep[1:-1, 1:]))
    out = out.at[0::2, 0::2].set(0.25 * (ep[:-1, :-1] + ep[1:, :-1] + ep[:-1, 1:] + ep[1:, 1:]))
    return out


def v_cycle(u, f, h):
    n = u.shape[0]
    if n <= 3:
        return jacobi(u, f, h, 50)
    u = jacobi(u, f, h, 3)
    r = f - laplacian(u, h)
    rc = restrict(r)
    ec = v_cycle(jnp.zeros_like(rc), rc, 2 * h)
    u = u + prolong(ec, n)
    return jacobi(u, f, h, 3)


h = 1.0 / (N + 1)
xs = jnp.arange(1, N + 1) * h
X, Y = jnp.meshgrid(xs, xs, indexing="ij")
f = -2 * jnp.pi**2 * jnp.sin(jnp.pi * X) * jnp.sin(jnp.pi * Y) - 50 * jnp.exp(-50 * ((X - 0.3) ** 2 + (Y - 0.6) ** 2))
print(restrict(jnp.ones((N, N))).shape, prolong(jnp.ones((31, 31)), N).shape)

j = jnp.arange(1, N + 1)
S = jnp.sqrt(2.0 / (N + 1)) * jnp.sin(jnp.pi * j[:, None] * j[None] / (N + 1))
lam = (2 * jnp.cos(jnp.pi * j / (N + 1)) - 2) / h**2
exact = S @ ((S @ f @ S) / (lam[:, None] + lam[None])) @ S
print("exact residual", float(jnp.max(jnp.abs(laplacian(exact, h) - f))) < 1e-2)

vc = jax.jit(v_cycle)
u = jnp.zeros((N, N))
norms = [float(jnp.linalg.norm(f - laplacian(u, h)))]
for c in range(8):
    u = vc(u, f, h)
    norms.append(float(jnp.linalg.norm(f - laplacian(u, h))))
factors = np.array(norms[1:]) / np.array(norms[:-1])
print("reduction factors < 0.2:", bool(np.all(factors[:6] < 0.2)))
print("error vs exact", float(jnp.max(jnp.abs(u - exact))) < 1e-4)
uj = jax.jit(jacobi, static_argnums=3)(jnp.zeros((N, N)), f, h, 200)
print("jacobi 200 error", round(float(jnp.max(jnp.abs(uj - exact))), 3), "multigrid better", bool(jnp.max(jnp.abs(uj - exact)) > 100 * jnp.max(jnp.abs(u - exact))))
print("u center", round(float(u[N // 2, N // 2]), 4), round(float(exact[N // 2, N // 2]), 4))
