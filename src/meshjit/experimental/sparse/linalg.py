"""meshjit.experimental.sparse.linalg (as `jax.experimental.sparse.linalg`): sparse linear algebra."""

from meshjit.compiler.sparse.linalg import lobpcg_standard, spsolve

__all__ = [
    "lobpcg_standard",
    "spsolve",
]
