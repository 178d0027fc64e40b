"""Key operations on raw uint32 key data: threefry2x32 with JAX's
`jax_threefry_partitionable=True` layout, and rbg / unsafe_rbg (below) built on it and on XLA's
`rng_bit_generator`. `split`, `fold_in` and `bits` run the implementation of the key being used
(`keys.default_impl()`: the public function's key's, else `jax_default_prng_impl`).

Every threefry random value is threefry2x32 of a 64-bit counter, split into (hi, lo) uint32 words, under
one key. The counter of element `i` (row-major) of a draw of shape `shape` is `i` itself, made
from one iota per dimension times its stride so that any sharding of the result partitions the
hash. Then:

- `split(key, shape)`: the new key at `i` is the pair of hashes of counter `i`;
- `fold_in(key, m)`: the pair of hashes of the counter (0, m);
- `bits(key, width, shape)`: the XOR of the pair at `i`, truncated to `width` bits.

Key data may carry leading batch dimensions `(*batch, 2)`; results then lead with them (the
gamma sampler draws with one key per element). These functions bind into the current trace;
the public wrappers in `api` run them under jit.
"""

from __future__ import annotations

import functools
import math
from typing import Callable, NamedTuple

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitOverflowError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray, register_pp_params
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    lowering_rules,
    sharding_rules,
)
from meshjit.compiler.ir.shape_poly import is_constant_shape
from meshjit.compiler.ir.sharding_rules import spec_of
from meshjit.compiler.lax.ad_util import inline
from meshjit.compiler.lax.batching import all_to_front, moveaxis, size_of
from meshjit.compiler.numpy.util import aval_of
from meshjit.compiler.random.keys import (
    KEY_DTYPES,
    PRNGImpl,
    default_impl,
    is_typed_key,
)
from meshjit.compiler.random.threefry import threefry2x32
from meshjit.compiler.runtime.device_put import device_put
from meshjit.compiler.trace.tracing import current_trace, jax_type_str, not_numeric_words

UINT_DTYPES = {8: dtypes.uint8, 16: dtypes.uint16, 32: dtypes.uint32, 64: dtypes.uint64}
_U32_MASK = 0xFFFFFFFF


def iota_2x32(shape: tuple) -> tuple:
    """The (hi, lo) words of the row-major counters of an array of `shape`."""
    if is_constant_shape(shape) and math.prod(shape) >= 2**32:
        raise MeshjitValueError(
            f"random draws of more than 2**32 values (shape {shape}) are not supported"
        )
    zero = np.uint32(0)
    if not shape:
        return zero, zero
    lo, stride = None, 1
    for dim in reversed(range(len(shape))):
        term = lax.broadcasted_iota(dtypes.uint32, shape, dim)
        if stride != 1:  # (a symbolic stride, shape polymorphism, is converted as a value)
            term = lax.mul(term, lax.convert_element_type(stride, dtypes.uint32))
        lo = term if lo is None else lax.add(term, lo)
        stride *= shape[dim]
    return zero, lo


def _key_words(data, shape: tuple) -> tuple:
    """The two words of key data `(*batch, 2)`, broadcast against draws of `shape` per key."""
    batch = tuple(aval_of(data).shape[:-1])
    words = []
    for i in range(2):
        word = lax.squeeze(lax.slice_in_dim(data, i, i + 1, axis=len(batch)), (len(batch),))
        if batch and shape:
            word = lax.broadcast_in_dim(word, batch + shape, tuple(range(len(batch))))
        words.append(word)
    return batch, words


def _hash(data, shape: tuple):
    """threefry2x32 of every counter of `shape` under every key of `data`."""
    batch, (k1, k2) = _key_words(data, shape)
    hi, lo = iota_2x32(shape)
    if batch and shape:
        dims = tuple(range(len(batch), len(batch) + len(shape)))
        lo = lax.broadcast_in_dim(lo, batch + shape, dims)
    return threefry2x32(k1, k2, hi, lo)


def split(data, shape: tuple):
    """`prod(shape)` new keys from each key of `data`: data of shape `(*batch, *shape, words)`."""
    return random_split_p.bind_internal(data, shape=tuple(shape), impl=default_impl())


def fold_in(data, message):
    """The key made by folding the uint32 scalar `message` into each key of `data`."""
    return random_fold_in_p.bind_internal(data, message, impl=default_impl())


def bits(data, bit_width: int, shape: tuple):
    """Uniform random unsigned integers of `bit_width` bits, of shape `(*batch, *shape)`."""
    return random_bits_p.bind_internal(
        data, bit_width=bit_width, shape=tuple(shape), impl=default_impl()
    )


def threefry_split(data, shape: tuple):
    y1, y2 = _hash(data, shape)
    return _stack_words(y1, y2)


def _stack_words(y1, y2):
    ndim = aval_of(y1).ndim
    return lax.concatenate([lax.expand_dims(y1, (ndim,)), lax.expand_dims(y2, (ndim,))], ndim)


def threefry_fold_in(data, message):
    _, (k1, k2) = _key_words(data, ())
    y1, y2 = threefry2x32(k1, k2, np.uint32(0), message)
    return _stack_words(y1, y2)


def threefry_random_bits(data, bit_width: int, shape: tuple):
    y1, y2 = _hash(data, shape)
    if bit_width == 64:  # (x64 only) the two words side by side: hi << 32 | lo, as JAX
        hi, lo = (lax.convert_element_type(y, dtypes.uint64) for y in (y1, y2))
        return lax.bitwise_or(lax.shift_left(hi, np.uint64(32)), lo)
    out = lax.bitwise_xor(y1, y2)
    if bit_width == 32:
        return out
    return lax.convert_element_type(out, UINT_DTYPES[bit_width])


# ---------------------------------------------------------------------------------------------
# rbg and unsafe_rbg: four-word keys for XLA's rng_bit_generator, JAX 0.10.2's (experimental)
# implementations. An rbg key is two threefry keys side by side, split and folded as such; its
# bits are rng_bit_generator's. unsafe_rbg splits and folds with rng_bit_generator too. Batched
# keys `(*batch, 4)` draw as JAX's vmap of rng_bit_generator does: with the first key only.


def _halves(data):
    """rbg key data `(*batch, 4)` as two threefry keys `(*batch, 2, 2)`."""
    batch = tuple(aval_of(data).shape[:-1])
    return batch, lax.reshape(data, (*batch, 2, 2))


def _rbg_split(data, shape: tuple):
    batch, halves = _halves(data)
    keys = threefry_split(halves, shape)  # (*batch, 2, *shape, 2)
    n = len(batch)
    perm = (*range(n), *range(n + 1, n + 1 + len(shape)), n, n + 1 + len(shape))
    return lax.reshape(lax.transpose(keys, perm), (*batch, *shape, 4))


def _rbg_fold_in(data, message):
    batch, halves = _halves(data)
    if aval_of(message).ndim:  # one message per key: the same for both halves
        message = lax.broadcast_in_dim(message, (*batch, 2), tuple(range(len(batch))))
    return lax.reshape(threefry_fold_in(halves, message), (*batch, 4))


def _generate(data, shape: tuple, dtype):
    """rng_bit_generator's bits of `shape` per key of `data`, drawn with the first key."""
    batch = tuple(aval_of(data).shape[:-1])
    size = math.prod(batch)
    first = lax.reshape(lax.slice(lax.reshape(data, (size, 4)), (0, 0), (1, 4)), (4,))
    _, out = lax.rng_bit_generator(first, (size, *shape) if batch else shape, dtype)
    return lax.reshape(out, (*batch, *shape)) if batch else out


def _rbg_random_bits(data, bit_width: int, shape: tuple):
    return _generate(data, shape, UINT_DTYPES[bit_width])


def _unsafe_rbg_split(data, shape: tuple):
    batch = tuple(aval_of(data).shape[:-1])
    num = math.prod(shape)
    draws = _generate(data, (10 * num, 4), dtypes.uint32)  # ten draws per key as a hash
    n = len(batch)
    strided = lax.slice(draws, (0,) * (n + 2), (*batch, 10 * num, 4), (1,) * n + (10, 1))
    return lax.reshape(strided, (*batch, *shape, 4))


def _unsafe_rbg_fold_in(data, message):
    """Each key xor the last of ten draws seeded by its message; messages one per key draw as
    JAX's vmap of rng_bit_generator does: seeded by the first message, a row of draws per key."""
    batch = tuple(aval_of(message).shape)
    size = math.prod(batch)
    first = lax.slice(lax.reshape(message, (size,)), (0,), (1,))
    seed = lax.concatenate([np.zeros(1, dtypes.uint32), first], 0)
    shape = (size, 10, 4) if batch else (10, 4)
    _, draws = lax.rng_bit_generator(lax.concatenate([seed, seed], 0), shape, dtypes.uint32)
    if batch:
        last = lax.slice(draws, (0, 9, 0), (size, 10, 4))
        return lax.bitwise_xor(data, lax.reshape(last, (*batch, 4)))
    mask = lax.reshape(lax.slice(draws, (9, 0), (10, 4)), (4,))
    ndim = aval_of(data).ndim
    if ndim > 1:
        mask = lax.broadcast_in_dim(mask, aval_of(data).shape, (ndim - 1,))
    return lax.bitwise_xor(data, mask)


def threefry_seed(seeds):
    """JAX's key data of integer seeds: (hi, lo) 32-bit halves of each (hi 0 for a 32-bit
    seed, which is sign-extended first when narrower)."""
    aval = aval_of(seeds)
    if not dtypes.is_unsigned(aval.dtype) and aval.dtype.itemsize < 4:
        seeds = lax.convert_element_type(seeds, dtypes.int32)
    last = (aval.ndim,)
    lo = lax.expand_dims(lax.convert_element_type(seeds, dtypes.uint32), last)
    if aval.dtype.itemsize == 8:
        high = lax.shift_right_logical(seeds, np.array(32, aval.dtype))
        hi = lax.expand_dims(lax.convert_element_type(high, dtypes.uint32), last)
    else:
        hi = lax.full((*aval.shape, 1), 0, dtypes.uint32)
    return lax.concatenate([hi, lo], aval.ndim)


def _rbg_seed(seeds):
    """Four words: threefry's pair twice."""
    pair = threefry_seed(seeds)
    return lax.concatenate([pair, pair], aval_of(seeds).ndim)


class ImplOps(NamedTuple):
    """An implementation's functions, named and ordered as JAX's PRNGImpl fields."""

    seed: Callable
    split: Callable
    random_bits: Callable
    fold_in: Callable


_IMPL_OPS = {
    "threefry2x32": ImplOps(threefry_seed, threefry_split, threefry_random_bits, threefry_fold_in),
    "rbg": ImplOps(_rbg_seed, _rbg_split, _rbg_random_bits, _rbg_fold_in),
    "unsafe_rbg": ImplOps(_rbg_seed, _unsafe_rbg_split, _rbg_random_bits, _unsafe_rbg_fold_in),
}


# A user's implementation (define_prng_impl): its functions take one key (and one message), so
# key data `(*keys, words)` is mapped over its key dimensions, as JAX's iterated vmaps do.


def _over_keys(fun, ndim: int, in_axes=0):
    from meshjit.compiler.batching.api import vmap  # (a later layer: batching's public vmap)

    for _ in range(ndim):
        fun = vmap(fun, in_axes=in_axes)
    return fun


def _user_ops(impl: PRNGImpl) -> ImplOps:
    user_seed, user_split, user_bits, user_fold_in = impl.ops

    def seed(seeds):
        return _over_keys(user_seed, aval_of(seeds).ndim)(seeds)

    def split(data, shape):
        return _over_keys(lambda k: user_split(k, shape), aval_of(data).ndim - 1)(data)

    def random_bits(data, bit_width, shape):
        return _over_keys(lambda k: user_bits(k, bit_width, shape), aval_of(data).ndim - 1)(data)

    def fold_in(data, msgs):
        ndim = aval_of(data).ndim - 1
        in_axes = (0, None) if aval_of(msgs).ndim == 0 else 0
        return _over_keys(user_fold_in, ndim, in_axes)(data, msgs)

    return ImplOps(seed, split, random_bits, fold_in)


def impl_ops(impl: PRNGImpl) -> ImplOps:
    """The functions on key data of `impl` (a user's mapped over the keys)."""
    return _user_ops(impl) if impl.ops is not None else _IMPL_OPS[impl.name]


def impl_repr(impl: PRNGImpl) -> str:
    """`impl` as JAX's PRNGImpl NamedTuple prints (its errors show it): the key shape, the
    functions, the name and the tag."""
    ops = ImplOps(*impl.ops) if impl.ops is not None else _IMPL_OPS[impl.name]
    fields = [f"key_shape={impl.key_shape}"]
    fields += [f"{name}={fun!r}" for name, fun in zip(ImplOps._fields, ops)]
    return f"PRNGImpl({', '.join(fields)}, name={impl.name!r}, tag={impl.tag!r})"


# ---------------------------------------------------------------------------------------------
# The primitives, as JAX's: random_bits, random_split, random_fold_in and random_seed on key
# data (typed keys are their uint32 data here: `(*keys, words)`), each lowered as its
# implementation's ops above. Their `impl` param (hidden in the printed jaxpr: JAX's keys carry
# it in their dtype) names the implementation.

random_bits_p = Primitive("random_bits")
random_split_p = Primitive("random_split")
random_fold_in_p = Primitive("random_fold_in")
random_seed_p = Primitive("random_seed")


def _keys_aval(shape: tuple, impl: PRNGImpl) -> ShapedArray:
    return ShapedArray(shape, dtypes.uint32).with_key(KEY_DTYPES[impl.scope_name].name)


def _check_key_data(name: str, keys, impl: PRNGImpl) -> None:
    if keys.dtype != dtypes.uint32 or keys.shape[-1:] != impl.key_shape:
        raise MeshjitTypeError(
            f"{name} takes {impl.name} key data (uint32, shape ending in {impl.key_shape}), got "
            f"{keys.str_short()}"
        )


@abstract_eval_rules.register(random_bits_p)
def _random_bits_abstract_eval(keys, *, bit_width: int, shape: tuple, impl: PRNGImpl):
    _check_key_data("random_bits", keys, impl)
    return ShapedArray((*keys.shape[:-1], *shape), UINT_DTYPES[bit_width])


@abstract_eval_rules.register(random_split_p)
def _random_split_abstract_eval(keys, *, shape: tuple, impl: PRNGImpl):
    _check_key_data("random_split", keys, impl)
    return _keys_aval((*keys.shape[:-1], *shape, *impl.key_shape), impl)


@abstract_eval_rules.register(random_fold_in_p)
def _random_fold_in_abstract_eval(keys, msgs, *, impl: PRNGImpl):
    _check_key_data("random_fold_in", keys, impl)
    if msgs.dtype != dtypes.uint32 or msgs.shape not in ((), keys.shape[:-1]):
        raise MeshjitTypeError(
            f"random_fold_in folds uint32 scalars (one per key) into keys, got "
            f"{msgs.str_short()} for {keys.str_short()}"
        )
    return _keys_aval(keys.shape, impl)


@abstract_eval_rules.register(random_seed_p)
def _random_seed_abstract_eval(seeds, *, impl: PRNGImpl):
    return _keys_aval((*seeds.shape, *impl.key_shape), impl)


def _fold_in_impl(keys, msgs, *, impl: PRNGImpl):
    """A scalar message folds into every key (JAX vmaps the implementation over the keys with
    the message unmapped: unsafe_rbg's mask is one draw), else one message per key."""
    return impl_ops(impl).fold_in(keys, msgs)


def _seed_impl(seeds, *, impl: PRNGImpl):
    return impl_ops(impl).seed(seeds)


def _lowered(impl_fun):
    def rule(ctx, *operands, **params):
        (out,) = inline(ctx, lambda *xs: [impl_fun(*xs, **params)], operands, ctx.avals_in)
        return out

    return rule


lowering_rules.register(
    random_bits_p,
    _lowered(
        lambda keys, *, bit_width, shape, impl: impl_ops(impl).random_bits(keys, bit_width, shape)
    ),
)
lowering_rules.register(
    random_split_p, _lowered(lambda keys, *, shape, impl: impl_ops(impl).split(keys, shape))
)
lowering_rules.register(random_fold_in_p, _lowered(_fold_in_impl))


def _random_seed_lowering(ctx, seeds, *, impl: PRNGImpl):
    """JAX checks a traced seed's dtype as it lowers the seeding (so a key jit drops is not
    checked: JAX 0.10.2 takes `jit(lambda: random.PRNGKey(1.5))` when the key is unused)."""
    _check_integer_seed(ctx.avals_in[0])
    return _lowered(_seed_impl)(ctx, seeds, impl=impl)


lowering_rules.register(random_seed_p, _random_seed_lowering)


def _keys_in_place_rule(prim: Primitive):
    """Batching of a primitive on one operand of keys (or seeds): the mapped axis stays where
    it is (JAX's vectorized batching), among the keys' dimensions that lead the result. Where
    it sits matters to rbg's bits, drawn with the first key in the keys' order (x64 fuzz seed
    3000512: a vmap over a key array's second dimension moved in front drew them transposed)."""

    def rule(args, dims, **params):
        (x,), (dim,) = args, dims
        return prim.bind(x, **params), dim

    batching_rules.register(prim, rule)


for _prim in (random_bits_p, random_split_p, random_seed_p):
    _keys_in_place_rule(_prim)


@batching_rules.register(random_fold_in_p)
def _random_fold_in_batching(args, dims, *, impl: PRNGImpl):
    if dims[1] is None and not aval_of(args[1]).ndim:  # one message for every key, as JAX's
        # broadcasting batcher leaves it (unsafe_rbg draws its mask once, not once per key)
        return random_fold_in_p.bind(moveaxis(args[0], dims[0], 0), args[1], impl=impl), 0
    keys, msgs = all_to_front(args, dims, size_of(args, dims))
    batch = tuple(aval_of(keys).shape[:-1])
    if aval_of(msgs).shape != batch:  # one message per key of a batched key array
        msgs = lax.broadcast_in_dim(msgs, batch, tuple(range(aval_of(msgs).ndim)))
    return random_fold_in_p.bind(keys, msgs, impl=impl), 0


def _keys_sharding(out, keys, *rest, seeds: bool = False, **params):
    """The keys' (or seeds') dimensions keep their sharding; drawn, split and word dimensions
    are replicated."""
    spec = spec_of(keys) if seeds else spec_of(keys)[:-1]
    return (*spec, *(None,) * (len(out.shape) - len(spec)))


sharding_rules.register(random_seed_p, functools.partial(_keys_sharding, seeds=True))
for _prim in (random_bits_p, random_split_p, random_fold_in_p):
    sharding_rules.register(_prim, _keys_sharding)
    register_pp_params(_prim, lambda eqn, _: {k: v for k, v in eqn.params.items() if k != "impl"})


# ---------------------------------------------------------------------------------------------
# Seeds.


def seed_data(seed, ctor_name: str, impl: PRNGImpl):
    """The key data of `impl` JAX makes from an integer seed: (hi, lo), the two 32-bit halves of
    a 64-bit seed (x64 on), or (0, seed mod 2**32) for a 32-bit one (every seed with x64 off); a
    key of 4 words (rbg) holds that pair twice. While tracing, `random_seed` makes it (marked as
    keys of `impl`), as JAX's jaxprs show."""
    words = impl.key_shape[0]
    if impl.ops is not None:  # a user's implementation: its seed function, as JAX runs it
        return random_seed_p.bind(_user_seed_operand(seed, ctor_name), impl=impl)
    if isinstance(seed, (bool, int)) and not isinstance(seed, np.generic):
        if not -(2**63) <= seed < 2**63:
            err = MeshjitOverflowError("Python int too large to convert to C long")  # JAX's
            err.add_note(f"{ctor_name}: the seed {seed} does not fit in a 64-bit integer")
            raise err
        int_type = np.int64 if dtypes.x64_enabled else np.int32
        info = np.iinfo(int_type)
        if current_trace() is not None and info.min <= seed <= info.max:
            return random_seed_p.bind_internal(int_type(seed), impl=impl)
        return _concrete_key(seed, dtypes.x64_enabled, words)
    aval = _seed_aval(seed, ctor_name)
    if current_trace() is not None:
        return random_seed_p.bind_internal(seed, impl=impl)
    return _concrete_key(int(np.asarray(seed).item()), aval.dtype.itemsize == 8, words)


def _user_seed_operand(seed, ctor_name: str):
    """JAX's seed operand: a Python int as a default-width int array, else the seed array."""
    if isinstance(seed, (bool, int)) and not isinstance(seed, np.generic):
        return np.asarray(seed, np.int64 if dtypes.x64_enabled else np.int32)
    _seed_aval(seed, ctor_name)
    return seed


def _seed_aval(seed, ctor_name: str):
    if is_typed_key(seed):
        raise MeshjitTypeError(
            f"{ctor_name} accepts a scalar seed, but was given a PRNG key. (Typed keys and "
            "seeds do not mix.)"
        )
    if seed is None:  # JAX makes an array of the seed
        raise MeshjitValueError(f"None is not a valid value for jnp.array ({ctor_name}'s seed)")
    try:
        aval = aval_of(seed)
    except MeshjitTypeError as e:
        err = MeshjitTypeError((not_numeric_words(seed) or str(e)).strip())  # JAX's words
        err.add_note(
            f"{ctor_name}: the seed must be an integer scalar, got a {type(seed).__name__}"
        )
        raise err from None
    if aval.shape:
        raise MeshjitTypeError(
            f"{ctor_name} accepts a scalar seed, but was given an array of shape {aval.shape} "
            "!= (). Use jax.vmap for batching"
        )
    if current_trace() is None:  # a traced seed is checked as it lowers, as JAX's
        _check_integer_seed(aval)
    return aval


def _check_integer_seed(aval: ShapedArray) -> None:
    """JAX's words: its seeding runs under jit, so the seed prints as a jit tracer."""
    if not dtypes.is_int(aval.dtype):
        raise MeshjitTypeError(
            f"PRNG key seed must be an integer; got JitTracer({jax_type_str(aval)})"
        )


def _concrete_key(seed: int, wide: bool, words: int):
    hi = (seed >> 32) & _U32_MASK if wide else 0
    data = np.array([hi, seed & _U32_MASK] * (words // 2), dtypes.uint32)
    return data if current_trace() is not None else device_put(data)
