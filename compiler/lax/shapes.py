"""Shape primitives (broadcast_in_dim, reshape, squeeze, transpose, iota, concatenate, pad)
with all their rules and wrappers, and the shape helpers built on them (full, expand_dims, ...)."""

from __future__ import annotations

import builtins
import enum
import functools
import math
from typing import Sequence

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler import lowering_dims as dims_lowering
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import (
    ShapedArray,
    keys_kept,
    of_keys,
    register_pp_params,
    shaped_array,
)
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    key_data_rules,
    lowering_rules,
    sharding_rules,
    takes_extended,
    transpose_rules,
)
from meshjit.compiler.ir.shape_poly import int_or_symbolic, is_constant_dim
from meshjit.compiler.ir.sharding_rules import (
    ShardingTypeError,
    broadcasting,
    entry_axes,
    sliced,
    spec_of,
)
from meshjit.compiler.lax import ad_util, elementwise
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import aval_of, is_undefined, linear_jvp
from meshjit.compiler.lax.batching import all_to_front, moveaxis, size_of
from meshjit.compiler.lax.elementwise import convert_element_type
from meshjit.compiler.lowering import Located, OneOp, constant, emit
from meshjit.compiler.trace.tracing import Tracer, current_trace, jax_type_str
from meshjit.dialects.util import BoundedCache

# ---------------------------------------------------------------------------------------------
# The primitives and their abstract evaluation.

broadcast_in_dim_p = Primitive("broadcast_in_dim")


def _pp_broadcast_in_dim(eqn, _):
    dims = eqn.params["broadcast_dimensions"]  # the shape is the binder's type
    dims = dims[:-1] if of_keys(eqn) else dims
    return {"broadcast_dimensions": dims} if dims else {}


register_pp_params(broadcast_in_dim_p, _pp_broadcast_in_dim)


@abstract_eval_rules.register(broadcast_in_dim_p)
def _broadcast_in_dim_rule(x, *, shape, broadcast_dimensions, sharding=None):
    # One pass over the dimensions (this runs once per traced broadcast); the checks below, in
    # their order, say what is wrong.
    rank, ok = len(shape), len(broadcast_dimensions) == len(x.shape)
    for d, dim in zip(x.shape, broadcast_dimensions) if ok else ():
        if not (0 <= dim < rank and (d == 1 or d == shape[dim])):
            ok = False
            break
    if not ok:
        _check_broadcast_in_dim(x, shape, broadcast_dimensions)
    out = shaped_array(shape, x.dtype, x.weak_type)
    if x.key is not None and broadcast_dimensions[-1:] == (rank - 1,):
        out = keys_kept(x, out)
    return out


def _check_broadcast_in_dim(x, shape, broadcast_dimensions) -> None:
    if len(broadcast_dimensions) != x.ndim:
        raise MeshjitTypeError(
            "broadcast_in_dim broadcast_dimensions must have length equal to operand ndim; got "
            f"broadcast_dimensions {tuple(broadcast_dimensions)} for operand ndim {x.ndim}. "
            f"({x.str_short()} needs {x.ndim} broadcast_dimensions)"
        )
    if any(not 0 <= dim < len(shape) for dim in broadcast_dimensions):
        raise MeshjitTypeError(  # JAX's words
            "broadcast_in_dim broadcast_dimensions must be a subset of output dimensions, got "
            f"{tuple(broadcast_dimensions)} for operand ndim {x.ndim} and shape {tuple(shape)}."
        )
    for d, dim in zip(x.shape, broadcast_dimensions):
        if d not in (1, shape[dim]):
            raise MeshjitTypeError(
                "broadcast_in_dim operand dimension sizes must either be 1, or be equal to their "
                "corresponding dimensions in the target broadcast shape; got operand of shape "
                f"{x.shape}, target broadcast shape {shape}, broadcast_dimensions "
                f"{broadcast_dimensions}"
            )


reshape_p = Primitive("reshape")


def _pp_reshape(eqn, _):
    sizes = eqn.params["new_sizes"]
    sizes = sizes[:-1] if of_keys(eqn) else sizes
    return {"dimensions": None, **eqn.params, "new_sizes": sizes, "sharding": None}


register_pp_params(reshape_p, _pp_reshape)


@abstract_eval_rules.register(reshape_p)
def _reshape_rule(x, *, new_sizes):
    if math.prod(new_sizes) != x.size:  # as JAX's lax.reshape (its verifier): a ValueError
        raise MeshjitValueError(
            f"reshape: number of output elements ({math.prod(new_sizes)}) doesn't match expected "
            f"number of elements ({x.size}): {x.str_short()} cannot be reshaped to {new_sizes}"
        )
    return keys_kept(x, shaped_array(new_sizes, x.dtype, x.weak_type))


transpose_p = Primitive("transpose")
register_pp_params(
    transpose_p,
    lambda eqn, _: {"permutation": eqn.params["permutation"][: -1 if of_keys(eqn) else None]},
)


@abstract_eval_rules.register(transpose_p)
def _transpose_rule(x, *, permutation):
    if sorted(permutation) != list(range(x.ndim)):
        raise MeshjitTypeError(
            "transpose permutation isn't a permutation of operand dimensions, got permutation "
            f"{permutation} for operand shape {x.shape}."
        )
    out = ShapedArray(tuple(x.shape[p] for p in permutation), x.dtype, x.weak_type)
    return keys_kept(x, out) if permutation[-1:] == (x.ndim - 1,) else out


squeeze_p = Primitive("squeeze")


@abstract_eval_rules.register(squeeze_p)
def _squeeze_rule(x, *, dimensions):
    for d in dimensions:
        if x.shape[d] != 1:
            raise MeshjitValueError(
                "cannot select an axis to squeeze out which has size not equal to one, got "
                f"shape={x.shape} and dimensions={dimensions}"
            )
    shape = tuple(s for i, s in enumerate(x.shape) if i not in dimensions)
    out = ShapedArray(shape, x.dtype, x.weak_type)
    if x.key is not None and x.ndim - 1 not in dimensions:  # keys' data squeezed by keys
        out.key = x.key
    return out


iota_p = Primitive("iota")
register_pp_params(iota_p, lambda eqn, _: {**eqn.params, "sharding": None})


@abstract_eval_rules.register(iota_p)
def _iota_rule(*, dtype, shape, dimension):
    if dtypes.is_bool(dtype):
        raise MeshjitTypeError(  # JAX's words
            "iota does not accept dtype bool. Accepted dtypes are subtypes of integer, floating, "
            "complexfloating."
        )
    return ShapedArray(shape, dtype)


class MemorySpace(enum.Enum):
    """Where a value lives, as JAX's params print it (MemorySpace.Device)."""

    Device = "device"


# JAX's empty2: a scalar whose value no one reads (a cond branch's filler for the residuals
# another branch makes), lowered as a zero
empty2_p = Primitive("empty2")


@abstract_eval_rules.register(empty2_p)
def _empty2_rule(*, dtype, memory_space):
    return ShapedArray((), dtype)


concatenate_p = Primitive("concatenate")


@abstract_eval_rules.register(concatenate_p)
def _concatenate_rule(*xs, dimension):
    if not xs:
        raise MeshjitValueError("concatenate needs at least one array")
    first = xs[0]
    for x in xs:
        if x.ndim != first.ndim or any(
            a != b for i, (a, b) in enumerate(zip(x.shape, first.shape)) if i != dimension
        ):
            got = ", ".join(str(v.shape) for v in xs)
            raise MeshjitTypeError(  # JAX's words
                "Cannot concatenate arrays with shapes that differ in dimensions other than the "
                f"one being concatenated: concatenating along dimension {dimension} for shapes "
                f"{got}."
            )
    checks.same_dtypes("concatenate", xs)
    shape = list(first.shape)
    shape[dimension] = sum(x.shape[dimension] for x in xs)
    return keys_kept(first, ShapedArray(shape, first.dtype, all(x.weak_type for x in xs)))


pad_p = Primitive("pad")


@abstract_eval_rules.register(pad_p)
def _pad_rule(x, padding_value, *, padding_config):
    if padding_value.shape != ():
        raise MeshjitValueError(  # JAX's words
            f"padding_value must be a scalar; got np.shape(padding_value)={padding_value.shape}"
        )
    if padding_value.dtype != x.dtype:
        raise MeshjitTypeError(
            f"pad value must be a scalar of {x.dtype}, got {padding_value.str_short()}"
        )
    if len(padding_config) != x.ndim:
        raise MeshjitValueError(
            "length of padding_config must equal the number of axes of operand, got "
            f"padding_config {padding_config} for operand shape {x.shape}"
        )
    shape = []
    for d, (lo, hi, interior) in zip(x.shape, padding_config):
        if interior < 0:
            raise MeshjitValueError(
                "interior padding in padding_config must be nonnegative, got padding_config "
                f"{tuple(map(tuple, padding_config))}"
            )
        size = lo + hi + (d if d == 0 or interior == 0 else d + (d - 1) * interior)  # as JAX
        shape.append(int(size) if isinstance(size, np.integer) else size)  # (NumPy int params)
    if any(n < 0 for n in shape):
        raise MeshjitValueError(
            f"Dimension size after padding is not at least 0, got result shape {tuple(shape)}, "
            f"for padding_config {tuple(map(tuple, padding_config))} and operand shape {x.shape}"
        )
    # As JAX: weakly typed only when the padding value is too (a strong zero makes it strong).
    return ShapedArray(shape, x.dtype, x.weak_type and padding_value.weak_type)


# ---------------------------------------------------------------------------------------------
# Lowering.


def _broadcast_in_dim_lowering(ctx, loc, x):
    params, mctx = ctx.eqn.params, ctx.module_ctx
    dims = params["broadcast_dimensions"]
    if mctx.dim_vars:
        return dims_lowering.broadcast(mctx, x, ctx.result_type, params["shape"], dims)
    attrs = mctx.attributes.get(("broadcast_in_dim", dims))
    if attrs is None:
        attrs = {"broadcast_dimensions": mctx.i64_array(dims)}
        mctx.attributes["broadcast_in_dim", dims] = attrs
    # built here, not with `emit`: a call less for one of the commonest equations
    return ir.Operation.create(_BROADCAST, [ctx.result_type], [x], attrs, loc=loc).result


_BROADCAST = "stablehlo.broadcast_in_dim"


lowering_rules.register(broadcast_in_dim_p, Located(_broadcast_in_dim_lowering))


lowering_rules.register(reshape_p, OneOp("stablehlo.reshape", elementwise=False))
lowering_rules.register(squeeze_p, OneOp("stablehlo.reshape", elementwise=False))


def _transpose_lowering(ctx, x, *, permutation):
    return hlo.TransposeOp(x, list(permutation)).result


lowering_rules.register(transpose_p, _transpose_lowering)


def _iota_lowering(ctx, *, dtype, shape, dimension):
    if ctx.module_ctx.dim_vars:
        return dims_lowering.iota(ctx.module_ctx, ctx.result_type, shape, dimension)
    return hlo.IotaOp(ctx.result_type, dimension).result


lowering_rules.register(iota_p, _iota_lowering)


def _empty2_lowering(ctx, *, dtype, memory_space):
    return constant(ctx.module_ctx, np.zeros((), dtype))


lowering_rules.register(empty2_p, _empty2_lowering)


def _concatenate_lowering(ctx, *xs, dimension):
    return hlo.ConcatenateOp(list(xs), dimension).result


lowering_rules.register(concatenate_p, _concatenate_lowering)


def _pad_lowering(ctx, x, value, *, padding_config):
    lo, hi, interior = zip(*padding_config) if padding_config else ((), (), ())
    if not dims_lowering.is_static(lo + hi + interior):  # symbolic edges: dynamic_pad
        mctx = ctx.module_ctx
        edges = [dims_lowering.shape_tensor(mctx, p) for p in (lo, hi, interior)]
        return emit("stablehlo.dynamic_pad", [ctx.result_type], [x, value, *edges]).result
    if any(p < 0 for p in lo + hi):
        return _negative_pad(ctx, x, value, padding_config)
    return hlo.PadOp(x, value, list(lo), list(hi), list(interior)).result


def _negative_pad(ctx, x, value, padding_config):
    # StableHLO pad allows negative edges; the verifier accepts them, so emit them directly,
    # except a negative low edge on an interior-padded dim: XLA's SPMD partitioner aborts the
    # process on it when the dim is sharded (JAX too), so pad the positive parts and slice.
    lo, hi, interior = zip(*padding_config)
    if not any(low < 0 and i > 0 for low, i in zip(lo, interior)):
        return hlo.PadOp(
            x, value, list(lo), list(hi), list(interior), results=[ctx.result_type]
        ).result
    padded = hlo.PadOp(
        x, value, [max(p, 0) for p in lo], [max(p, 0) for p in hi], list(interior)
    ).result
    shape = padded.type.shape
    starts = [max(-p, 0) for p in lo]
    limits = [n - max(-p, 0) for n, p in zip(shape, hi)]
    return hlo.SliceOp(padded, starts, limits, [1] * len(shape)).result


lowering_rules.register(pad_p, _pad_lowering)


@takes_extended
def broadcast_in_dim(
    operand, shape: Sequence[int], broadcast_dimensions: Sequence[int], *, out_sharding=None
):
    if out_sharding is not None:
        from meshjit.compiler.parallel.explicit import computed_with  # a later family

        def bcast(operand):
            return broadcast_in_dim(operand, shape, broadcast_dimensions)

        return computed_with(out_sharding, "broadcast_in_dim", bcast, operand)
    checks.integer_elements("broadcast_in_dim", shape)
    shape = checks.nonnegative_shape("broadcast_in_dim", shape)
    dims = tuple(map(_kept_int, broadcast_dimensions))
    aval = aval_of(operand)
    if aval.shape == shape and dims == tuple(range(len(shape))) and not _is_scalar_literal(operand):
        return operand
    return broadcast_in_dim_p.bind_internal(
        operand, shape=shape, broadcast_dimensions=dims, sharding=None
    )


def _is_scalar_literal(x) -> bool:
    return isinstance(x, (bool, int, float, complex, np.generic, np.ndarray))


@takes_extended
def broadcast(operand, sizes: Sequence[int], *, out_sharding=None):
    """Adds leading dimensions `sizes`. None added: `operand` as an array, with no equation (as
    JAX's: a scalar stays a literal in jaxprs)."""
    if out_sharding is not None:
        from meshjit.compiler.parallel.explicit import computed_with  # a later family

        return computed_with(out_sharding, "broadcast", lambda x: broadcast(x, sizes), operand)
    if not len(sizes):
        from meshjit.compiler.numpy.util import materialize  # a later family

        return materialize(operand)
    aval = aval_of(operand)
    shape = tuple(sizes) + aval.shape
    return broadcast_in_dim(operand, shape, tuple(range(len(sizes), len(shape))))


@takes_extended
def reshape(
    operand, new_sizes: Sequence[int], dimensions: Sequence[int] | None = None, *, out_sharding=None
):
    if out_sharding is not None:
        from meshjit.compiler.parallel.explicit import computed_with  # a later family

        return computed_with(
            out_sharding,
            "reshape",
            lambda operand: reshape(operand, new_sizes, dimensions),
            operand,
        )
    new_sizes = checks.concrete_shape("reshape", new_sizes)
    if any(d < 0 for d in new_sizes):  # JAX's words
        raise MeshjitTypeError(f"reshape new_sizes must all be positive, got {new_sizes}.")
    if dimensions is not None and sorted(dimensions) != list(range(aval_of(operand).ndim)):
        raise MeshjitTypeError(  # JAX's words
            "reshape dimensions must be a permutation of operand dimensions, got dimensions "
            f"{tuple(dimensions)} for shape {aval_of(operand).shape}."
        )
    if dimensions is not None and tuple(dimensions) != tuple(range(len(dimensions))):
        operand = transpose(operand, dimensions)
    if aval_of(operand).shape == new_sizes and (new_sizes or type(operand) is not Tracer):
        return operand  # as JAX's: a traced scalar is reshaped all the same
    return reshape_p.bind_internal(operand, new_sizes=new_sizes)


@takes_extended
def transpose(operand, permutation: Sequence[int]):
    permutation = tuple(int(p) for p in permutation)
    if permutation == tuple(range(len(permutation))) and len(permutation) == aval_of(operand).ndim:
        return operand
    return transpose_p.bind_internal(operand, permutation=permutation)


@takes_extended
def squeeze(array, dimensions: Sequence[int]):
    ndim = aval_of(array).ndim
    dims = tuple(sorted(checks.canonical_axes(tuple(dimensions), ndim)))
    if not dims:
        return array
    return squeeze_p.bind_internal(array, dimensions=dims)


@takes_extended
def expand_dims(array, dimensions: Sequence[int]):
    aval = aval_of(array)
    ndim_out = aval.ndim + len(dimensions)
    if len(set(dimensions)) != len(dimensions):
        raise MeshjitValueError(f"repeated axis in lax.expand_dims: {tuple(dimensions)}")
    dims = sorted(checks.canonical_axes(tuple(dimensions), ndim_out))
    shape = list(aval.shape)
    for d in dims:
        shape.insert(d, 1)
    kept = [i for i in range(ndim_out) if i not in dims]
    return broadcast_in_dim(array, shape, kept)


def iota(dtype, size: int):
    return broadcasted_iota(dtype, (size,), 0)


def empty(aval: ShapedArray):
    """JAX's empty_like_aval: a value of `aval`'s shape and dtype no one reads (an empty2
    broadcast), typed and varying as `aval`."""
    out = empty2_p.bind_internal(dtype=aval.dtype, memory_space=MemorySpace.Device)
    if getattr(aval, "vma", None):
        out = varying_as(out, aval)
    if aval.shape:
        out = broadcast_in_dim(out, aval.shape, ())
    return ad_util.typed_like(out, aval)


def broadcasted_iota(dtype, shape: Sequence[int], dimension: int, *, out_sharding=None):
    if out_sharding is not None:
        from meshjit.compiler.parallel.explicit import computed_with  # a later family

        iota = lambda: broadcasted_iota(dtype, shape, dimension)
        return computed_with(out_sharding, "broadcasted_iota", iota)
    shape = checks.nonnegative_shape("iota", shape)
    if isinstance(dimension, int) and dimension >= len(shape):
        raise MeshjitValueError(  # JAX's words
            "iota dimension must be between 0 and len(shape), got "
            f"dimension={dimension} for shape={tuple(shape)}"
        )
    dimension = checks.canonical_axis(dimension, len(shape), "iota dimension")
    return iota_p.bind_internal(dtype=dtypes.canonicalize(dtype), shape=shape, dimension=dimension)


def concatenate(operands: Sequence, dimension: int):
    if not operands:  # JAX's ValueError and words
        raise MeshjitValueError("concatenate requires a non-empty sequences of arrays")
    if len(operands) == 1:
        return operands[0]
    ndim = aval_of(operands[0]).ndim
    if not -ndim <= dimension < ndim:  # JAX's TypeError
        shapes = ", ".join(str(aval_of(x).shape) for x in operands)
        raise MeshjitTypeError(
            f"concatenate dimension out of bounds: dimension {dimension} for shapes {shapes}."
        )
    dimension = checks.canonical_axis(dimension, ndim, "concatenate axis")
    return concatenate_p.bind_internal(*operands, dimension=dimension)


def pad(x, padding_value, padding_config: Sequence[tuple[int, int, int]]):
    config = tuple(tuple(map(_kept_int, edges)) for edges in padding_config)
    value_aval = aval_of(padding_value)
    value = padding_value
    if value_aval.dtype != aval_of(x).dtype:  # a Python scalar stays weak
        value = convert_element_type(
            padding_value, aval_of(x).dtype, weak_type=value_aval.weak_type
        )
    return pad_p.bind_internal(x, value, padding_config=config)


def _kept_int(d):
    """A parameter entry as JAX keeps it: a NumPy integer stays one (it prints so)."""
    return d if isinstance(d, np.integer) else int_or_symbolic(d)


def full(shape, fill_value, dtype=None, *, sharding=None):
    """`fill_value` broadcast to `shape` (laid out by `sharding` when given, as
    out_sharding= of jnp's creation functions)."""
    shape = (shape,) if isinstance(shape, int) else shape  # as JAX's canonicalize_shape
    shape = checks.nonnegative_shape("broadcast_in_dim", checks.concrete_shape("full", shape))
    if getattr(dtype, "is_extended", False):  # typed keys (JAX's extended dtypes)
        return _placed(dtype.full(shape, fill_value), sharding, "lax.full")
    fill_shape = np.shape(fill_value) if isinstance(fill_value, (int, float)) else None
    fill_shape = aval_of(fill_value).shape if fill_shape is None else fill_shape
    if fill_shape != ():
        raise MeshjitTypeError(  # JAX's words
            f"full must be called with scalar fill_value, got fill_value.shape {fill_shape}."
        )
    value = fill_value if dtype is None else convert_element_type(fill_value, dtype)
    if dtype is None and isinstance(fill_value, (bool, int, float, complex)):
        # a Python int past the default int's range wraps into it (JAX converts with NumPy);
        # a Python bool is not weakly typed (JAX's weak types are int, float and complex)
        weak = not isinstance(fill_value, bool)
        value = convert_element_type(
            fill_value, dtypes.python_scalar_dtype(fill_value), weak_type=weak
        )
    return _placed(broadcast(value, shape), sharding, "lax.full")


def _placed(x, sharding, what: str):
    if sharding is None:
        return x
    from meshjit.compiler.parallel.explicit import place  # a later family, needed at call time

    return place(x, sharding, what, sharding)


__all__ = sorted(
    name
    for name, value in dict(globals()).items()
    if not name.startswith("_")
    and callable(value)
    and getattr(value, "__module__", "") == __name__
    and name not in ("aval_of", "varying_as")
)


def full_like(x, fill_value, dtype=None, shape=None, sharding=None):
    """`fill_value` in x's shape and dtype; weakly typed when `x` is and no dtype is given
    (as JAX); laid out by `sharding` when given."""
    if dtype is None and getattr(getattr(x, "dtype", None), "is_extended", False):
        return full(x.shape if shape is None else shape, fill_value, x.dtype, sharding=sharding)
    aval = ad_util.aval_of(x)
    weak = dtype is None and aval.weak_type
    if sharding is None:
        sharding = like_sharding(x, shape, weak)
    shape = aval.shape if shape is None else tuple(shape)
    if weak:
        out = broadcast(convert_element_type(fill_value, aval.dtype, weak_type=True), shape)
        return varying_as(_placed(out, sharding, "lax.full_like"), aval)
    dtype = aval.dtype if dtype is None else dtypes.canonicalize(dtype)
    return varying_as(full(shape, fill_value, dtype, sharding=sharding), aval)


def varying_as(out, aval):
    """Inside a shard_map: `out` cast to vary over the manual axes `aval` varies over (JAX's
    full_like inserts that pvary)."""
    if not aval.vma:
        return out
    missing = aval.vma - aval_of(out).vma
    if not missing:
        return out
    env = getattr(current_trace(), "axis_env", None)
    if env is None:  # no shard_map being traced (no axes to vary over)
        return out
    from meshjit.compiler.parallel.collectives import pvary  # a later family

    return pvary(out, tuple(a for a in env.mesh.axis_names if a in missing))


def like_sharding(x, shape, weak_type: bool):
    """Where `full_like(x, shape=shape)` puts its result when no sharding is asked, as JAX: a
    traced x's typed sharding (shape not given); a committed Array's (or a ShapeDtypeStruct's)
    own when on concrete devices, the result keeps x's shape (or x is replicated) and is not
    weakly typed. None: the default device."""
    if isinstance(x, Tracer):
        return x.aval.sharding if shape is None and x.aval.spec_key is not None else None
    s = getattr(x, "sharding", None)
    if s is None or weak_type or not getattr(x, "_committed", True):
        return None
    from meshjit.compiler.parallel.sharding import AbstractMesh  # a later family

    if isinstance(getattr(s, "mesh", None), AbstractMesh):
        return None
    if shape is not None and tuple(np.atleast_1d(shape)) != tuple(np.shape(x)):
        return s if s.is_fully_replicated else None  # a new shape: only a replicated layout fits
    return s


def collapse(operand, start_dimension: int, stop_dimension: int | None = None):
    """Merges dimensions [start_dimension, stop_dimension) into one."""
    shape = ad_util.aval_of(operand).shape
    # as JAX's: the range as a Python slice of the dimensions (clipped to them, as slices are)
    start, stop, _ = builtins.slice(start_dimension, stop_dimension).indices(len(shape))
    if stop < start:
        raise MeshjitValueError(
            f"Invalid dimension range passed to collapse: {shape}"
            f"[{start_dimension}:{stop_dimension}]"
        )
    merged = math.prod(shape[start:stop])
    return reshape(operand, shape[:start] + (merged,) + shape[stop:])


for _prim in (broadcast_in_dim_p, reshape_p, squeeze_p, transpose_p, concatenate_p):
    linear_jvp(_prim)


# ---------------------------------------------------------------------------------------------
# Typed keys (random/key_ops.py): each op on their data, whose trailing dimension holds the
# words of each key.


@key_data_rules.register(reshape_p)
def _reshape_keys(eqn, words, keyed, x):
    return [reshape_p.bind(x, new_sizes=(*eqn.params["new_sizes"], words))], [True]


@key_data_rules.register(broadcast_in_dim_p)
def _broadcast_in_dim_keys(eqn, words, keyed, x):
    shape, dims = eqn.params["shape"], eqn.params["broadcast_dimensions"]
    params = {**eqn.params, "shape": (*shape, words), "broadcast_dimensions": (*dims, len(shape))}
    return [broadcast_in_dim_p.bind(x, **params)], [True]


@key_data_rules.register(transpose_p)
def _transpose_keys(eqn, words, keyed, x):
    perm = eqn.params["permutation"]
    return [transpose_p.bind(x, permutation=(*perm, len(perm)))], [True]


def _same_params_keys(prim, eqn, words, keyed, *xs):
    """An op whose params name only the keys' dimensions (squeeze, concatenate, rev)."""
    if not all(keyed):
        raise MeshjitTypeError(
            f"{prim.name} takes typed keys only with typed keys of the same kind: take "
            "random.key_data(keys) to mix them with other arrays"
        )
    return [prim.bind(*xs, **eqn.params)], [True]


for _prim in (squeeze_p, concatenate_p):
    key_data_rules.register(_prim, functools.partial(_same_params_keys, _prim))


def _weak_zeros_like(x):
    aval = aval_of(x)
    zero = ad_util.zeros_like_aval(aval)
    return convert_element_type(zero, aval.dtype, weak_type=True) if aval.weak_type else zero


@jvp_rules.register(pad_p)
def _pad_jvp(primals, tangents, *, padding_config):
    """Linear in both; a missing tangent is a zero as weakly typed as its primal (so a weak x
    padded with a Python scalar has a weak tangent, as in JAX)."""
    out = pad_p.bind(*primals, padding_config=padding_config)
    if all(t is None for t in tangents):
        return out, None
    tx, tv = (_weak_zeros_like(p) if t is None else t for p, t in zip(primals, tangents))
    return out, pad_p.bind(tx, tv, padding_config=padding_config)


@transpose_rules.register(broadcast_in_dim_p)
def _broadcast_in_dim_transpose(ct, x, *, shape, broadcast_dimensions, sharding=None):
    from meshjit.compiler.lax import reductions  # a later family

    # as JAX's: the operand's size-1 dimensions are summed too, then put back by expand_dims
    unit = [i for i, size in enumerate(x.aval.shape) if is_constant_dim(size) and size == 1]
    kept = {d for i, d in enumerate(broadcast_dimensions) if i not in unit}
    summed = [d for d in range(len(shape)) if d not in kept]
    return [expand_dims(reductions.reduce_sum(ct, summed), unit)]


@transpose_rules.register(reshape_p)
def _reshape_transpose(ct, x, *, new_sizes):
    return [reshape(ct, x.aval.shape)]


@transpose_rules.register(squeeze_p)
def _squeeze_transpose(ct, x, *, dimensions):
    return [expand_dims(ct, dimensions)]  # a broadcast_in_dim, as JAX's


@transpose_rules.register(transpose_p)
def _transpose_transpose(ct, x, *, permutation):
    return [transpose(ct, tuple(int(i) for i in np.argsort(permutation)))]


@transpose_rules.register(concatenate_p)
def _concatenate_transpose(ct, *xs, dimension):
    from meshjit.compiler.lax import slicing  # a later family

    cts, start = [], 0
    for x in xs:
        size = aval_of(x).shape[dimension]
        piece = slicing.slice_in_dim(ct, start, start + size, axis=dimension)
        cts.append(piece if is_undefined(x) else None)
        start += size
    return cts


def unpad(ct, padding_config):
    """The transpose of padding by `padding_config`: the entries the operand landed on."""
    from meshjit.compiler.lax import slicing  # a later family

    cropped = pad(ct, 0, [(-lo, -hi, 0) for lo, hi, _ in padding_config])
    shape = aval_of(cropped).shape
    return slicing.slice(cropped, [0] * len(shape), shape, [i + 1 for _, _, i in padding_config])


@transpose_rules.register(pad_p)
def _pad_transpose(ct, x, value, *, padding_config):
    from meshjit.compiler.lax import reductions  # a later family

    ct_x = unpad(ct, padding_config)
    ct_value = None
    if is_undefined(value):
        everything = reductions.reduce_sum(ct, range(aval_of(ct).ndim))
        ct_value = elementwise.sub(
            everything, reductions.reduce_sum(ct_x, range(aval_of(ct_x).ndim))
        )
    return [ct_x if is_undefined(x) else None, ct_value]


# ---------------------------------------------------------------------------------------------
# Batching: the mapped axis goes in front and the parameters gain a leading entry for it.


@batching_rules.register(broadcast_in_dim_p)
def _broadcast_in_dim_batcher(args, dims, *, shape, broadcast_dimensions, sharding=None):
    x = moveaxis(args[0], dims[0], 0)
    size = aval_of(x).shape[0]
    dims_out = (0,) + tuple(np.add(1, broadcast_dimensions))  # NumPy ints, as JAX prints them
    out = broadcast_in_dim_p.bind(
        x, shape=(size, *shape), broadcast_dimensions=dims_out, sharding=None
    )
    return out, 0


@batching_rules.register(reshape_p)
def _reshape_batcher(args, dims, *, new_sizes):
    x = moveaxis(args[0], dims[0], 0)
    return reshape(x, (aval_of(x).shape[0], *new_sizes)), 0  # (as JAX's: none when the same)


@batching_rules.register(transpose_p)
def _transpose_batcher(args, dims, *, permutation):
    (x,), (d,) = args, dims
    perm = (d,) + tuple(p if p < d else p + 1 for p in permutation)
    return transpose_p.bind(x, permutation=perm), 0


@batching_rules.register(squeeze_p)
def _squeeze_batcher(args, dims, *, dimensions):
    x = moveaxis(args[0], dims[0], 0)
    return squeeze_p.bind(x, dimensions=tuple(d + 1 for d in dimensions)), 0


@batching_rules.register(iota_p)
def _iota_batcher(args, dims, **params):
    return iota_p.bind(**params), None  # no operands: never mapped


@batching_rules.register(empty2_p)
def _empty2_batcher(args, dims, **params):
    return empty2_p.bind(**params), None  # no operands: never mapped


@batching_rules.register(concatenate_p)
def _concatenate_batcher(args, dims, *, dimension):
    xs = all_to_front(args, dims, size_of(args, dims))
    return concatenate_p.bind(*xs, dimension=dimension + 1), 0


@batching_rules.register(pad_p)
def _pad_batcher(args, dims, *, padding_config):
    (x, value), (dx, dv) = args, dims
    size = size_of(args, dims)
    config = ((0, 0, 0),) + tuple(padding_config)
    if dv is None:
        x = all_to_front([x], [dx], size)[0]
        return pad_p.bind(x, value, padding_config=config), 0
    # A mapped padding value: pad with zeros, then select each example's value where padded.
    x = all_to_front([x], [dx], size)[0]
    aval = aval_of(x)
    zero = convert_element_type(0, aval.dtype, weak_type=aval_of(value).weak_type)
    padded = pad_p.bind(x, zero, padding_config=config)
    inside = broadcast_in_dim_p.bind(
        np.bool_(True), shape=aval.shape, broadcast_dimensions=(), sharding=None
    )
    mask = pad_p.bind(inside, np.bool_(False), padding_config=config)
    out_shape = aval_of(padded).shape
    fill = broadcast_in_dim_p.bind(
        moveaxis(value, dv, 0), shape=out_shape, broadcast_dimensions=(0,), sharding=None
    )
    return elementwise.select(mask, padded, fill), 0


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode): dimensions that carry over keep their axes.


@sharding_rules.register(broadcast_in_dim_p)
def _broadcast_in_dim_sharding(out, x, *, shape, broadcast_dimensions, sharding=None):
    spec, xs = [None] * len(shape), spec_of(x)
    for i, d in enumerate(broadcast_dimensions):
        if x.shape[i] == shape[d]:
            spec[d] = xs[i]
    return tuple(spec)


@sharding_rules.register(transpose_p)
def _transpose_sharding(out, x, *, permutation):
    xs = spec_of(x)
    return tuple(xs[p] for p in permutation)


@sharding_rules.register(squeeze_p)
def _squeeze_sharding(out, x, *, dimensions):
    return tuple(e for i, e in enumerate(spec_of(x)) if i not in dimensions)


@sharding_rules.register(concatenate_p)
def _concatenate_sharding(out, *xs, dimension):
    """The operands' common sharding, the concatenated dimension's included: as JAX, typed
    operands must all have the same one."""
    typed_ = [x.sharding for x in xs if x.sharding is not None]
    if any(tuple(s.spec) != tuple(typed_[0].spec) for s in typed_[1:]):
        raise ShardingTypeError(
            "All operands should have the same sharding. Got shardings "
            + ", ".join(str(s) for s in typed_)
            + " (concatenate needs one; reshard the operands first)"
        )
    return broadcasting("concatenate")(out, *xs)


sharding_rules.register(pad_p, sliced("padding"))  # JAX's word


@sharding_rules.register(reshape_p)
def _reshape_sharding(out, x, *, new_sizes):
    xs = spec_of(x)
    if all(e is None for e in xs):
        return (None,) * len(new_sizes)
    key = (tuple(xs), x.shape, tuple(new_sizes), x.sharding.mesh.mesh_shape)
    spec = _RESHAPE_SPECS.get(key)
    if spec is None:
        spec = _reshape_spec(x, xs, new_sizes)
        _RESHAPE_SPECS.put(key, spec)
    return spec


_RESHAPE_SPECS = BoundedCache()  # (spec, shape, new sizes, mesh axis sizes) -> the result's spec


def _reshape_spec(x, xs, new_sizes) -> tuple:
    spec = [None] * len(new_sizes)
    for ins, outs in _reshape_groups(x.shape, new_sizes):
        entries = [xs[i] for i in ins]
        if all(e is None for e in entries):
            continue
        if len(ins) == 1 and len(outs) == 1:
            spec[outs[0]] = entries[0]
        elif len(ins) == 1 or len(outs) == 1:
            axes = _merged_axes(entries, x, new_sizes)
            for o, part in zip(outs, _split_axes(axes, [new_sizes[o] for o in outs], x, new_sizes)):
                spec[o] = part
        else:
            _reshape_error(x, new_sizes)
    return tuple(spec)


def _reshape_groups(old: tuple, new: tuple) -> list[tuple[list, list]]:
    """The dimensions of `old` and `new` (size-1 ones left out) in groups of equal product."""
    a = [i for i, n in enumerate(old) if n != 1]
    b = [j for j, n in enumerate(new) if n != 1]
    groups, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        gi, gj = [a[i]], [b[j]]
        pa, pb = old[a[i]], new[b[j]]
        i, j = i + 1, j + 1
        while pa != pb:
            if pa < pb:
                gi.append(a[i])
                pa *= old[a[i]]
                i += 1
            else:
                gj.append(b[j])
                pb *= new[b[j]]
                j += 1
        groups.append((gi, gj))
    return groups


def _merged_axes(entries, x, new_sizes) -> list:
    """The axes of merged dimensions, major to minor; a sharded dim after an unsharded one
    cannot merge (its blocks would not be contiguous)."""
    axes, seen_none = [], False
    for e in entries:
        if e is None:
            seen_none = True
            continue
        if seen_none:
            _reshape_error(x, new_sizes)
        axes.extend(entry_axes(e))
    return axes


def _split_axes(axes, sizes, x, new_sizes) -> list:
    """The axes of a split dimension handed to the new dimensions, major first: each takes
    axes while its size is still divisible."""
    mesh_sizes = x.sharding.mesh.shape
    it, out = iter(axes), []
    pending = next(it, None)
    for n in sizes:
        mine = []
        while n > 1 and pending is not None:
            n, rem = divmod(n, mesh_sizes[pending])
            if rem:
                _reshape_error(x, new_sizes)
            mine.append(pending)
            pending = next(it, None)
        out.append(None if not mine else mine[0] if len(mine) == 1 else tuple(mine))
    if pending is not None:
        _reshape_error(x, new_sizes)
    return out


def _reshape_error(x, new_sizes):
    raise ShardingTypeError(  # JAX's words
        "This reshape is not supported. Please specify the sharding of the output via the "
        f"`out_sharding` argument of jax.lax.reshape. Got operand type: {jax_type_str(x)}, new "
        f"sizes: {tuple(new_sizes)}"
    )


def broadcast_like(arr, like_arr):
    """`arr` broadcast (NumPy's trailing alignment) to the shape of `like_arr`, sharded as
    `like_arr`'s type (Explicit axes), as JAX's."""
    like = aval_of(like_arr)
    rank = len(aval_of(arr).shape)
    dims = tuple(range(len(like.shape) - rank, len(like.shape)))
    return broadcast_in_dim(arr, like.shape, dims, out_sharding=like.sharding)


def broadcast_to_rank(x, rank: int):
    """`x` with leading size-1 dimensions up to `rank`."""
    aval = aval_of(x)
    if aval.ndim >= rank:
        return x
    return reshape(x, (1,) * (rank - aval.ndim) + aval.shape)
