"""sparse.linalg: `lobpcg_standard` and `spsolve` of jax.experimental.sparse.linalg are not
implemented in meshjit (spsolve needs cuSPARSE's QR on GPU in JAX itself)."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitNotImplementedError


def spsolve(data, indices, indptr, b, tol=1e-6, reorder=1):
    raise MeshjitNotImplementedError("sparse.linalg.spsolve is not implemented in meshjit")


def lobpcg_standard(A, X, m=100, tol=None):
    raise MeshjitNotImplementedError("sparse.linalg.lobpcg_standard is not implemented in meshjit")
