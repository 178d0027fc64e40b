"""Printed jaxprs of jax.nn functions against JAX 0.10.2's (round 29): identity is a jitted
call, logsumexp with `b=` masks negative sums with a strongly typed NaN."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = (
    r"""
A = np.linspace(-0.6, 1.2, 12, dtype=np.float32).reshape(3, 4)

CASES = {
    "identity": (jax.nn.identity, (A,)),
    "logsumexp_b": (lambda x: jax.nn.logsumexp(x, axis=1, b=x), (A,)),
}
CASES["values"] = (lambda x: [jax.nn.identity(x), jax.nn.logsumexp(x, axis=1, b=x)], (A,))
"""
    + JAXPR_TEXT_RUN_CASE
)

CASES = ["identity", "logsumexp_b", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
