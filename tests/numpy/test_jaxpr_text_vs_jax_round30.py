"""Printed jaxprs against JAX 0.10.2's (round 30): frexp's jit shows as `frexp` with JAX's
exponent sum order and its zeros broadcast outside the `_where` (ldexp prints it too); gcd and
lcm are JAX's jits (gcd's step a `rem`, the larger first; lcm's operands abs'd before gcd)."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = (
    r"""
A = np.linspace(0.1, 1.2, 12, dtype=np.float32).reshape(3, 4)
I = np.array([0, 6, -12, 7, 35, 0], np.int32)
T = np.array([0.0, -1.5, 3e-39, np.inf, 1e30, np.nan, 7.0], np.float32)

CASES = {
    "frexp": (jnp.frexp, (A,)),
    "ldexp": (lambda x: jnp.ldexp(x, 2), (A,)),
    "gcd": (lambda i: jnp.gcd(i, 4), (I,)),
    "lcm": (lambda i: jnp.lcm(i, i[::-1]), (I,)),
}
FNS = [f for f, _ in CASES.values()]
CASES["values"] = (lambda x: [f(x) for f in FNS[:2]], (T,))
CASES["values_int"] = (lambda i: [f(i) for f in FNS[2:]] + [jnp.gcd(-i, i[::-1])], (I,))
"""
    + JAXPR_TEXT_RUN_CASE
)

CASES = ["frexp", "ldexp", "gcd", "lcm", "values", "values_int"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case.startswith("values"))
