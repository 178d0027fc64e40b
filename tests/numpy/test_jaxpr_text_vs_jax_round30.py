"""Printed jaxprs against JAX 0.10.2's (round 30): frexp's jit shows as `frexp` with JAX's
exponent sum order and its zeros broadcast outside the `_where` (ldexp prints it too)."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = (
    r"""
A = np.linspace(0.1, 1.2, 12, dtype=np.float32).reshape(3, 4)
T = np.array([0.0, -1.5, 3e-39, np.inf, 1e30, np.nan, 7.0], np.float32)

CASES = {
    "frexp": (jnp.frexp, (A,)),
    "ldexp": (lambda x: jnp.ldexp(x, 2), (A,)),
}
FNS = [f for f, _ in CASES.values()]
CASES["values"] = (lambda x: [f(x) for f in FNS], (T,))
"""
    + JAXPR_TEXT_RUN_CASE
)

CASES = ["frexp", "ldexp", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
