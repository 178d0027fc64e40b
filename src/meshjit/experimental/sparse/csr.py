"""meshjit.experimental.sparse.csr (as `jax.experimental.sparse.csr`): the CSR / CSC matrix formats."""

from meshjit.experimental.sparse import (
    CSC,
    CSR,
    CuSparseEfficiencyWarning,
    JAXSparse,
    csr_fromdense,
    csr_matmat,
    csr_matvec,
    csr_todense,
)

__all__ = [
    "CSC",
    "CSR",
    "CuSparseEfficiencyWarning",
    "JAXSparse",
    "csr_fromdense",
    "csr_matmat",
    "csr_matvec",
    "csr_todense",
]
