"""jax.scipy.linalg.eigh_tridiagonal as JAX 0.10.2's (one JAX subprocess): the eigenvalues by
bisection give JAX's bits (all, an index range, a tolerance, float64, under jit); the
eigenvectors (from the dense solver here, inverse iteration in JAX) satisfy T v = w v."""

import numpy as np
import pytest

import meshjit.numpy as jnp
from meshjit.scipy.linalg import eigh_tridiagonal
from tests.support import campaign
from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
ETRI = jax.scipy.linalg.eigh_tridiagonal
RNG = np.random.RandomState(0)
D, E = RNG.randn(9).astype(np.float32), RNG.randn(8).astype(np.float32)

CASES = {
    "docs": lambda: ETRI(np.array([1., 2., 3., 4.], np.float32), np.ones(3, np.float32),
                         eigvals_only=True),
    "all": lambda: ETRI(D, E, eigvals_only=True),
    "index_range": lambda: ETRI(D, E, eigvals_only=True, select="i", select_range=(2, 5)),
    "tol_jit": lambda: jax.jit(lambda d, e: ETRI(d, e, eigvals_only=True, tol=1e-3))(D, E),
    "float64": lambda: ETRI(D.astype(np.float64), E.astype(np.float64), eigvals_only=True),
    "repeated": lambda: ETRI(np.ones(6, np.float32), np.zeros(5, np.float32), eigvals_only=True),
    "one": lambda: ETRI(np.array([2.0], np.float32), np.zeros(0, np.float32), eigvals_only=True),
}
"""
    + RUN_CASES
)

CASES = ["docs", "all", "index_range", "tol_jit", "float64", "repeated", "one"]


jax_results = oracle_fixture(CASES, HARNESS, every=campaign.SWEEP)


@pytest.mark.parametrize("case", campaign.every(campaign.SWEEP, CASES))  # one in 48 in make test
def test_eigenvalues_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)


def test_eigenvectors_diagonalise():
    rng = np.random.RandomState(1)
    d, e = rng.randn(7).astype(np.float32), rng.randn(6).astype(np.float32)
    w, v = eigh_tridiagonal(d, e)
    t = np.diag(d) + np.diag(e, 1) + np.diag(e, -1)
    np.testing.assert_allclose(t @ np.asarray(v), np.asarray(v) * np.asarray(w), atol=1e-5)
    np.testing.assert_allclose(np.asarray(v).T @ np.asarray(v), np.eye(7), atol=1e-5)
    w2, v2 = eigh_tridiagonal(d, e, select="i", select_range=(1, 3))
    np.testing.assert_allclose(np.asarray(w2), np.asarray(w)[1:4], rtol=1e-6)
    assert v2.shape == (7, 3)


def test_bad_input():
    d, e = jnp.ones(4), jnp.ones(3)
    with pytest.raises(TypeError, match="same dtype"):
        eigh_tridiagonal(d, e.astype(jnp.int32))
    with pytest.raises(NotImplementedError, match="select='v'"):
        eigh_tridiagonal(d, e, select="v")
    with pytest.raises(ValueError, match="select_range must be specified"):
        eigh_tridiagonal(d, e, select="i")
    with pytest.raises(ValueError, match="empty index range"):
        eigh_tridiagonal(d, e, select="i", select_range=(3, 1))
