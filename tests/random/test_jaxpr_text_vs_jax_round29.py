"""Printed jaxprs of samplers against JAX 0.10.2's (round 29): maxwell is the norm
(a call of jnp.linalg.norm) of normal 3-vectors; random.clone of typed keys is a
`random_clone` equation."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = (
    r"""
CASES = {
    "maxwell": (lambda k: jax.random.maxwell(jax.random.key(k), (2,)), (0,)),
    "clone": (lambda k: jax.random.normal(jax.random.clone(jax.random.key(k)), (2,)), (0,)),
    "vmap_clone": (jax.vmap(lambda k: jax.random.key_data(jax.random.clone(jax.random.key(k)))), (np.arange(2),)),
    "values": (lambda k: (jax.random.maxwell(jax.random.key(k), (2,)), jax.random.double_sided_maxwell(jax.random.key(k), 0.5, 2.0, (3,))), (1,)),
}
"""
    + JAXPR_TEXT_RUN_CASE
)

CASES = ["maxwell", "clone", "vmap_clone", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
