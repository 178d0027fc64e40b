# Natural cubic spline interpolation: the second-derivative system assembled as a
# tridiagonal matrix and solved by jnp.linalg.solve, evaluation by jnp.searchsorted and
# per-interval cubic formulas, derivatives by jax.grad / vmap checked against the analytic
# spline derivative, and comparison with jnp.interp
import jax
import jax.numpy as jnp
import numpy as np

xk = jnp.array([0.0, 0.7, 1.5, 2.2, 3.0, 4.1, 5.0, 6.3])
yk = jnp.sin(xk) + 0.1 * xk


def spline_coeffs(x, y):
    h = jnp.diff(x)
    n = x.shape[0]
    A = jnp.zeros((n, n)).at[0, 0].set(1.0).at[-1, -1].set(1.0)
    i = jnp.arange(1, n - 1)
    A = A.at[i, i - 1].set(h[:-1]).at[i, i].set(2 * (h[:-1] + h[1:])).at[i, i + 1].set(h[1:])
    rhs = jnp.zeros(n).at[i].set(6 * ((y[2:] - y[1:-1]) / h[1:] - (y[1:-1] - y[:-2]) / h[:-1]))
    return jnp.linalg.solve(A, rhs)


def spline_eval(x, y, M, t):
    j = jnp.clip(jnp.searchsorted(x, t, side="right") - 1, 0, x.shape[0] - 2)
    h = x[j + 1] - x[j]
    a, b = (x[j + 1] - t) / h, (t - x[j]) / h
    return a * y[j] + b * y[j + 1] + ((a**3 - a) * M[j] + (b**3 - b) * M[j + 1]) * h**2 / 6


M = jax.jit(spline_coeffs)(xk, yk)
print("second derivatives", jnp.round(M, 4))
print("natural ends", float(M[0]), float(M[-1]))
t = jnp.linspace(0.0, 6.3, 11)
s = spline_eval(xk, yk, M, t)
print("spline", jnp.round(s, 4))
print("interpolates knots", bool(jnp.allclose(spline_eval(xk, yk, M, xk), yk, atol=1e-5)))
truth = jnp.sin(t) + 0.1 * t
print("max err spline %.4f linear %.4f" % (float(jnp.max(jnp.abs(s - truth))), float(jnp.max(jnp.abs(jnp.interp(t, xk, yk) - truth)))))
ds = jax.vmap(jax.grad(lambda u: spline_eval(xk, yk, M, u)))(t[1:-1])
print("derivative", jnp.round(ds, 4))
d2 = jax.vmap(jax.grad(jax.grad(lambda u: spline_eval(xk, yk, M, u))))(xk[1:-1] + 1e-3)
print("second derivative near knots", jnp.round(d2, 3))


def smooth_loss(y):
    M = spline_coeffs(xk, y)
    return jnp.sum(M**2)


g = jax.grad(smooth_loss)(yk)
print("grad of roughness wrt values", jnp.round(g, 3))
batch = jnp.stack([yk, 2 * yk, yk**2])
Ms = jax.vmap(spline_coeffs, (None, 0))(xk, batch)
print("batched", Ms.shape, bool(jnp.allclose(Ms[1], 2 * M, atol=1e-4)))
print("searchsorted", jnp.searchsorted(xk, jnp.array([-1.0, 0.0, 3.0, 7.0]), side="right"))
