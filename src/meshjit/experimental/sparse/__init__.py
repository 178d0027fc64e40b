"""meshjit.experimental.sparse: jax.experimental.sparse's BCOO arrays and the sparsify
transform (implemented in meshjit.compiler.sparse)."""

from meshjit.compiler.sparse import linalg
from meshjit.compiler.sparse.ad import grad, jacfwd, jacobian, jacrev, value_and_grad
from meshjit.compiler.sparse.api import empty, eye, todense, todense_p
from meshjit.compiler.sparse.base import JAXSparse
from meshjit.compiler.sparse.bcoo import BCOO, bcoo_extract, bcoo_fromdense, bcoo_todense
from meshjit.compiler.sparse.bcoo_dot import (
    bcoo_dot_general,
    bcoo_dot_general_sampled,
    bcoo_multiply_dense,
    bcoo_multiply_sparse,
)
from meshjit.compiler.sparse.bcoo_indices import (
    bcoo_sort_indices,
    bcoo_sum_duplicates,
    bcoo_update_layout,
)
from meshjit.compiler.sparse.bcoo_shapes import (
    bcoo_broadcast_in_dim,
    bcoo_concatenate,
    bcoo_dynamic_slice,
    bcoo_gather,
    bcoo_reduce_sum,
    bcoo_reshape,
    bcoo_rev,
    bcoo_slice,
    bcoo_squeeze,
    bcoo_transpose,
)
from meshjit.compiler.sparse.bcsr import BCSR, bcsr_dot_general, bcsr_fromdense, bcsr_todense
from meshjit.compiler.sparse.legacy import (
    COO,
    CSC,
    CSR,
    coo_fromdense,
    coo_matmat,
    coo_matvec,
    coo_todense,
    csr_fromdense,
    csr_matmat,
    csr_matvec,
    csr_todense,
)
from meshjit.compiler.sparse.random import random_bcoo
from meshjit.compiler.sparse.transform import sparsify
from meshjit.compiler.sparse.util import (
    CuSparseEfficiencyWarning,
    SparseEfficiencyError,
    SparseEfficiencyWarning,
)

__all__ = [
    "BCOO",
    "BCSR",
    "COO",
    "coo_fromdense",
    "coo_matmat",
    "coo_matvec",
    "coo_todense",
    "csr_fromdense",
    "csr_matmat",
    "csr_matvec",
    "csr_todense",
    "CSC",
    "CSR",
    "CuSparseEfficiencyWarning",
    "JAXSparse",
    "SparseEfficiencyError",
    "SparseEfficiencyWarning",
    "bcoo_broadcast_in_dim",
    "bcoo_concatenate",
    "bcoo_dot_general",
    "bcoo_dot_general_sampled",
    "bcoo_dynamic_slice",
    "bcoo_extract",
    "bcoo_fromdense",
    "bcoo_gather",
    "bcoo_multiply_dense",
    "bcoo_multiply_sparse",
    "bcoo_reduce_sum",
    "bcoo_reshape",
    "bcoo_rev",
    "bcoo_slice",
    "bcoo_sort_indices",
    "bcoo_squeeze",
    "bcoo_sum_duplicates",
    "bcoo_todense",
    "bcoo_transpose",
    "bcoo_update_layout",
    "bcsr_dot_general",
    "bcsr_fromdense",
    "bcsr_todense",
    "empty",
    "eye",
    "grad",
    "jacfwd",
    "jacobian",
    "jacrev",
    "linalg",
    "random_bcoo",
    "sparsify",
    "todense",
    "todense_p",
    "value_and_grad",
]
