"""meshjit.experimental.sparse.bcsr (as `jax.experimental.sparse.bcsr`): batched CSR arrays and their operations."""

from meshjit.experimental.sparse import (
    BCSR,
    CuSparseEfficiencyWarning,
    JAXSparse,
    SparseEfficiencyWarning,
    bcsr_dot_general,
    bcsr_fromdense,
    bcsr_todense,
)

__all__ = [
    "BCSR",
    "CuSparseEfficiencyWarning",
    "JAXSparse",
    "SparseEfficiencyWarning",
    "bcsr_dot_general",
    "bcsr_fromdense",
    "bcsr_todense",
]
