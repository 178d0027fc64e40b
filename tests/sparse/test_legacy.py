"""The legacy 2-D sparse matrices (sparse.COO, CSR, CSC: meshjit had none), as JAX 0.10.2's:
fromdense / todense / transpose, products with dense vectors and matrices, pytrees under jit,
vmap and grad; and bcoo_concatenate's refusal along dense dims in JAX's words."""

import numpy as np
import pytest

import meshjit
from meshjit.experimental import sparse

A = np.array([[4.0, 1.0, 0.0], [1.0, 3.0, 0.0], [0.0, 0.0, 2.0]], np.float32)
V = np.array([1.0, 2.0, 3.0], np.float32)


@pytest.mark.parametrize("cls", [sparse.COO, sparse.CSR, sparse.CSC])
def test_fromdense_todense_and_products(cls):
    m = cls.fromdense(A)
    assert m.nse == 5 and m.shape == (3, 3) and m.dtype == np.float32
    np.testing.assert_array_equal(m.todense(), A)
    np.testing.assert_allclose(m @ V, A @ V)
    np.testing.assert_allclose(m @ np.ones((3, 2), np.float32), A @ np.ones((3, 2)))
    np.testing.assert_array_equal(m.T.todense(), A.T)
    np.testing.assert_allclose(meshjit.jit(lambda m, v: m @ v)(m, V), A @ V)
    padded = cls.fromdense(A, nse=7)  # padding stores zeros, out of the way
    assert padded.nse == 7
    np.testing.assert_allclose(padded @ V, A @ V)
    np.testing.assert_array_equal(padded.todense(), A)


def test_buffers_and_transposed_types_are_jaxs():
    coo, csr = sparse.COO.fromdense(A), sparse.CSR.fromdense(A)
    assert [np.asarray(b).tolist() for b in (coo.data, coo.row, coo.col)] == [
        [4, 1, 1, 3, 2], [0, 0, 1, 1, 2], [0, 1, 0, 1, 2]]  # fmt: skip
    assert np.asarray(csr.indptr).tolist() == [0, 2, 4, 5]
    assert type(csr.T) is sparse.CSC and type(csr.T.T) is sparse.CSR and type(coo.T) is sparse.COO
    with pytest.raises(NotImplementedError, match="matmul between two sparse objects"):
        csr @ csr


def test_under_vmap_and_grad():
    out = meshjit.vmap(lambda v: sparse.CSR.fromdense(A) @ v)(np.eye(3, dtype=np.float32))
    np.testing.assert_allclose(out, A.T)
    coo = sparse.COO.fromdense(A)

    def loss(data):
        return (sparse.COO((data, coo.row, coo.col), shape=(3, 3)) @ V).sum()

    np.testing.assert_allclose(meshjit.grad(loss)(coo.data), V[np.asarray(coo.col)])


def test_bcoo_concatenate_along_dense_dims_is_refused_in_jaxs_words():
    m = sparse.BCOO.fromdense(np.ones((2, 3, 2), np.float32), n_dense=1)
    with pytest.raises(NotImplementedError, match=r"^Concatenation along dense dimensions\."):
        sparse.bcoo_concatenate([m, m], dimension=2)


def test_spsolve_solves_on_the_host_as_jax_on_cpu():
    """sparse.linalg.spsolve was not implemented; JAX's CPU path is SciPy's solver through a
    host callback, and its checks are its abstract evaluation rule's."""
    csr = sparse.BCSR.fromdense(A)
    solve = meshjit.jit(sparse.linalg.spsolve)
    np.testing.assert_allclose(
        solve(csr.data, csr.indices, csr.indptr, V), np.linalg.solve(A, V), rtol=1e-6
    )
    with pytest.raises(ValueError, match="data types do not match"):
        sparse.linalg.spsolve(csr.data, csr.indices, csr.indptr, V.astype(np.int32))
    with pytest.raises(ValueError, match="Invalid CSR buffer sizes"):
        sparse.linalg.spsolve(csr.data, csr.indices, csr.indptr, V[:2])


def test_spsolve_is_differentiable_as_jaxs_primitive():
    """JAX's spsolve has jvp and transpose rules (grad in data and b); meshjit's refused
    both (a bare host callback). A x = b: dx = A^-1 (db - dA x), and the gradient of
    sum(x) is A^-T 1 for b, -(A^-T 1)[row] x[col] for each stored entry."""
    m = A + np.triu(np.ones((3, 3), np.float32), 1)  # not symmetric: the transpose shows
    csr = sparse.CSR.fromdense(m)
    data, indices, indptr = csr.data, csr.indices, csr.indptr
    x = np.linalg.solve(m, V)
    w = np.linalg.solve(m.T, np.ones(3))
    rows = np.repeat(np.arange(3), np.diff(np.asarray(indptr)))
    cols = np.asarray(indices)

    def solve(d, b):
        return sparse.linalg.spsolve(d, indices, indptr, b)

    grad_d, grad_b = meshjit.grad(lambda d, b: solve(d, b).sum(), (0, 1))(data, V)
    np.testing.assert_allclose(grad_b, w, rtol=1e-5)
    np.testing.assert_allclose(grad_d, -w[rows] * x[cols], rtol=1e-5)
    _, tangent = meshjit.jvp(solve, (data, V), (np.zeros_like(data), V))
    np.testing.assert_allclose(tangent, x, rtol=1e-5)
