"""Printed jaxprs against JAX 0.10.2's (round 29): a reduction's `where=` masks in the dtype it
accumulates in (nanmean's count: bool -> int32 -> float32, then the mask), and a batched
broadcast_in_dim shows its shifted dimensions as NumPy ints (vmap of jacrev)."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = (
    r"""
A = np.linspace(0.1, 1.2, 12, dtype=np.float32).reshape(3, 4)

CASES = {
    "nanmean_where": (lambda x: jnp.nanmean(x, where=x > 0.5), (A,)),
    "sum_bool_dtype_where": (lambda x: jnp.sum(x > 0.3, axis=1, dtype=jnp.float32, where=x < 1.0), (A,)),
    "vmap_jacrev": (jax.vmap(jax.jacrev(lambda v: jnp.sin(v) * v.sum())), (A,)),
}
FNS = [f for f, _ in CASES.values()][:2]  # (vmap_jacrev: sin and cos differ by an ulp)
CASES["values"] = (lambda x: [f(x) for f in FNS], (A,))
"""
    + JAXPR_TEXT_RUN_CASE
)

CASES = ["nanmean_where", "sum_bool_dtype_where", "vmap_jacrev", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
