"""Printed jaxprs against JAX 0.10.2's (round 30): lax.dynamic_index_in_dim and
dynamic_update_index_in_dim are JAX's jits (static axis / flags, the index traced and wrapped
inside), on arrays and key arrays; a traced scalar constant cast to another dtype is folded
into a typed literal (`x * jnp.asarray(2.0)`, trapezoid's dx), as JAX's const folding does."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = (
    r"""
A = np.linspace(0.1, 1.2, 12, dtype=np.float32).reshape(3, 4)
KS = jax.random.split(jax.random.key(0), 4)

CASES = {
    "dynamic_index_in_dim": (lambda x: jax.lax.dynamic_index_in_dim(x, -1, axis=1), (A,)),
    "dynamic_index_squeezed": (lambda x: jax.lax.dynamic_index_in_dim(x, 1, 0, False), (A,)),
    "dynamic_update_index_in_dim": (lambda x: jax.lax.dynamic_update_index_in_dim(x, x[0], 2, 0), (A,)),
    "dynamic_index_keys": (lambda k: jax.lax.dynamic_index_in_dim(k, 2, keepdims=False), (KS,)),
    "grad_dynamic_index": (jax.grad(lambda x: jax.lax.dynamic_index_in_dim(x, 1, 0, False).sum()), (A,)),
    "folded_asarray": (lambda x: x * jnp.asarray(2.0) + jnp.array(3), (A,)),
    "folded_in_jit": (jax.jit(lambda x: jnp.asarray(0.5) * x - jnp.asarray(1, jnp.int8)), (A,)),
    "trapezoid": (jnp.trapezoid, (A,)),
    "folded_complex": (lambda x: x + jnp.real(jnp.asarray(2.0 + 1j)), (A,)),
}
FNS = [f for f, _ in CASES.values()]
CASES["values"] = (lambda x: [f(x) for i, f in enumerate(FNS) if i != 3], (A,))
CASES["values_big"] = (jax.jit(lambda x: [x * jnp.asarray(1e300).astype(jnp.float32), jnp.asarray(3.7).astype(jnp.int32) + x]), (A,))
"""
    + JAXPR_TEXT_RUN_CASE
)

CASES = [
    "dynamic_index_in_dim",
    "dynamic_index_squeezed",
    "dynamic_update_index_in_dim",
    "dynamic_index_keys",
    "grad_dynamic_index",
    "folded_asarray",
    "folded_in_jit",
    "trapezoid",
    "folded_complex",
    "values",
    "values_big",
]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case.startswith("values"))
