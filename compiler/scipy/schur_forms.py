"""jax.scipy.linalg's functions over the Schur and Hessenberg forms (compiler/lax/condensed.py):
`schur`, `rsf2csf`, `hessenberg`, `sqrtm`, `funm` and `solve_sylvester`, computed as JAX does
(each jitted as in JAX, so the numbers are JAX's)."""

from __future__ import annotations

import functools

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.batching.vectorize import vectorize
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.jit.api import jit
from meshjit.compiler.lax import condensed
from meshjit.compiler.lax import linalg as lax_linalg
from meshjit.compiler.numpy import linalg as jnp_linalg
from meshjit.compiler.numpy.util import promote_inexact

__all__ = ["funm", "hessenberg", "rsf2csf", "schur", "solve_sylvester", "sqrtm"]

_HIGHEST = lax.Precision.HIGHEST


def _complex(x):
    return x.astype(dtypes.complex_dtype(x.dtype)) if not dtypes.is_complex(x.dtype) else x


@functools.partial(jit, static_argnames=("output",))
def _schur(a, output):
    return condensed.schur(_complex(a) if output == "complex" else a)


def schur(a, output: str = "real"):
    """(T, Z) with A = Z T Z^H: T quasi-upper-triangular ("real") or upper-triangular
    ("complex")."""
    if output not in ("real", "complex"):
        raise MeshjitValueError(
            f"Expected 'output' to be either 'real' or 'complex', got {output=}."
        )
    return _schur(jnp.asarray(a), output)


def _givens_step(m, t, z):
    """Zeroes t[m, m-1] with a complex rotation of rows and columns m-1, m (and z's columns)."""
    n = t.shape[0]
    mu = jnp_linalg.eigvals(lax.dynamic_slice(t, (m - 1, m - 1), (2, 2))) - t[m, m]
    r = jnp_linalg.norm(jnp.array([mu[0], t[m, m - 1]])).astype(t.dtype)
    c, s = mu[0] / r, t[m, m - 1] / r
    g = jnp.array([[c.conj(), s], [-s, c]], dtype=t.dtype)
    rows = lax.dynamic_slice_in_dim(t, m - 1, 2, axis=0)
    col_mask = jnp.arange(n) >= m - 1
    rows = jnp.where(~col_mask, rows, g @ jnp.where(col_mask, rows, 0))
    t = lax.dynamic_update_slice_in_dim(t, rows, m - 1, axis=0)
    cols = lax.dynamic_slice_in_dim(t, m - 1, 2, axis=1)
    row_mask = jnp.arange(n)[:, np.newaxis] < m + 1
    cols = jnp.where(~row_mask, cols, jnp.where(row_mask, cols, 0) @ g.conj().T)
    t = lax.dynamic_update_slice_in_dim(t, cols, m - 1, axis=1)
    z_cols = lax.dynamic_slice_in_dim(z, m - 1, 2, axis=1)
    z = lax.dynamic_update_slice_in_dim(z, z_cols @ g.conj().T, m - 1, axis=1)
    return t, z


@jit
def _rsf2csf_2d(t, z):
    t, z = _complex(t), _complex(z)
    dtype = np.result_type(t.dtype, z.dtype)
    t, z = t.astype(dtype), z.astype(dtype)
    eps = jnp.finfo(t.dtype).eps
    n = t.shape[0]
    if n == 1:
        return t, z

    def step(i, tz):
        m = n - i
        t, z = tz
        big = jnp.abs(t[m, m - 1]) > eps * (jnp.abs(t[m - 1, m - 1]) + jnp.abs(t[m, m]))
        t, z = lax.cond(big, _givens_step, lambda m, t, z: (t, z), m, t, z)
        return t.at[m, m - 1].set(0.0), z

    return lax.fori_loop(1, n, step, (t, z))


def rsf2csf(T, Z, check_finite: bool = True):
    """The complex Schur form (T, Z) of a real Schur form (as scipy.linalg.rsf2csf)."""
    t, z = jnp.asarray(T), jnp.asarray(Z)
    if t.ndim < 2 or t.shape[-1] != t.shape[-2]:
        raise MeshjitValueError("Input 'T' must be square.")
    if z.ndim < 2 or z.shape[-1] != z.shape[-2]:
        raise MeshjitValueError("Input 'Z' must be square.")
    if t.shape[-1] != z.shape[-1]:
        raise MeshjitValueError(f"Input array shapes must match: Z: {z.shape} vs. T: {t.shape}")
    return vectorize(_rsf2csf_2d, signature="(n,n),(n,n)->(n,n),(n,n)")(t, z)


@functools.partial(jit, static_argnames=("calc_q",))
def _hessenberg(a, calc_q):
    n = a.shape[-1]
    if n == 0:
        return (jnp.zeros_like(a), jnp.zeros_like(a)) if calc_q else jnp.zeros_like(a)
    a_out, taus = condensed.hessenberg(a)
    h = jnp.triu(a_out, -1)
    if not calc_q:
        return h
    q = lax_linalg.householder_product(a_out[..., 1:, :-1], taus)
    batch = a_out.shape[:-2]
    dtype = a_out.dtype
    q = jnp.block(
        [
            [jnp.ones(batch + (1, 1), dtype), jnp.zeros(batch + (1, n - 1), dtype)],
            [jnp.zeros(batch + (n - 1, 1), dtype), q],
        ]
    )
    return h, q


def hessenberg(a, *, calc_q: bool = False, overwrite_a: bool = False, check_finite: bool = True):
    """H (and Q with `calc_q`) with A = Q H Q^H, H zero below its first subdiagonal."""
    return _hessenberg(jnp.asarray(a), bool(calc_q))


@jit
def _sqrtm_triu(t):
    """Björck and Hammarling's recurrence for the square root of an upper-triangular `t`."""
    diag = jnp.sqrt(jnp.diag(t))
    n = diag.size

    def i_step(k, data):
        j, u = data
        i = j - 1 - k
        s = lax.fori_loop(i + 1, j, lambda k, v: v + u[i, k] * u[k, j], 0.0)
        value = jnp.where(t[i, j] == s, 0.0, (t[i, j] - s) / (diag[i] + diag[j]))
        return j, u.at[i, j].set(value)

    def j_step(j, u):
        return lax.fori_loop(0, j, i_step, (j, u))[1]

    return lax.fori_loop(0, n, j_step, jnp.diag(diag))


@jit
def _sqrtm(a):
    t, z = schur(a, output="complex")
    root = jnp.matmul(z, _sqrtm_triu(t), precision=_HIGHEST)
    return jnp.matmul(root, jnp.conj(z.T), precision=_HIGHEST)


def sqrtm(A, blocksize: int = 1):
    """The matrix square root of `A` (N, N), by the complex Schur method (complex result)."""
    if blocksize > 1:
        raise MeshjitNotImplementedError("Blocked version is not implemented yet.")
    return _sqrtm(jnp.asarray(A))


@jit
def _parlett(f, t):
    """Golub and Van Loan's Algorithm 11.1.1: f(T) above the diagonal from f's diagonal."""
    n = t.shape[0]

    def inner(i, state):
        p, f, minden = state
        j = i + p
        s = t[i - 1, j - 1] * (f[j - 1, j - 1] - f[i - 1, i - 1])
        between = (jnp.arange(n) >= i) & (jnp.arange(n) < j - 1)
        s = s + (
            jnp.where(between, t[i - 1], 0) @ jnp.where(between, f[:, j - 1], 0)
            - jnp.where(between, f[i - 1], 0) @ jnp.where(between, t[:, j - 1], 0)
        )
        den = t[j - 1, j - 1] - t[i - 1, i - 1]
        s = jnp.where(den != 0, s / den, s)
        return p, f.at[i - 1, j - 1].set(s), jnp.minimum(minden, jnp.abs(den))

    def outer(p, state):
        _, f, minden = lax.fori_loop(1, n - p + 1, inner, (p, *state))
        return f, minden

    return lax.fori_loop(1, n, outer, (f, jnp.abs(t[0, 0])))


def funm(A, func, disp: bool = True):
    """func applied to the matrix A (N, N) through its complex Schur form; with disp=False,
    (F, an error estimate)."""
    a = jnp.asarray(A)
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise MeshjitValueError("expected square array_like input")
    t, z = rsf2csf(*schur(a))
    f = jnp.diag(func(jnp.diag(t))).astype(t.dtype.char)
    f, minden = _parlett(f, t)
    f = z @ f @ z.conj().T
    if disp:
        return f
    tol = jnp.finfo(np.float32 if f.dtype.char.lower() == "f" else np.float64).eps
    minden = jnp.where(minden == 0.0, tol, minden)
    bound = jnp.minimum(1, jnp.maximum(tol, (tol / minden) * jnp_linalg.norm(jnp.triu(t, 1), 1)))
    return f, jnp.where(jnp.any(jnp.isinf(f)), np.inf, bound)


def _triangular_sylvester(r, s, f):
    """Y with R Y + Y S^T = F for upper-triangular R and S (Bartels-Stewart), one element at a
    time from the bottom-right corner."""
    m, n = f.shape

    def step(y_flat, idx):
        i, j = idx // n, idx % n
        y = y_flat.reshape((m, n))
        row = jnp.sum(jnp.where(jnp.arange(m) > i, r[i, :] * y[:, j], 0.0))
        col = jnp.sum(jnp.where(jnp.arange(n) > j, y[i, :] * s[:, j], 0.0))
        value = (f[i, j] - (row + col)) / (r[i, i] + s[j, j])
        return y_flat.at[i * n + j].set(value), None

    y, _ = lax.scan(step, jnp.zeros((m * n,), dtype=f.dtype), jnp.arange(m * n - 1, -1, -1))
    return y.reshape((m, n))


@functools.partial(jit, static_argnames=("method",))
def _sylvester_2d(a, b, c, *, method, tol):
    m, n = c.shape[-2:]
    if method == "schur":
        r, u = schur(a, output="complex")
        s, v = schur(b.conj().T, output="complex")
        f = u.conj().T @ c.astype(r.dtype) @ v
        x = u @ _triangular_sylvester(*promote_inexact(r, s.conj().T, f)) @ v.conj().T
    elif method == "eigen":
        ra, ua = jnp_linalg.eig(a)
        rb, ub = jnp_linalg.eig(b)
        f = jnp_linalg.solve(ua, c.astype(ra.dtype) @ ub)
        y = f / (ra[:, None] + rb[None, :])
        x = ua[:m, :m] @ y[:m, :n] @ jnp_linalg.inv(ub)[:n, :n]
    else:
        raise MeshjitValueError(
            f'Unrecognized method {method}. The two valid methods are either "schur" or "eigen".'
        )
    if not dtypes.is_complex(c.dtype):
        x = x.real
    near = jnp.abs(jnp_linalg.eigvals(a)[:, None] + jnp_linalg.eigvals(b)[None, :]) < tol
    return lax.cond(jnp.any(near), lambda: jnp.zeros_like(x) * np.nan, lambda: x)


def solve_sylvester(A, B, C, *, method: str = "schur", tol: float = 1e-8):
    """X with A X + X B = C (Bartels-Stewart over Schur forms, or eigendecompositions with
    method="eigen"); NaNs when eigenvalues of A and -B come within `tol`."""
    a, b, c = promote_inexact(jnp.asarray(A), jnp.asarray(B), jnp.asarray(C))
    m, n = c.shape[-2:]
    if a.shape[-2:] != (m, m) or b.shape[-2:] != (n, n):
        raise MeshjitValueError(
            f"Incompatible shapes for Sylvester equation:\nA: {a.shape}\nB: {b.shape}\nC: {c.shape}"
        )
    solve = functools.partial(_sylvester_2d, method=method, tol=tol)
    return vectorize(solve, signature="(m,m),(n,n),(m,n)->(m,n)")(a, b, c)
