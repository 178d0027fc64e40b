"""sparse.linalg.lobpcg_standard: the top-k eigenpairs of a symmetric operator by LOBPCG, with
the choices JAX 0.10.2 makes (so the iterates, the iteration count and the results agree with
JAX's): the search space [X, P, R] is kept orthonormal by SVQB (a Gram matrix eigensolve,
degenerate directions zeroed), residuals are projected out of [X, P] twice, the first P extends
X by a block Householder reflector, and an eigenpair counts as converged when its residual is
below `tol * 10 * n * (|A v| + lambda)`. No preconditioner, no gradients, top-k only, as JAX's.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.jit.api import jit
from meshjit.compiler.lax.dot import Precision


def lobpcg_standard(A, X, m: int = 100, tol=None):
    """`(theta, U, i)`: the `k` largest eigenvalues `theta` of the symmetric `(n, n)` matrix or
    operator `A` (a callable on `(n, j)` blocks), their eigenvectors `U` (`(n, k)`) and the
    number of iterations `i`, starting from the `(n, k)` block `X` (`0 < 5 k < n`); at most `m`
    iterations, fewer when all `k` pairs meet `tol` (default: the dtype's epsilon)."""
    if callable(A) and not hasattr(A, "shape"):
        return _lobpcg_of_operator(A, X, m, tol)
    return _lobpcg_of_matrix(A, X, m, tol)


@functools.partial(jit, static_argnames=("m",))
def _lobpcg_of_matrix(A, X, m, tol):
    return _lobpcg(functools.partial(_matmul, A), X, m, tol)


@functools.partial(jit, static_argnames=("operator", "m"))
def _lobpcg_of_operator(operator, X, m, tol):
    return _lobpcg(operator, X, m, tol)


def _matmul(a, b):
    return lax.dot(a, b, precision=(Precision.HIGHEST, Precision.HIGHEST))


def _lobpcg(operator: Callable, X, m: int, tol):
    n, k = X.shape
    _check_problem(operator, X)
    tol = float(jnp.finfo(X.dtype).eps) if tol is None else tol
    X = _orthonormalize(X)
    P = _householder_extension(X)
    AX = operator(X)
    theta = jnp.sum(X * AX, axis=0, keepdims=True)
    state = (0, X, P, AX - theta * X, 0, theta)

    def unconverged(state):
        i, *_, converged, _ = state
        return jnp.logical_and(i < m, converged < k)

    def step(state):
        i, X, P, R, _, _ = state
        return (i + 1, *_lobpcg_step(operator, X, P, R, tol))

    i, X, _, _, _, theta = lax.while_loop(unconverged, step, state)
    return theta[0, :], X, i


def _lobpcg_step(operator: Callable, X, P, R, tol):
    """One iteration: Rayleigh-Ritz on span[X, P, R]; the new X its top k Ritz vectors, the new
    P the rest of the old span's part in them; `(X, P, R, converged, theta)`."""
    n, k = X.shape
    R = _without_span(jnp.concatenate((X, P), axis=1), R)
    XPR = jnp.concatenate((X, P, R), axis=1)
    theta, Q = _descending_eigh(_matmul(XPR.T, operator(XPR)))
    X = _unit_columns(_matmul(XPR, _unit_columns(Q[:, :k])))
    q, _ = jnp.linalg.qr(Q[:k, k:].T)
    P = _unit_columns(_matmul(XPR, _matmul(Q[:, k:], q)), keep_zeros=True)
    AX = operator(X)
    R = AX - theta[jnp.newaxis, :k] * X
    scale = (jnp.linalg.norm(AX, ord=2, axis=0) + theta[:k]) * n * 10
    converged = jnp.sum(jnp.linalg.norm(R, ord=2, axis=0) < tol * scale)
    return X, P, R, converged, theta[jnp.newaxis, :k]


def _check_problem(operator: Callable, X) -> None:
    """JAX's checks, in its words."""
    n, k = X.shape
    if k == 0:
        raise MeshjitValueError(f"must have search dim > 0, got {k}")
    if k * 5 >= n:
        raise MeshjitValueError(f"expected search dim * 5 < matrix dim (got {k * 5}, {n})")
    probe = operator(jnp.zeros((n, 1), dtype=X.dtype))
    if probe.dtype != X.dtype:
        raise MeshjitValueError(f"A, X must have same dtypes (were {probe.dtype}, {X.dtype})")
    if probe.shape != (n, 1):
        raise MeshjitValueError(f"A must be ({n}, {n}) matrix A, got output {probe.shape}")


def _unit_columns(x, keep_zeros: bool = False):
    norms = jnp.linalg.norm(x, ord=2, axis=0, keepdims=True)
    return x / (jnp.where(norms == 0, 1.0, norms) if keep_zeros else norms)


def _descending_eigh(a):
    w, v = jnp.linalg.eigh(a)
    return w[::-1], v[:, ::-1]


def _orthonormalize(basis):
    return _svqb(_svqb(basis))  # a second pass mends what rounding left of the first


def _svqb(x):
    """An orthonormal basis of span(x) as x's columns (unit-scaled) times the Gram matrix's
    eigenvectors over the root of its eigenvalues; directions whose eigenvalue is below eps
    times the largest (rank deficiency) come out as zero columns."""
    x = _unit_columns(x, keep_zeros=True)
    gram = _matmul(x.T, x)
    w, v = _descending_eigh(gram)
    floor = jnp.finfo(x.dtype).eps * w[0]
    inv_roots = jnp.where(floor > 0, jnp.maximum(w, floor), 1.0) ** (-0.5)
    y = _matmul(x, v * inv_roots[jnp.newaxis, :])
    keep = ((w > floor) * (jnp.diag(gram) > 0.0))[jnp.newaxis, :]
    y = y * keep.astype(y.dtype)
    norms = jnp.linalg.norm(y, ord=2, axis=0, keepdims=True)
    keep = keep * (norms > 0.0)
    return y / jnp.where(keep, norms, 1.0)


def _without_span(basis, u):
    """u's component orthogonal to the orthonormal `basis` (zero columns allowed), its nonzero
    columns orthonormal: subtract-and-orthonormalize twice, subtract twice more, and zero every
    column that lost more than 1% of its norm there (orthogonality to `basis` first)."""

    def subtract(u):
        return u - _matmul(basis, _matmul(basis.T, u))

    for _ in range(2):
        u = _orthonormalize(subtract(u))
    u = subtract(subtract(u))
    norms = jnp.linalg.norm(u, ord=2, axis=0, keepdims=True)
    return u * (norms >= 0.99).astype(u.dtype)


def _householder_extension(x):
    """k more orthonormal columns orthogonal to the orthonormal (n, k) `x`: the last columns
    of the block Householder reflector that maps x to [-u vt; 0] (x's top block is u s vt),
    applied to [0; I; 0]; deterministic, and never overlapping span(x)."""
    n, k = x.shape
    top, bottom = x[:k], x[k:]
    u, s, vt = jnp.linalg.svd(top)
    y = jnp.concatenate([top + _matmul(u, vt), bottom], axis=0)
    w = _matmul(y, vt.T * ((2 * (1 + s)) ** (-1 / 2))[jnp.newaxis, :])
    unit = jnp.concatenate(
        [jnp.eye(k, dtype=x.dtype), jnp.zeros((n - 2 * k, k), dtype=x.dtype)], axis=0
    )
    reflected = -2 * _matmul(w, _matmul(w[k:, :].T, unit))
    return reflected.at[k:].add(unit)
