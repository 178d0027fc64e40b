"""More lax functions, written over existing primitives: top_k, dynamic index helpers, full_like,
collapse, and `reduce` for the monoid computations that map onto the reduce primitives."""

from __future__ import annotations

import math
import operator

import numpy as np

from meshjit.compiler.errors import MeshjitError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import gather_scatter as lax_gather
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax import sorting as lax_sort
from meshjit.compiler.lax import wrappers as lax

__all__ = [
    "collapse",
    "dynamic_index_in_dim",
    "dynamic_update_index_in_dim",
    "dynamic_update_slice_in_dim",
    "full_like",
    "reduce",
    "top_k",
    "zeros_like_array",
]


def top_k(operand, k: int):
    """The `k` largest entries along the last axis, descending, and their int32 indices.

    Ties keep the lower index first, and NaNs count as the largest values (as XLA's TopK):
    sorting the reversed row stably and reversing the result gives both.
    """
    aval = lax.aval_of(operand)
    k = int(k)
    if aval.ndim == 0:
        raise MeshjitValueError("top_k needs an operand of rank >= 1, got a scalar")
    last = aval.ndim - 1
    if not 0 <= k <= aval.shape[last]:
        raise MeshjitValueError(
            f"top_k: k={k} must be in [0, {aval.shape[last]}] for {aval.str_short()} "
            "(k may not exceed the size of the last axis)"
        )
    iota = lax.broadcasted_iota(dtypes.int32, aval.shape, last)
    keys, ids = lax_sort.sort_key_val(
        lax_gather.rev(operand, (last,)), lax_gather.rev(iota, (last,)), dimension=last
    )
    n = aval.shape[last]
    values = lax.slice_in_dim(lax_gather.rev(keys, (last,)), 0, k, 1, last) if n else keys
    indices = lax.slice_in_dim(lax_gather.rev(ids, (last,)), 0, k, 1, last) if n else ids
    return values, indices


def dynamic_index_in_dim(operand, index, axis: int = 0, keepdims: bool = True):
    axis = checks.canonical_axis(axis, lax.aval_of(operand).ndim)
    out = lax.dynamic_slice_in_dim(operand, index, 1, axis)
    return out if keepdims else lax.squeeze(out, (axis,))


def dynamic_update_slice_in_dim(operand, update, start_index, axis: int):
    ndim = lax.aval_of(operand).ndim
    axis = checks.canonical_axis(axis, ndim)
    starts = [0] * ndim
    starts[axis] = start_index
    return lax.dynamic_update_slice(operand, update, starts)


def dynamic_update_index_in_dim(operand, update, index, axis: int):
    ndim = lax.aval_of(operand).ndim
    axis = checks.canonical_axis(axis, ndim)
    if lax.aval_of(update).ndim == ndim - 1:
        update = lax.expand_dims(update, (axis,))
    return dynamic_update_slice_in_dim(operand, update, index, axis)


def full_like(x, fill_value, dtype=None, shape=None):
    aval = lax.aval_of(x)
    dtype = aval.dtype if dtype is None else dtypes.canonicalize(dtype)
    return lax.full(aval.shape if shape is None else tuple(shape), fill_value, dtype)


def zeros_like_array(x):
    return full_like(x, 0)


def collapse(operand, start_dimension: int, stop_dimension: int | None = None):
    """Merges dimensions [start_dimension, stop_dimension) into one."""
    shape = lax.aval_of(operand).shape
    ndim = len(shape)
    stop = ndim if stop_dimension is None else int(stop_dimension)
    start, stop = (d + ndim if d < 0 else d for d in (int(start_dimension), stop))
    if not 0 <= start <= stop <= len(shape):
        raise MeshjitValueError(
            f"collapse: dimensions [{start_dimension}, {stop_dimension}) are not a range of "
            f"the shape {shape}"
        )
    merged = math.prod(shape[start:stop])
    return lax.reshape(operand, shape[:start] + (merged,) + shape[stop:])


def _reducers():
    """computation -> (reduce function, its identity for dtype, combine with an init value)."""
    from meshjit.compiler.numpy import api as jnp

    table = {
        (lax.add, jnp.add, operator.add): (lax.reduce_sum, lambda d: 0, lax.add),
        (lax.mul, jnp.multiply, operator.mul): (lax.reduce_prod, lambda d: 1, lax.mul),
        (lax.max, jnp.maximum, max): (lax.reduce_max, _lowest, lax.max),
        (lax.min, jnp.minimum, min): (lax.reduce_min, _highest, lax.min),
        (lax.bitwise_and, operator.and_): (lax.reduce_and, lambda d: True, lax.bitwise_and),
        (lax.bitwise_or, operator.or_): (lax.reduce_or, lambda d: False, lax.bitwise_or),
    }
    return {fn: rule for fns, rule in table.items() for fn in fns}


def _lowest(dtype):
    if dtypes.is_float(dtype):
        return -np.inf
    return np.iinfo(dtype).min if not dtypes.is_bool(dtype) else False


def _highest(dtype):
    if dtypes.is_float(dtype):
        return np.inf
    return np.iinfo(dtype).max if not dtypes.is_bool(dtype) else True


def reduce(operands, init_values, computation, dimensions):
    """lax.reduce for computation = add / mul / max / min (and bitwise and / or)."""
    rule = _reducers().get(computation)
    if rule is None:
        name = getattr(computation, "__name__", repr(computation))
        raise MeshjitError(
            f"lax.reduce: computation {name} is not supported; meshjit maps only lax.add, "
            "lax.mul, lax.max, lax.min, lax.bitwise_and and lax.bitwise_or onto its reductions"
        )
    single = not isinstance(operands, (list, tuple))
    xs = [operands] if single else list(operands)
    inits = [init_values] if single else list(init_values)
    if len(xs) != len(inits):
        raise MeshjitTypeError(f"lax.reduce: {len(xs)} operands but {len(inits)} init values")
    reduce_fn, identity, combine = rule
    outs = []
    for x, init in zip(xs, inits):
        dtype = lax.aval_of(x).dtype
        fn = reduce_fn
        if dtypes.is_bool(dtype) and fn in (lax.reduce_max, lax.reduce_min):
            fn = lax.reduce_or if fn is lax.reduce_max else lax.reduce_and
        out = fn(x, tuple(dimensions))
        if not _is_identity(init, identity(dtype)):
            out = combine(out, lax.convert_element_type(init, dtype))
        outs.append(out)
    return outs[0] if single else tuple(outs)


def _is_identity(init, identity) -> bool:
    try:
        value = np.asarray(init)
    except Exception:  # a traced init value: combine it in
        return False
    return value.shape == () and bool(value == identity)
