"""rng_bit_generator: XLA's stateless bit generator (stablehlo.rng_bit_generator), as JAX has it;
rng_uniform: XLA's stateful uniform generator (stablehlo.rng), JAX's discouraged experiment.

The key is a uint32[4] (the op's u64[2] seen as 32-bit words, as JAX passes it) or a
uint64[2]; the result is (the new key, bits of `shape` in an unsigned dtype). 8- and 16-bit
draws are 32-bit draws converted, as in JAX. Under vmap the first example's key draws the whole
batch, and only that example's key advances: JAX's rule, kept so the bits are JAX's.
"""

from __future__ import annotations

import enum

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray, register_pp_params
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
)
from meshjit.compiler.ir.sharding_rules import spec_of
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.lowering import constant, emit

__all__ = ["RandomAlgorithm", "rng_bit_generator", "rng_uniform"]


class RandomAlgorithm(enum.IntEnum):
    """Which PRNG algorithm rng_bit_generator uses."""

    RNG_DEFAULT = 0
    RNG_THREE_FRY = 1
    RNG_PHILOX = 2

    def __str__(self):
        return self.name


_ALGORITHMS = {
    RandomAlgorithm.RNG_DEFAULT: "DEFAULT",
    RandomAlgorithm.RNG_THREE_FRY: "THREE_FRY",
    RandomAlgorithm.RNG_PHILOX: "PHILOX",
}
_BIT_DTYPES = (dtypes.uint8, dtypes.uint16, dtypes.uint32, dtypes.uint64)

rng_bit_generator_p = Primitive("rng_bit_generator", multiple_results=True)
# JAX's params show the result's sharding too (None unless out_sharding is given)
register_pp_params(rng_bit_generator_p, lambda eqn, _: {"out_sharding": None, **eqn.params})


@abstract_eval_rules.register(rng_bit_generator_p)
def _abstract_eval(key, *, shape, dtype, algorithm):
    if not (
        (key.shape == (4,) and key.dtype == dtypes.uint32)
        or (key.shape == (2,) and key.dtype == dtypes.uint64)
    ):
        raise MeshjitTypeError(
            f"rng_bit_generator: the key must be uint32[4] (or uint64[2]), got {key.str_short()}"
        )
    return [ShapedArray(key.shape, key.dtype, key.weak_type), ShapedArray(shape, dtype)]


@lowering_rules.register(rng_bit_generator_p)
def _lowering(ctx, key, *, shape, dtype, algorithm):
    u32, u64 = ir.IntegerType.get_unsigned(32), ir.IntegerType.get_unsigned(64)
    key_aval, bits_aval = ctx.avals_out
    words = key_aval.dtype == dtypes.uint32
    if words:  # u32[4] -> u64[2]
        pairs = hlo.reshape(ir.RankedTensorType.get([2, 2], u32), key)
        key = hlo.bitcast_convert(ir.RankedTensorType.get([2], u64), pairs)
    drawn = dtype if dtype in _BIT_DTYPES else dtypes.uint32
    drawn_type = ctx.tensor_type(ShapedArray(shape, drawn))
    attr = hlo.RngAlgorithmAttr.get(_ALGORITHMS[RandomAlgorithm(algorithm)])
    new_key, bits = hlo.RngBitGeneratorOp(key.type, drawn_type, attr, key).results
    if words:
        pairs = hlo.bitcast_convert(ir.RankedTensorType.get([2, 2], u32), new_key)
        new_key = hlo.reshape(ir.RankedTensorType.get([4], u32), pairs)
    if drawn != dtype:
        bits = hlo.convert(ctx.tensor_type(bits_aval), bits)
    return [new_key, bits]


@jvp_rules.register(rng_bit_generator_p)
def _jvp(primals, tangents, **params):
    return rng_bit_generator_p.bind(*primals, **params), [None, None]


@sharding_rules.register(rng_bit_generator_p)
def _sharding(out, key, **params):
    return [spec_of(key), (None,) * len(out[1].shape)]


@batching_rules.register(rng_bit_generator_p)
def _batch(args, dims, *, shape, dtype, algorithm):
    from meshjit.compiler.lax import slicing
    from meshjit.compiler.lax.batching import moveaxis

    (keys,), (d,) = args, dims
    keys = moveaxis(keys, d, 0)
    size = aval_of(keys).shape[0]
    first = slicing.index_in_dim(keys, 0, keepdims=False)
    new_key, bits = rng_bit_generator_p.bind(
        first, shape=(size, *shape), dtype=dtype, algorithm=algorithm
    )
    new_keys = slicing.dynamic_update_index_in_dim(keys, new_key, 0, 0)
    return [new_keys, bits], [0, 0]


def rng_bit_generator(key, shape, dtype=np.uint32, algorithm=RandomAlgorithm.RNG_DEFAULT, *,
                      out_sharding=None):  # fmt: skip
    """(new key, random bits of `shape`) from XLA's generator (`algorithm`) and `key`."""
    dtype = np.dtype(dtype)
    if dtype not in _BIT_DTYPES:
        raise MeshjitTypeError(f"rng_bit_generator: unsupported dtype {dtype}")
    shape = tuple(int(d) for d in shape)
    new_key, bits = rng_bit_generator_p.bind(
        key, shape=shape, dtype=dtype, algorithm=RandomAlgorithm(algorithm)
    )
    if out_sharding is not None:
        from meshjit.compiler.parallel.explicit import computed_with  # a later family

        bits = computed_with(out_sharding, "rng_bit_generator", lambda b: b, bits)
    return new_key, bits


rng_uniform_p = Primitive("rng_uniform")


@abstract_eval_rules.register(rng_uniform_p)
def _rng_uniform_abstract_eval(a, b, *, shape):
    if a.dtype != b.dtype:  # JAX's words
        raise MeshjitValueError(
            f"Arguments to rng_uniform must have identical dtypes, got {a.dtype} and {b.dtype}."
        )
    if a.shape != () or b.shape != ():
        raise MeshjitValueError(
            f"Arguments to rng_uniform must be scalars; got shapes {a.shape} and {b.shape}."
        )
    return ShapedArray(shape, a.dtype, a.weak_type and b.weak_type)


@lowering_rules.register(rng_uniform_p)
def _rng_uniform_lowering(ctx, a, b, *, shape):
    dims = constant(ctx.module_ctx, np.array(shape, np.int64))
    uniform = hlo.RngDistributionAttr.get("UNIFORM")
    out_type = ctx.tensor_type(ctx.avals_out[0])
    return emit("stablehlo.rng", [out_type], [a, b, dims], {"rng_distribution": uniform}).result


@jvp_rules.register(rng_uniform_p)
def _rng_uniform_jvp(primals, tangents, **params):
    return rng_uniform_p.bind(*primals, **params), None


sharding_rules.register(rng_uniform_p, lambda out, a, b, *, shape: (None,) * len(shape))


def rng_uniform(a, b, shape):
    """Numbers drawn uniformly from [a, b) (scalars of one dtype) by XLA's stateful generator:
    each run draws anew. Prefer meshjit.random."""
    return rng_uniform_p.bind(a, b, shape=checks.concrete_shape("rng_uniform", shape))
