"""The printed jaxprs of jnp functions against JAX 0.10.2's (round 28): isclose / allclose,
diagonal / diag, pad (constant, edge), partition / argpartition, lexsort, cross and hypot are JAX's jitted
functions, in its order; an update of a weak array converts it not; where= fills with the
reduction's identity as a NumPy constant."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = r"""
f32 = np.float32
A = np.linspace(0.1, 1.2, 12, dtype=f32).reshape(3, 4)
V = np.arange(1, 4, dtype=np.int32)
B = np.arange(24, dtype=f32).reshape(2, 3, 4)

CASES = {
    "isclose": (lambda x: (jnp.isclose(x, 0.5), jnp.isclose(x, x[0], equal_nan=True)), (A,)),
    "allclose": (lambda x: (jnp.allclose(x, x), jnp.allclose(x, 0.5, rtol=0.1)), (A,)),
    "diagonal": (lambda x, b: (jnp.diagonal(x), jnp.diagonal(x, 1), jnp.diagonal(b, -1, 2, 0)), (A, B)),
    "diag": (lambda x, v: (jnp.diag(x), jnp.diag(x, -1), jnp.diag(v), jnp.diag(v, 2)), (A, V)),
    "pad": (lambda x, v: (jnp.pad(x, 1), jnp.pad(v, (2, 1), constant_values=7)), (A, V)),
    "pad_edge": (lambda x: jnp.pad(x, ((1, 0), (0, 2)), mode="edge"), (A,)),
    "partition": (lambda x, v: (jnp.partition(x, 1), jnp.partition(x, 2, axis=0), jnp.partition(v.astype(np.uint8), 1)), (A, V)),
    "argpartition": (lambda x: (jnp.argpartition(x[0], 2), jnp.argpartition(x[1], 0)), (A,)),
    "lexsort": (lambda x: (jnp.lexsort((x[0], x[1])), jnp.lexsort((x, x[::-1]), axis=0)), (A,)),
    # where=: the masked entries are the reduction's identity, a NumPy constant (max's -inf,
    # initial joined after)
    "where": (lambda x: (jnp.sum(x, where=x > 0.5), jnp.prod(x, where=x > 0.5), jnp.max(x, where=x > 0.5, initial=0.0), jnp.any(x > 1.0, where=x > 0.5), jnp.mean(x, axis=1, where=x > 0.5)), (A,)),
    "where_int": (lambda v: (jnp.min(v, where=v > 1, initial=3), jnp.max(v.astype(np.uint8), where=v > 1, initial=0)), (V,)),
    "cross": (lambda x: (jnp.cross(x[:, :3], x[:, 1:]), jnp.cross(x[:2, :2], x[1:, :3])), (A,)),
    "hypot": (lambda x: jnp.hypot(x, x[::-1]), (A,)),
    # a weak array updated by a constant converts not (JAX's promote keeps it weak)
    "at_set_weak": (lambda x: (jax.lax.full((4,), 1.0).at[x].set(0), jnp.zeros(3).at[1].set(2)), (V[:2],)),
}


CASES["values"] = (lambda x, v, b: (*CASES["isclose"][0](x), *CASES["allclose"][0](x), *CASES["diagonal"][0](x, b), *CASES["diag"][0](x, v), *CASES["pad"][0](x, v), CASES["pad_edge"][0](x), *CASES["partition"][0](x, v), *CASES["argpartition"][0](x), jnp.argpartition(x, 1, axis=0), *CASES["lexsort"][0](x), *CASES["where"][0](x), *CASES["where_int"][0](v), *CASES["cross"][0](x), CASES["hypot"][0](x), jnp.isclose(np.array([np.nan, 1.0], f32), np.nan, equal_nan=True)), (A, V, B))
""" + JAXPR_TEXT_RUN_CASE

CASES = [
    "isclose", "allclose", "diagonal", "diag", "pad", "pad_edge", "partition", "argpartition",
    "lexsort", "at_set_weak", "where", "where_int", "cross", "hypot", "values",
]  # fmt: skip

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case == "values")
