"""`jax.extend.random`: the PRNG implementations (threefry2x32, rbg, unsafe_rbg) as typed keys
name them, seeding with one, and the Threefry-2x32 hash and its primitive."""

import numpy as _np

from meshjit.compiler.errors import MeshjitTypeError as _MeshjitTypeError
from meshjit.compiler.random.keys import IMPLS as _IMPLS
from meshjit.compiler.random.keys import PRNGKeyArray as _PRNGKeyArray
from meshjit.compiler.random.keys import define_impl as _define_impl
from meshjit.compiler.random.keys import resolve_impl as _resolve_impl
from meshjit.compiler.random.prng import seed_data as _seed_data
from meshjit.compiler.random.threefry import threefry2x32 as _threefry2x32
from meshjit.compiler.random.threefry import threefry2x32_p

threefry_prng_impl = _IMPLS["threefry2x32"]
rbg_prng_impl = _IMPLS["rbg"]
unsafe_rbg_prng_impl = _IMPLS["unsafe_rbg"]


def random_seed(seeds, impl) -> _PRNGKeyArray:
    """A typed key of `impl` seeded with the integer `seeds`."""
    impl = _resolve_impl(impl)
    return _PRNGKeyArray(_seed_data(seeds, "random_seed", impl), impl)


def seed_with_impl(impl, seed) -> _PRNGKeyArray:
    """A typed key of `impl` seeded with `seed`."""
    return random_seed(seed, impl)


def define_prng_impl(*, key_shape, seed, split, random_bits, fold_in, name="<unnamed>", tag="?"):
    """A user-defined PRNG implementation, for `random.key(seed, impl=...)`: functions on one
    key of uint32 data of `key_shape` (`seed(int scalar)`, `split(key, shape)`,
    `random_bits(key, bit_width, shape)`, `fold_in(key, uint32 scalar)`), as JAX's."""
    return _define_impl(key_shape, (seed, split, random_bits, fold_in), name, tag)


def threefry_2x32(keypair, count):
    """The Threefry-2x32 hash of the uint32 array `count` under the key pair (two uint32
    scalars), of `count`'s shape: its flat halves hashed as counter pairs (an odd count
    padded with a zero), as JAX's."""
    from meshjit.compiler import numpy as jnp  # (the facade is loaded before any call)

    key1, key2 = keypair
    kinds = [_np.dtype(jnp.result_type(x)) for x in (key1, key2, count)]
    if any(k != _np.uint32 for k in kinds):  # JAX's words
        raise _MeshjitTypeError(f"threefry_2x32 requires uint32 arguments, got {kinds}")
    count = jnp.asarray(count)
    flat = count.ravel()
    odd = flat.shape[0] % 2
    if odd:
        flat = jnp.concatenate([flat, jnp.zeros(1, _np.uint32)])
    half = flat.shape[0] // 2
    y1, y2 = _threefry2x32(key1, key2, flat[:half], flat[half:])
    out = jnp.concatenate([y1, y2])
    return (out[:-1] if odd else out).reshape(count.shape)


__all__ = [
    "define_prng_impl",
    "random_seed",
    "rbg_prng_impl",
    "seed_with_impl",
    "threefry2x32_p",
    "threefry_2x32",
    "threefry_prng_impl",
    "unsafe_rbg_prng_impl",
]
