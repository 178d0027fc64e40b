"""Printed jaxprs against JAX 0.10.2's (round 30): scipy.special.ndtr selects with lax.select
(no jnp.where jits), in JAX's order of evaluation."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = (
    r"""
A = np.linspace(-3.0, 3.0, 12, dtype=np.float32).reshape(3, 4)

CASES = {
    "ndtr": (jax.scipy.special.ndtr, (A,)),
    "values": (lambda x: [jax.scipy.special.ndtr(x), jax.grad(lambda v: jax.scipy.special.ndtr(v).sum())(x)], (A,)),
}
"""
    + JAXPR_TEXT_RUN_CASE
)

CASES = ["ndtr", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
