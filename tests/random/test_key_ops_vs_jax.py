"""Structural array functions of typed keys (random/key_ops.py) against JAX 0.10.2: their
printed jaxprs hold JAX's equations on keys (`dynamic_slice[slice_sizes=(2,)] keys 1:i32[]`,
`key<fry>[2,2]` types, no word dimension in their params), and their keys' data is JAX's,
eager and jitted."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = (
    r"""
KT = jax.random.key(0)
KS = jax.random.split(jax.random.key(0), 4)

CASES = {
    "reshape_T": (lambda k: (k.reshape(2, 2).T, k.reshape(2, 2).ravel()), (KS,)),
    "dynamic_slice": (lambda k: jax.lax.dynamic_slice(k, (1,), (2,)), (KS,)),
    "dynamic_index": (lambda k, i: k[i], (KS, 2)),
    "take": (lambda k: jnp.take(k, jnp.array([0, 2])), (KS,)),
    "broadcast_squeeze": (lambda k: (jnp.broadcast_to(k, (3,)), jnp.squeeze(k[None])), (KT,)),
    "expand_flip_roll": (lambda k: (jnp.expand_dims(k, 0), jnp.flip(k), jnp.roll(k, 1)), (KS,)),
    "at_set": (lambda k: k.at[0].set(k[1]), (KS,)),
    "vmap_index": (jax.vmap(lambda k: k.reshape(1, 1)[0]), (KS,)),
}
OPS = list(CASES.values())


def _all(s):
    ks = jax.random.split(jax.random.key(s), 4)
    args = {2: (ks, 2), 4: (jax.random.key(s),)}
    outs = [f(*args.get(i, (ks,))) for i, (f, _) in enumerate(OPS)]
    return [jax.random.key_data(k) for k in jax.tree_util.tree_leaves(outs)]


CASES["values"] = (_all, (3,))
CASES["values_jit"] = (jax.jit(_all), (3,))
"""
    + JAXPR_TEXT_RUN_CASE
)

CASES = [
    "reshape_T", "dynamic_slice", "dynamic_index", "take", "broadcast_squeeze",
    "expand_flip_roll", "at_set", "vmap_index", "values", "values_jit",
]  # fmt: skip

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_key_ops_print_and_compute_as_jax(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case.startswith("values"))


def test_where_of_keys_selects_keys():
    """jnp.where of typed keys: its select_n gives keys (`key<fry>[4]`, not their u32 data)."""
    import numpy as np

    import meshjit
    import meshjit.numpy as jnp

    keys = meshjit.random.split(meshjit.random.key(0), 4)
    pick = np.array([True, False, True, False])
    text = str(meshjit.make_jaxpr(lambda k: jnp.where(pick, k, k[::-1]))(keys))
    assert "key<fry>[4] = select_n" in text, text
    got = meshjit.random.key_data(jnp.where(pick, keys, keys[::-1]))
    want = np.where(
        pick[:, None], *(np.asarray(meshjit.random.key_data(k)) for k in (keys, keys[::-1]))
    )
    np.testing.assert_array_equal(got, want)
