"""The printed jaxprs of random programs against JAX 0.10.2's: typed keys print `key<fry>[...]`,
and the key operations are JAX's primitives (random_seed, random_wrap, random_unwrap,
random_bits, random_split, random_fold_in), the samplers JAX's nested jits (`_normal` of
`_normal_real` of `_uniform`). The `values_` cases check the primitives' numbers bit for bit
(traced seeds of several widths, batched keys, rbg keys), one compile each."""

import numpy as np
import pytest

import meshjit
from meshjit import random
from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = r"""
K = np.array([0, 42], np.uint32)
KS = np.array([[0, 1], [2, 3], [4, 5]], np.uint32)


def typed(f):
    return lambda k: f(random.wrap_key_data(k))


CASES = {
    "seed": (lambda: (random.key(0), random.PRNGKey(3)), ()),
    "raw_uniform": (lambda k: random.uniform(k, (3,)), (K,)),
    "raw_normal_of_split": (lambda k: random.normal(random.split(k)[1]), (K,)),
    "raw_bernoulli": (lambda k: random.bernoulli(k, 0.3, (3,)), (K,)),
    "raw_split_fold_in_bits": (lambda k: (random.split(k, 3), random.fold_in(k, 3), random.bits(k, (2,))), (K,)),
    "typed_keys": (typed(lambda k: (random.split(k)[0], random.key_data(k), random.uniform(k))), (K,)),
    "vmap_uniform": (lambda k: jax.vmap(lambda kk: random.uniform(kk))(random.split(k, 4)), (K,)),
    "raw_randint": (lambda k: random.randint(k, (3,), 0, 5), (K,)),
    "raw_truncated_normal_choice": (lambda k: (random.truncated_normal(k, -1.0, 1.0, (2,)), random.choice(k, 5, (2,))), (K,)),
    "values_seeds": (jax.jit(lambda a, b, c, d: [random.key_data(random.key(s)) for s in (a, b, c, d)] + [random.PRNGKey(a), random.PRNGKey(7)]), (np.int32(-5), np.int8(-3), np.uint32(4000000000), np.uint16(9))),
    "values_vmap_seeds": (jax.vmap(random.PRNGKey), (np.arange(-2, 3, dtype=np.int32),)),
    "values_draws": (jax.jit(lambda k: (random.uniform(k, (3,)), random.normal(random.fold_in(k, 7), (2,)), random.bits(k, (2,), np.uint8), random.split(k, (2, 2)), random.randint(k, (4,), 0, 9))), (K,)),
    "values_batched_keys": (jax.jit(jax.vmap(lambda k, m: (random.uniform(k, (2,)), random.fold_in(k, m), random.split(k), random.bits(k)))), (KS, np.arange(3, dtype=np.uint32))),
    "values_vmap_fold_in": (jax.vmap(lambda m: random.fold_in(K, m)), (np.arange(4, dtype=np.uint32),)),
    "values_rbg": (lambda s: (lambda k: (random.key_data(random.split(k)), random.key_data(random.fold_in(k, 2)), random.bits(k, (3,))))(random.key(s, impl="rbg")), (np.int32(11),)),
}
""" + JAXPR_TEXT_RUN_CASE

CASES = [
    "seed", "raw_uniform", "raw_normal_of_split", "raw_bernoulli", "raw_split_fold_in_bits",
    "typed_keys", "vmap_uniform", "raw_randint", "raw_truncated_normal_choice", "values_seeds", "values_vmap_seeds", "values_draws",
    "values_batched_keys", "values_vmap_fold_in", "values_rbg",
]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_random_jaxpr_text_and_values_are_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case.startswith("values_"))


def test_key_marks_do_not_change_equality():
    """A key's data type is its data's for every rule (a jit cache, a scan carry): a typed
    key's aval prints `key<fry>[]` but equals the plain `u32[2]`."""
    closed = meshjit.make_jaxpr(lambda k: random.split(k)[0])(random.key(1))
    keys, plain = closed.jaxpr.invars[0].aval, closed.jaxpr.eqns[0].outvars[0].aval
    assert (keys.str_short(), str(keys)) == ("key<fry>[]", "key<fry>[]")
    assert keys == keys.with_key(None) and hash(keys) == hash(keys.with_key(None))
    assert plain.str_short() == "key<fry>[2]"
    carry = meshjit.lax.scan(lambda k, _: (random.split(k)[0], None), random.key(2), None, 3)[0]
    np.testing.assert_array_equal(
        random.key_data(carry),
        random.key_data(random.split(random.split(random.split(random.key(2))[0])[0])[0]),
    )


def test_a_jit_traced_on_plain_data_is_not_the_keys_trace():
    """A sampler's jit called eagerly first (plain uint32 data) is traced again for keys: its
    jaxpr then prints `key<fry>[]` (the trace cache tells the two apart)."""
    key = random.PRNGKey(5)
    eager = random.uniform(key, (7,))
    text = str(meshjit.make_jaxpr(lambda k: random.uniform(k, (7,)))(key))
    assert "random_bits[bit_width=32 shape=(7,)]" in text
    assert "{ lambda ; a:key<fry>[] b:f32[] c:f32[]. let" in text
    np.testing.assert_array_equal(meshjit.jit(lambda k: random.uniform(k, (7,)))(key), eager)
