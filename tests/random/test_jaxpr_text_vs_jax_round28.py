"""The printed jaxprs of samplers against JAX 0.10.2's (round 28): gumbel passes minval and
maxval to the jitted _uniform by keyword (the jit takes them sorted by name), rademacher is
2 * the jitted _bernoulli's samples - 1."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = r"""
K = jax.random.PRNGKey(0)

CASES = {
    "gumbel": (lambda k: jax.random.gumbel(k, (2,)), (K,)),
    "rademacher": (lambda k: (jax.random.rademacher(k, (3,)), jax.random.rademacher(k, (2,), jnp.float32)), (K,)),
}


CASES["values"] = (lambda k: (CASES["gumbel"][0](k), jax.random.gumbel(k, (2,), mode="high"), *CASES["rademacher"][0](k)), (K,))
""" + JAXPR_TEXT_RUN_CASE

CASES = ["gumbel", "rademacher", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
