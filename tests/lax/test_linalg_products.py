"""lax.linalg.symmetric_product and cholesky_update (compiler/lax/linalg_products.py): against
their definitions in NumPy and against JAX 0.10.2."""

import numpy as np
import pytest

import meshjit
from meshjit.lax import linalg

RNG = np.random.default_rng(0)
A = RNG.standard_normal((2, 3, 4)).astype(np.float32)
C = RNG.standard_normal((2, 3, 3)).astype(np.float32)
C = C + np.swapaxes(C, -1, -2)
M = RNG.standard_normal((4, 4)).astype(np.float32)
R = np.linalg.cholesky(M @ M.T + 4 * np.eye(4, dtype=np.float32)).T.astype(np.float32)
W = RNG.standard_normal(4).astype(np.float32)


def test_symmetric_product_is_alpha_a_at_plus_beta_c():
    got = np.asarray(linalg.symmetric_product(A, C, alpha=0.5, beta=2.0, symmetrize_output=True))
    want = 0.5 * A @ np.swapaxes(A, -1, -2) + 2.0 * C
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(got, np.swapaxes(got, -1, -2))  # symmetric


def test_cholesky_update_is_the_factor_of_the_rank_one_update():
    got = np.asarray(meshjit.jit(linalg.cholesky_update)(R, W))
    np.testing.assert_allclose(got.T @ got, R.T @ R + np.outer(W, W), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(np.tril(got, -1), 0, atol=1e-6)  # still upper triangular
    same = np.asarray(linalg.cholesky_update(R, np.zeros(4, np.float32)))
    np.testing.assert_allclose(np.abs(same), np.abs(R), rtol=1e-6)


def test_linalg_products_match_jax():
    jax = pytest.importorskip("jax")

    def outs(lib, jit):
        L = lib.lax.linalg
        return [
            L.symmetric_product(A, C, alpha=0.5, beta=2.0),
            jit(lambda a, c: L.symmetric_product(a, c, symmetrize_output=True))(A[0], C[0]),
            jit(L.cholesky_update)(R, W),
        ]

    for got, want in zip(outs(meshjit, meshjit.jit), outs(jax, jax.jit)):
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: linalg.symmetric_product(A, C[..., :2]), "square matrices"),
        (lambda: linalg.symmetric_product(A[0], C[0, :2, :2]), r"must be \[..., m, m\]"),
        (lambda: linalg.symmetric_product(A.astype(np.int32), C), "floating or complex"),
        (lambda: linalg.cholesky_update(R, W[:3]), "a vector of its size"),
    ],
)
def test_bad_shapes_are_value_errors(call, match):
    with pytest.raises(ValueError, match=match):
        call()
