"""jax.extend.random.define_prng_impl as JAX 0.10.2's (one JAX subprocess): a user's PRNG
implementation (functions on one key) makes typed keys whose seeding, splitting, folding in and
bits run those functions, mapped over batches of keys as JAX maps them; the keys pass through
jit and vmap, samplers draw from their bits, key_impl gives the PRNGSpec define_prng_impl
returned, and wrap_key_data / key_data round-trip."""

import numpy as np

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
import importlib
ext = importlib.import_module(jax.__name__ + ".extend.random")
R = jax.random


def seed(s):
    s = jnp.asarray(s).astype(jnp.uint32)
    return jnp.stack([s, s * jnp.uint32(7) + jnp.uint32(1)])


def split(k, shape):
    n = int(np.prod(shape))
    steps = jnp.arange(1, n + 1, dtype=jnp.uint32).reshape(*shape, 1)
    return k * steps + steps


def fold_in(k, d):
    return k ^ jnp.asarray(d, jnp.uint32)


def random_bits(k, bit_width, shape):
    counts = jnp.arange(int(np.prod(shape)), dtype=jnp.uint32).reshape(shape)
    word = (k[0] * jnp.uint32(2654435761) + counts * k[1]) >> jnp.uint32(32 - bit_width) if bit_width < 32 else k[0] * jnp.uint32(2654435761) + counts * k[1]
    return word.astype({8: jnp.uint8, 16: jnp.uint16, 32: jnp.uint32}[bit_width])


spec = ext.define_prng_impl(key_shape=(2,), seed=seed, split=split, random_bits=random_bits, fold_in=fold_in, name="mine", tag="mn")
out["spec"] = np.array([repr(spec), str(spec)])
k = R.key(5, impl=spec)
out["key"] = np.array([str(k.dtype), repr(R.key_impl(k)), str(R.key_impl(k) == spec)])
out["data"] = R.key_data(k)
out["split"] = R.key_data(R.split(k, 3))
out["split2"] = R.key_data(R.split(R.split(k, 2), (2,)) if False else jax.vmap(lambda kk: R.split(kk, 2))(R.split(k, 3)))
out["fold_in"] = R.key_data(R.fold_in(k, 9))
out["fold_batched"] = R.key_data(jax.vmap(R.fold_in)(R.split(k, 3), jnp.arange(3)))
out["bits"] = R.bits(k, (4,))
out["bits8"] = R.bits(k, (3,), jnp.uint8)
out["uniform"] = R.uniform(k, (3,))
out["jit"] = R.key_data(jax.jit(lambda kk: R.split(R.fold_in(kk, 2), 2))(k))
out["jit_bits"] = jax.jit(lambda kk: R.bits(kk, (2,)))(k)
out["seeds"] = R.key_data(jax.vmap(lambda s: R.key(s, impl=spec))(jnp.arange(3)))
out["wrap"] = R.key_data(R.split(R.wrap_key_data(np.array([3, 4], np.uint32), impl=spec)))
"""


def test_user_prng_impl_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        np.testing.assert_array_equal(np.asarray(got[name]), value, err_msg=name)
