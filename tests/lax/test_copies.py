"""`copy` is JAX's primitive: `jnp.copy`, `x.copy()` and `jnp.array(x)` of a traced value
print `copy a` (`jnp.asarray` none), its transpose is a copy; printed jaxprs and values against
JAX 0.10.2's."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = r"""
A = np.linspace(-1.0, 1.0, 12, dtype=np.float32).reshape(3, 4)

CASES = {
    "copies": (lambda x: (jnp.copy(x), x.copy(), jnp.array(x), jnp.array(x, copy=True), jnp.asarray(x), jnp.array(x, copy=False)), (A,)),
    "grad_copy": (jax.grad(lambda x: (jnp.copy(x) * x).sum()), (A,)),
    "vmap_copy": (jax.vmap(lambda x: jnp.array(x) * 2), (A,)),
    "values": (jax.jit(lambda x: (jnp.copy(x) + 1, jax.grad(lambda v: (jnp.array(v) ** 2).sum())(x), jax.vmap(jnp.copy, in_axes=1)(x))), (A,)),
}
""" + JAXPR_TEXT_RUN_CASE

CASES = ["copies", "grad_copy", "vmap_copy", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_copy_jaxprs_and_values_are_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
