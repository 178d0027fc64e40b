"""sparse.linalg.lobpcg_standard as JAX 0.10.2's (one JAX subprocess): the same eigenvalues,
eigenvectors (up to sign) and iteration count on well-conditioned symmetric problems, given as
a matrix or as a callable, with the default tolerance, a loose one and an iteration cap."""

import numpy as np
import pytest

from meshjit.compiler.errors import MeshjitValueError
from meshjit.experimental.sparse import linalg
from tests.support import campaign
from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
import importlib
L = importlib.import_module(jax.__name__ + ".experimental.sparse").linalg  # JAX's or meshjit's

def problem(n, k, seed):
    r = np.random.RandomState(seed)
    q, _ = np.linalg.qr(r.randn(n, n))
    a = (q * np.linspace(1, 10, n)) @ q.T
    return ((a + a.T) / 2).astype(np.float32), r.randn(n, k).astype(np.float32)

def signed(theta, u, i):  # eigenvectors up to sign: the largest entry of each column positive
    u = np.asarray(u)
    return theta, u * np.sign(u[np.argmax(np.abs(u), axis=0), np.arange(u.shape[1])]), i

def solve(n, k, seed, operator=False, **kw):
    a, x = problem(n, k, seed)
    A = jnp.asarray(a)
    return signed(*L.lobpcg_standard((lambda v: A @ v) if operator else a, x, **kw))

CASES = {
    "k1": lambda: solve(40, 1, 2, m=200),
    "k2": lambda: solve(20, 2, 0),
    "k3": lambda: solve(50, 3, 1, m=50),
    "capped": lambda: solve(30, 4, 3, m=5),
    "operator": lambda: solve(25, 2, 4, operator=True, m=30),
    "loose_tol": lambda: solve(25, 2, 4, m=30, tol=1e-3),
}
"""
    + RUN_CASES
)

CASES = ["k1", "k2", "k3", "capped", "operator", "loose_tol"]

jax_results = oracle_fixture(CASES, HARNESS, every=6)  # XLA takes seconds on each


@pytest.mark.parametrize("case", campaign.every(6, CASES))
def test_lobpcg_standard_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case, rtol={c: 2e-4 for c in CASES})


BAD = {
    "no search directions": ((25, 0), "must have search dim > 0, got 0"),
    "5 k >= n": ((25, 5), r"expected search dim \* 5 < matrix dim \(got 25, 25\)"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_lobpcg_standard_refuses_search_blocks_as_jax(name):
    shape, message = BAD[name]
    with pytest.raises(MeshjitValueError, match=message):
        linalg.lobpcg_standard(np.eye(25, dtype=np.float32), np.ones(shape, np.float32))


def test_lobpcg_standard_refuses_operators_of_other_shapes_or_dtypes():
    x = np.ones((25, 2), np.float32)
    with pytest.raises(MeshjitValueError, match=r"A must be \(25, 25\) matrix A, got output"):
        linalg.lobpcg_standard(lambda v: v[:3], x)
    with pytest.raises(MeshjitValueError, match="A, X must have same dtypes"):
        linalg.lobpcg_standard(lambda v: v.astype(np.float16), x)
