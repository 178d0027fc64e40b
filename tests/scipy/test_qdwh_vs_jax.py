"""lax.linalg.qdwh and scipy.linalg.polar's default method on it, as JAX 0.10.2's (one JAX
subprocess): the polar factors to rounding and the same iteration count and convergence flag,
for tall, square and complex matrices, an iteration cap and a loose eps; polar batched, and on
the left for a wide matrix (JAX's NotImplementedError for a square one there)."""

import numpy as np
import pytest

import meshjit.scipy.linalg as L
from tests.support import campaign
from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
import importlib
Q = importlib.import_module(jax.__name__ + ".lax.linalg").qdwh
S = importlib.import_module(jax.__name__ + ".scipy.linalg")
R = np.random.RandomState(0)
SQUARE, TALL, WIDE = (R.randn(*s).astype(np.float32) for s in ((4, 4), (6, 3), (3, 5)))
CPLX = (R.randn(3, 3) + 1j * R.randn(3, 3)).astype(np.complex64)
CASES = {
    "square": lambda: Q(SQUARE),
    "tall": lambda: Q(TALL),
    "complex": lambda: Q(CPLX),
    "capped": lambda: Q(SQUARE, max_iterations=2),
    "loose": lambda: Q(SQUARE, eps=1e-3),
    "polar": lambda: S.polar(np.stack([TALL, TALL * 2])),
    "polar_left": lambda: S.polar(WIDE, side="left"),
}
"""
    + RUN_CASES
)
CASES = ["square", "tall", "complex", "capped", "loose", "polar", "polar_left"]

jax_results = oracle_fixture(CASES, HARNESS, every=6)  # XLA compiles each for seconds


@pytest.mark.parametrize("case", campaign.every(6, CASES))
def test_qdwh_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case, rtol={c: 2e-5 for c in CASES})


def test_polar_by_qdwh_refuses_a_square_matrix_on_the_left_as_jax():
    with pytest.raises(NotImplementedError, match="method='qdwh' only supports mxn matrices"):
        L.polar(np.eye(3, dtype=np.float32), side="left")
