"""Printed jaxprs against JAX 0.10.2's (round 30): a vmapped custom_jvp function's call keeps
the function's and its jvp rule's names (jax.nn.relu, a user's lambda rule)."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = (
    r"""
A = np.linspace(-1.0, 1.0, 6, dtype=np.float32).reshape(2, 3)


@jax.custom_jvp
def f(x):
    return jnp.sin(x) * 2


f.defjvp(lambda p, t: (f(p[0]), jnp.cos(p[0]) * t[0] * 2))

CASES = {
    "vmap_relu": (jax.vmap(jax.nn.relu), (A,)),
    "vmap_custom_jvp": (jax.vmap(f), (A,)),
    "vmap_vmap_custom_jvp": (jax.vmap(jax.vmap(f)), (A,)),
    "values": (lambda x: [jax.vmap(f)(x), jax.grad(lambda v: jax.vmap(f)(v).sum())(x)], (A,)),
}
"""
    + JAXPR_TEXT_RUN_CASE
)

CASES = ["vmap_relu", "vmap_custom_jvp", "vmap_vmap_custom_jvp", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
