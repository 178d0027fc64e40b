"""Harness tails for `jax_oracle`: `run_case` over a `CASES` dict of `name: (fn, x)` that the
harness defines, recording `jit(fn)(x)` and, unless the name is in `NO_GRAD`, the gradient of the
sum of its finite values (RUN_CASE), or over a dict of thunks (RUN_THUNK). Tests append one to
their harness text and compare with `check_case`."""

from __future__ import annotations

import numpy as np

from tests.support.jax_oracle import start_jax_oracle, values_vs_jax

RUN_CASE = r'''
NO_GRAD = globals().get("NO_GRAD", set())


def run_case(case, record):
    fn, x = CASES[case]
    out = jax.jit(fn)(x)  # one compile per case (eagerly, each op would compile)
    for i, leaf in enumerate(out if isinstance(out, tuple) else (out,)):
        record(f"{case}|{i}", leaf)
    if case not in NO_GRAD:
        grad = jax.grad(lambda v: jnp.sum(jnp.where(jnp.isfinite(fn(v)), fn(v), 0.0)))
        record(f"{case}|grad", jax.jit(grad)(x))
'''


# For cases that take no input: `CASES` maps names to thunks, whose results are recorded.
RUN_THUNK = r'''
def run_case(case, record):
    out = jax.jit(CASES[case])()
    for i, leaf in enumerate(jax.tree_util.tree_leaves(out)):
        record(f"{case}|{i}", leaf)
'''


def check_case(jax_results, harness: str, name: str, rtol: float) -> float:
    """Asserts meshjit's results for `name` equal JAX's within `rtol` (atol `rtol` times the
    largest magnitude); returns the largest relative error seen."""
    worst = 0.0
    for key, got, want in values_vs_jax(jax_results, harness, name):
        got, want = (np.asarray(v).astype(np.result_type(v, np.float64)) for v in (got, want))
        scale = max(1.0, float(np.max(np.abs(want[np.isfinite(want)]), initial=0.0)))
        np.testing.assert_allclose(got, want, rtol=rtol, atol=rtol * scale, err_msg=key)
        finite = np.isfinite(want) & (want != 0)
        if finite.any():
            err = np.abs(got[finite] - want[finite]) / np.maximum(np.abs(want[finite]), 1.0)
            worst = max(worst, float(err.max()))
    return worst


def jax_case_tests(names, harness: str, rtol: float, loose=None, every: int | None = None):
    """(the module's `jax_results` fixture, its `test_same_as_jax`): assign both at module level
    (`jax_results, test_same_as_jax = jax_case_tests(...)`); `loose` maps names to their rtol.
    `make test` runs every `every`-th name (JAX too), `make test-campaigns` the others."""
    import pytest

    from tests.support import campaign

    loose = loose or {}
    every = every or campaign.SWEEP

    @pytest.fixture(scope="module")
    def jax_results(tmp_path_factory, pytestconfig):
        return start_jax_oracle(names, harness, tmp_path_factory, pytestconfig, every)

    @pytest.mark.parametrize("name", campaign.every(every, names))
    def test_same_as_jax(jax_results, name):
        check_case(jax_results, harness, name, loose.get(name, rtol))

    return jax_results, test_same_as_jax
