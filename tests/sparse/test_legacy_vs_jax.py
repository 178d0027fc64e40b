"""The functional API of jax.experimental.sparse's legacy formats (coo_fromdense, coo_todense,
coo_matvec, coo_matmat and the csr_ ones) as JAX 0.10.2's (one JAX subprocess, recorded):
buffers, dense values and products, transposed too, under jit and grad."""

import numpy as np
import pytest

import meshjit.experimental.sparse as sparse
from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
import importlib
S = importlib.import_module(jax.__name__ + ".experimental.sparse")  # JAX's or meshjit's
A = np.array([[0., 1., 0., 2.], [3., 0., 0., 0.], [0., 0., 4., 0.]], np.float32)
V = np.array([1., -2., 0.5, 3.], np.float32)
U = np.array([2., -1., 4.], np.float32)
W = np.arange(12, dtype=np.float32).reshape(4, 3) / 4
WT = np.arange(6, dtype=np.float32).reshape(3, 2) / 4

CASES = {
    "coo_fromdense": lambda: [S.coo_fromdense(A), S.coo_fromdense(A, nse=6, index_dtype=jnp.int16)],
    "coo_todense": lambda: S.coo_todense(S.coo_fromdense(A)),
    "coo_products": lambda: [S.coo_matvec(S.coo_fromdense(A), V), S.coo_matvec(S.coo_fromdense(A), U, transpose=True),
                             S.coo_matmat(S.coo_fromdense(A), W), S.coo_matmat(S.coo_fromdense(A), WT, transpose=True)],
    "csr_fromdense": lambda: [S.csr_fromdense(A), S.csr_fromdense(A, nse=5)],
    "csr_todense": lambda: S.csr_todense(S.csr_fromdense(A)),
    "csr_products": lambda: [S.csr_matvec(S.csr_fromdense(A), V), S.csr_matvec(S.csr_fromdense(A), U, transpose=True),
                             S.csr_matmat(S.csr_fromdense(A), W), S.csr_matmat(S.csr_fromdense(A), WT, transpose=True)],
    "jit_grad": lambda: [jax.jit(lambda m, v: S.csr_matvec(m, v))(S.csr_fromdense(A), V),
                         jax.grad(lambda v: S.coo_matvec(S.coo_fromdense(A), v).sum())(V),
                         jax.jit(lambda a: S.coo_todense(S.coo_fromdense(a, nse=4)))(A)],
}
"""
    + RUN_CASES
)

CASES = [
    "coo_fromdense", "coo_todense", "coo_products", "csr_fromdense", "csr_todense",
    "csr_products", "jit_grad",
]  # fmt: skip

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_legacy_functions_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)


def test_legacy_product_of_a_wrong_shape_names_the_function():
    mat = sparse.coo_fromdense(np.eye(3, 4, dtype=np.float32))
    with pytest.raises(ValueError, match=r"coo_matvec: the dense operand must have shape \(4\)"):
        sparse.coo_matvec(mat, np.ones(3, np.float32))
