"""Tangents and gradients of reductions where the reduced count is zero (an empty axis, or
ddof at least the count) as JAX 0.10.2's (one JAX subprocess). Where they are NaN and where 0
follows from three of JAX's rules meshjit keeps: jnp.where over an empty shape selects
nothing and returns x (so nansum's tangent is a symbolic zero), var's NaN for a non-positive
divisor is selected after the division (a zero tangent, NaN through std's sqrt), and a jitted
function's zero tangents leave it as symbolic zeros (corrcoef of an empty cov)."""

import pytest

from tests.support import campaign
from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
import warnings
warnings.simplefilter("ignore")  # NumPy's empty-slice warnings
EMPTY = np.zeros((0, 3), np.float32)
ONE_ROW = np.array([[1., 2., np.nan]], np.float32)
NANS = np.full((2, 3), np.nan, np.float32)
REDUCTIONS = {
    "mean": lambda v: jnp.mean(v, axis=0),
    "var": lambda v: jnp.var(v, axis=0),
    "std": lambda v: jnp.std(v, axis=0),
    "std_all": lambda v: jnp.std(v),
    "std_ddof": lambda v: jnp.std(v, axis=0, ddof=1),
    "var_ddof": lambda v: jnp.var(v, axis=0, ddof=1),
    "std_where": lambda v: jnp.std(v, axis=0, where=v > 5),
    "var_complex": lambda v: jnp.var(v * 1j, axis=0),
    "nanmean": lambda v: jnp.nanmean(v, axis=0),
    "nanvar": lambda v: jnp.nanvar(v, axis=0),
    "nanstd": lambda v: jnp.nanstd(v, axis=0),
    "nanstd_ddof": lambda v: jnp.nanstd(v, axis=0, ddof=1),
    "average": lambda v: jnp.average(v, axis=0),
    "norm": lambda v: jnp.linalg.norm(v, axis=0),
    "logsumexp": lambda v: jax.nn.logsumexp(v, axis=0),
    "cov": lambda v: jnp.cov(v.T),
    "corrcoef": lambda v: jnp.corrcoef(v.T),
    "where": lambda v: jnp.where(v > 0, v, 2.0),
}
INPUTS = {"empty": EMPTY, "one_row": ONE_ROW, "nans": NANS}

def tangents(f, x):
    primal, tangent = jax.jvp(f, (x,), (np.ones_like(x),))
    return primal, tangent, jax.grad(lambda v: f(v).real.sum())(x)

CASES = {f"{r}/{i}": (lambda f=f, x=x: tangents(f, x))
         for r, f in REDUCTIONS.items() for i, x in INPUTS.items()}
"""
    + RUN_CASES
)

REDUCTIONS = [line.split('"')[1] for line in HARNESS.splitlines() if line.startswith('    "')]
CASES = [f"{r}/{i}" for r in REDUCTIONS for i in ("empty", "one_row", "nans")]

jax_results = oracle_fixture(CASES, HARNESS, every=2)


@pytest.mark.parametrize("case", campaign.every(2, CASES))
def test_empty_reduction_tangents_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case, rtol={c: 1e-6 for c in CASES})  # NaNs' bits vary
