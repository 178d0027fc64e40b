"""meshjit.experimental.sparse.transform (as `jax.experimental.sparse.transform`): the sparsify transformation."""

from meshjit.experimental.sparse import (
    BCOO,
    BCSR,
    bcoo_multiply_dense,
    bcoo_multiply_sparse,
    sparsify,
)

__all__ = [
    "BCOO",
    "BCSR",
    "bcoo_multiply_dense",
    "bcoo_multiply_sparse",
    "sparsify",
]
