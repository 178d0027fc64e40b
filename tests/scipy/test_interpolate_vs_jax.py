"""jax.scipy.interpolate.RegularGridInterpolator as JAX 0.10.2's (one JAX subprocess): linear
and nearest, fill values, tuple queries, trailing value dimensions, a pytree through jit (the
same bits), and its gradient (within float32 rounding)."""

import pytest

from meshjit.scipy.interpolate import RegularGridInterpolator
from tests.support import campaign
from tests.support.jax_oracle import (
    RUN_CASES,
    assert_as_jax,
    oracle_fixture,
)

HARNESS = (
    r"""
RGI = jax.scipy.interpolate.RegularGridInterpolator
X = np.linspace(0, 1, 5, dtype=np.float32)
Y = np.linspace(-1, 1, 4, dtype=np.float32)
V = (np.sin(X[:, None] * 3) * np.cos(Y[None, :])).astype(np.float32)
PTS = np.array([[0.1, 0.2], [0.5, -0.9], [0.99, 0.99], [1.5, 0.0]], np.float32)

CASES = {
    "linear": lambda: RGI((X, Y), V)(PTS),
    "nearest": lambda: [RGI((X, Y), V)(PTS, method="nearest"),
                        RGI((X, Y), V, method="nearest")(PTS)],
    "no_fill": lambda: RGI((X, Y), V, fill_value=None)(PTS),
    "tuple_query": lambda: RGI((X, Y), V)((np.array([0.3, 0.4]), np.array([0.0, 0.1]))),
    "jit_pytree": lambda: jax.jit(lambda g, p: g(p))(RGI((X, Y), V), PTS),
    "trailing": lambda: RGI((X, Y), np.stack([V, 2 * V], -1))(PTS[:2]),
    "one_dim": lambda: RGI((X,), np.arange(5.0))(np.array([0.3, 0.8])),
    "grad": lambda: jax.grad(lambda p: RGI((X, Y), V)(p).sum())(PTS[:3]),
}
"""
    + RUN_CASES
)


CASES = [
    "linear", "nearest", "no_fill", "tuple_query", "jit_pytree", "trailing", "one_dim", "grad",
]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS, every=campaign.SWEEP)


# the weights' derivatives cancel in another order: 1e-8 for 0.0
RTOL = {"grad": 1e-6}


@pytest.mark.parametrize("case", campaign.every(campaign.SWEEP, CASES))  # one in 48 in make test
def test_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case, RTOL)


def test_bad_input():
    with pytest.raises(ValueError, match="not defined"):
        RegularGridInterpolator(([0.0, 1.0],), [1.0, 2.0], method="cubic")
    with pytest.raises(NotImplementedError, match="bounds_error"):
        RegularGridInterpolator(([0.0, 1.0],), [1.0, 2.0], bounds_error=True)
    with pytest.raises(ValueError, match="point arrays"):
        RegularGridInterpolator(([0.0, 1.0], [0.0, 1.0]), [1.0, 2.0])
    with pytest.raises(ValueError, match="dimension"):
        RegularGridInterpolator(([0.0, 1.0],), [1.0, 2.0])([[0.5, 0.5]])
