"""jax.scipy.linalg.eigh_tridiagonal: the eigenvalues of a symmetric (Hermitian) tridiagonal
matrix by bisection on Sturm counts, all wanted eigenvalues searched at once; the eigenvectors
from the dense symmetric eigensolver."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import linalg as lax_linalg
from meshjit.compiler.numpy.util import aval_of

__all__ = ["eigh_tridiagonal"]

_DTYPES = (np.float32, np.float64, np.complex64, np.complex128)


def eigh_tridiagonal(
    d, e, *, eigvals_only: bool = False, select: str = "a", select_range=None, tol=None, key=None
):
    """Eigenvalues (ascending) of the tridiagonal matrix with diagonal `d` and off-diagonal `e`,
    all (select='a') or those of indices select_range[0]..select_range[1] (select='i'); with the
    eigenvectors as columns unless `eigvals_only`."""
    alpha, beta = jnp.asarray(d), jnp.asarray(e)
    _check_dtypes(aval_of(alpha).dtype, aval_of(beta).dtype)
    n = aval_of(alpha).shape[0]
    if n <= 1:
        w = jnp.real(alpha)
        return w if eigvals_only else (w, jnp.eye(n, dtype=aval_of(alpha).dtype))
    wanted = _wanted(select, select_range, n)
    w = _bisect(jnp.real(alpha), beta, wanted, tol)
    if eigvals_only:
        return w
    return w, _eigenvectors(alpha, beta, wanted)


def _check_dtypes(a, b) -> None:
    if a != b:
        raise MeshjitTypeError(
            f"diagonal and off-diagonal values must have same dtype, got {a} and {b}"
        )
    if a not in _DTYPES:
        raise MeshjitTypeError(
            "Only float32 and float64 inputs are supported as inputs to "
            f"jax.scipy.linalg.eigh_tridiagonal, got {a} and {b}"
        )


def _wanted(select: str, select_range, n: int) -> np.ndarray:
    """The indices (in ascending order of eigenvalue) asked for."""
    if select == "a":
        return np.arange(n, dtype=np.int32)
    if select == "i":
        if select_range is None:
            raise MeshjitValueError("for select='i', select_range must be specified.")
        if select_range[0] > select_range[1]:
            raise MeshjitValueError("Got empty index range in select_range.")
        return np.arange(select_range[0], select_range[1] + 1, dtype=np.int32)
    if select == "v":
        raise MeshjitNotImplementedError("eigh_tridiagonal(..., select='v') is not implemented")
    raise MeshjitValueError("'select must have a value in {'a', 'i', 'v'}.")


def _bisect(alpha, beta, wanted: np.ndarray, tol):
    """Bisection from the Gershgorin interval, widened a little, until every interval is within
    the absolute tolerance (at most the mantissa's bits plus one halvings)."""
    dtype = aval_of(alpha).dtype
    finfo = dtypes.finfo(dtype)
    beta_sq = jnp.real(beta * jnp.conj(beta))
    beta_abs = jnp.sqrt(beta_sq)
    row_sums = jnp.concatenate([beta_abs[:1], beta_abs[:-1] + beta_abs[1:], beta_abs[-1:]])
    top, bottom = jnp.max(alpha + row_sums), jnp.min(alpha - row_sums)
    t_norm = jnp.maximum(jnp.abs(bottom), jnp.abs(top))
    one = np.ones((), dtype)
    safemin = np.maximum(one / finfo.max, (one + finfo.eps) * finfo.tiny)
    pivmin = safemin * jnp.maximum(1, jnp.max(beta_sq))
    first_shift = jnp.square(finfo.eps * beta_abs[0])
    abs_tol = finfo.eps * t_norm if tol is None else jnp.maximum(tol, finfo.eps * t_norm)
    slack = np.asarray(aval_of(alpha).shape[0], dtype) * 2.1 * finfo.eps * t_norm
    k = wanted.shape[0]
    lower = jnp.broadcast_to(bottom - slack - 4.2 * pivmin, (k,))
    upper = jnp.broadcast_to(top + slack + 2.1 * pivmin, (k,))
    targets = jnp.asarray(wanted)

    def cond(state):
        i, lo, _, hi = state
        return jnp.logical_and(i < finfo.nmant + 1, abs_tol < jnp.max(hi - lo))

    def body(state):
        i, lo, mid, hi = state
        below = _sturm_count(alpha, beta_sq, pivmin, first_shift, mid)
        lo = jnp.where(below <= targets, mid, lo)
        hi = jnp.where(below > targets, mid, hi)
        return i + 1, lo, 0.5 * (lo + hi), hi

    state = (np.int32(0), lower, 0.5 * (lower + upper), upper)
    return lax.while_loop(cond, body, state)[2]


def _sturm_count(alpha, beta_sq, pivmin, first_shift, x):
    """Per point of `x`, how many eigenvalues lie below it: the negative pivots of the LDL^T
    factorisation of T - x I (a pivot at or under pivmin counts and is pushed to -pivmin)."""
    q = alpha[0] - x
    count = jnp.where(q < 0, 1, 0).astype(np.int32)
    q = jnp.where(alpha[0] == x, first_shift, q)

    def step(i, carry):
        q, count = carry
        q = alpha[i] - beta_sq[i - 1] / q - x
        small = q <= pivmin
        return jnp.where(small, jnp.minimum(q, -pivmin), q), count + small.astype(np.int32)

    return lax.fori_loop(1, aval_of(alpha).shape[0], step, (q, count))[1]


def _eigenvectors(alpha, beta, wanted: np.ndarray):
    """The wanted eigenvectors (as columns) of the dense tridiagonal matrix."""
    matrix = jnp.diag(alpha) + jnp.diag(jnp.conj(beta), -1) + jnp.diag(beta, 1)
    vectors, _ = lax_linalg.eigh(matrix, lower=True)
    return vectors[:, wanted]
