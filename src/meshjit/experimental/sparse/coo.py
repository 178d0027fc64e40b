"""meshjit.experimental.sparse.coo (as `jax.experimental.sparse.coo`): the COO matrix format."""

from meshjit.experimental.sparse import (
    COO,
    CuSparseEfficiencyWarning,
    JAXSparse,
    coo_fromdense,
    coo_matmat,
    coo_matvec,
    coo_todense,
)

__all__ = [
    "COO",
    "CuSparseEfficiencyWarning",
    "JAXSparse",
    "coo_fromdense",
    "coo_matmat",
    "coo_matvec",
    "coo_todense",
]
