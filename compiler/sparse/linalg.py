"""sparse.linalg: `spsolve` as JAX's CPU path does it (scipy.sparse.linalg.spsolve on the host,
through a pure_callback), differentiable as JAX's primitive is (a custom_linear_solve: the
tangent solves the same system, the transpose solves with A^T); `lobpcg_standard` (LOBPCG's
top-k eigenpairs) lives in sparse/lobpcg.py."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_solvers import custom_linear_solve
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.lax.callbacks import pure_callback
from meshjit.compiler.sparse.lobpcg import lobpcg_standard


def spsolve(data, indices, indptr, b, tol=1e-6, reorder=1):
    """The solution x of A x = b for the square CSR matrix A = (data, indices, indptr), as
    JAX's on CPU: SciPy's direct solver on the host (`tol` and `reorder` are the GPU solver's,
    unused here, as in JAX); differentiable in `data` and `b`."""
    data, indices, indptr, b = (jnp.asarray(x) for x in (data, indices, indptr, b))
    _check_spsolve(data, indices, indptr, b, reorder)
    rows = jnp.searchsorted(indptr, jnp.arange(indices.size), side="right") - 1

    def matvec(v):  # A v, linear in data (its tangent) and v
        return jnp.zeros(b.shape, b.dtype).at[rows].add(data * v[indices])

    def solve(transposed):
        def run(_, r):
            args = (data, indices, indptr, r)
            return pure_callback(_host_spsolve(transposed), ShapedArray(b.shape, b.dtype), *args)

        return run

    return custom_linear_solve(matvec, b, solve(False), transpose_solve=solve(True))


def _check_spsolve(data, indices, indptr, b, reorder) -> None:
    """JAX's checks (its abstract evaluation rule), in its words."""
    if data.dtype != b.dtype:
        raise MeshjitValueError(f"data types do not match: {data.dtype=} {b.dtype=}")
    if not (
        jnp.issubdtype(indices.dtype, jnp.integer) and jnp.issubdtype(indptr.dtype, jnp.integer)
    ):
        raise MeshjitValueError(
            f"index arrays must be integer typed; got {indices.dtype=} {indptr.dtype=}"
        )
    if not data.ndim == indices.ndim == indptr.ndim == b.ndim == 1:
        raise MeshjitValueError(
            "Arrays must be one-dimensional. "
            f"Got {data.shape=} {indices.shape=} {indptr.shape=} {b.shape=}"
        )
    if indptr.size != b.size + 1 or data.shape != indices.shape:
        raise MeshjitValueError(
            f"Invalid CSR buffer sizes: {data.shape=} {indices.shape=} {indptr.shape=}"
        )
    if reorder not in [0, 1, 2, 3]:
        raise MeshjitValueError(f"{reorder=} not valid, must be one of [1, 2, 3, 4]")


def _host_spsolve(transposed: bool):
    def run(data, indices, indptr, b):
        import scipy.sparse  # JAX's dependency for this solver (not meshjit's: imported on use)
        import scipy.sparse.linalg

        matrix = scipy.sparse.csr_matrix((data, indices, indptr), shape=(b.size, b.size))
        matrix = matrix.T.tocsr() if transposed else matrix
        return np.asarray(scipy.sparse.linalg.spsolve(matrix, b), dtype=b.dtype)

    return run


__all__ = ["lobpcg_standard", "spsolve"]
