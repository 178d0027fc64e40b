"""meshjit.experimental.sparse.util (as `jax.experimental.sparse.util`): sparse efficiency warnings and errors."""

from meshjit.experimental.sparse import (
    CuSparseEfficiencyWarning,
    SparseEfficiencyError,
    SparseEfficiencyWarning,
)

__all__ = [
    "CuSparseEfficiencyWarning",
    "SparseEfficiencyError",
    "SparseEfficiencyWarning",
]
