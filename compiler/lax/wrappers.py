"""meshjit.lax: thin wrappers that bind primitives, with JAX's lax signatures."""

from __future__ import annotations

from typing import Sequence

import numpy as np

import meshjit.compiler.lax.lowering_rules  # noqa: F401  (registers the lowering rules)
from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import primitives as lp
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.trace.tracing import abstractify, checked_dtype

aval_of = abstractify  # the aval of an operand: arrays, scalars, tracers


def _lax_operands(*xs):
    """lax ops take equal dtypes; Python scalars adopt the dtype of the array operands. Shapes
    are the primitive's business: it broadcasts rank-0 and size-1 operands, as JAX's lax does."""
    avals = [aval_of(x) for x in xs]
    first = avals[0].dtype
    if all(a.dtype == first for a in avals):
        return xs
    strong = [a for a in avals if not a.weak_type]
    target = (strong or avals)[0].dtype
    return [
        _convert_weak(x, target, keep_weak=not strong) if a.dtype != target and a.weak_type else x
        for x, a in zip(xs, avals)
    ]


def _convert_weak(x, target, keep_weak: bool):
    """A weak operand in `target`; it stays weak when every operand is weak (as in JAX)."""
    if not keep_weak:
        return convert_element_type(x, target)
    if type(x) is int and target == dtypes.float32:
        return float(x)  # a weak f32 literal
    return convert_element_type(x, target, weak_type=True)


def _unary(name):
    prim = lp.unary_p[name]

    def op(x):
        return prim.bind_internal(x)

    op.__name__ = name
    op.primitive = prim  # meshjit.numpy binds it directly on traced operands
    return op


def _binary(name, prim=None):
    prim = lp.binary_p[name] if prim is None else prim

    def op(x, y):
        return prim.bind_internal(*_lax_operands(x, y))

    op.__name__ = name
    op.primitive = prim  # callers whose operands already share a dtype bind it directly
    return op


def _compare(name):
    return _binary(name, lp.compare_p[name])


neg, abs, sign = _unary("neg"), _unary("abs"), _unary("sign")
floor, ceil, round = _unary("floor"), _unary("ceil"), _unary("round")
exp, log, log1p, expm1 = _unary("exp"), _unary("log"), _unary("log1p"), _unary("expm1")
sqrt, rsqrt, cbrt = _unary("sqrt"), _unary("rsqrt"), _unary("cbrt")
sin, cos, tan, tanh = _unary("sin"), _unary("cos"), _unary("tan"), _unary("tanh")
logistic, erf, is_finite = _unary("logistic"), _unary("erf"), _unary("is_finite")
bitwise_not = _unary("not")
add, sub, mul, div = _binary("add"), _binary("sub"), _binary("mul"), _binary("div")
rem, pow, max, min = _binary("rem"), _binary("pow"), _binary("max"), _binary("min")
bitwise_and, bitwise_or, bitwise_xor = _binary("and"), _binary("or"), _binary("xor")
atan2 = _binary("atan2")
eq, ne, lt, le, gt, ge = (_compare(n) for n in lp.COMPARE_OPS)


def integer_pow(x, y: int):
    return lp.integer_pow_p.bind_internal(x, y=int(y))


def square(x):
    return integer_pow(x, 2)


def select_n(which, *cases):
    return lp.select_n_p.bind_internal(which, *cases)


def select(pred, on_true, on_false):
    return lp.select_n_p.bind_internal(pred, on_false, on_true)


def clamp(min, x, max):
    dtype = aval_of(x).dtype
    lo, hi = (convert_element_type(b, dtype) if aval_of(b).weak_type else b for b in (min, max))
    return lp.clamp_p.bind_internal(lo, x, hi)


def convert_element_type(x, new_dtype, *, weak_type: bool = False):
    new_dtype = checked_dtype(new_dtype)
    if not weak_type and isinstance(x, (bool, int, float, np.generic)):
        return np.asarray(x, new_dtype)  # folded now: it becomes a typed literal
    aval = aval_of(x)
    if aval.dtype == new_dtype and aval.weak_type == weak_type:
        return x  # also a Python scalar that is already of this weak type: it stays a literal
    return lp.convert_element_type_p.bind_internal(x, new_dtype=new_dtype, weak_type=weak_type)


def broadcast_in_dim(x, shape: Sequence[int], broadcast_dimensions: Sequence[int]):
    shape = checks.nonnegative_shape("broadcast_in_dim", shape)
    dims = tuple(int(d) for d in broadcast_dimensions)
    aval = aval_of(x)
    if aval.shape == shape and dims == tuple(range(len(shape))) and not _is_scalar_literal(x):
        return x
    return lp.broadcast_in_dim_p.bind_internal(x, shape=shape, broadcast_dimensions=dims)


def _is_scalar_literal(x) -> bool:
    return isinstance(x, (bool, int, float, np.generic, np.ndarray))


def broadcast(x, sizes: Sequence[int]):
    """Adds leading dimensions `sizes`."""
    aval = aval_of(x)
    shape = tuple(sizes) + aval.shape
    return broadcast_in_dim(x, shape, tuple(range(len(sizes), len(shape))))


def reshape(x, new_sizes: Sequence[int], dimensions: Sequence[int] | None = None):
    new_sizes = checks.nonnegative_shape("reshape", new_sizes)
    if dimensions is not None and tuple(dimensions) != tuple(range(len(dimensions))):
        x = transpose(x, dimensions)
    if aval_of(x).shape == new_sizes:
        return x
    return lp.reshape_p.bind_internal(x, new_sizes=new_sizes)


def transpose(x, permutation: Sequence[int]):
    permutation = tuple(int(p) for p in permutation)
    if permutation == tuple(range(len(permutation))) and len(permutation) == aval_of(x).ndim:
        return x
    return lp.transpose_p.bind_internal(x, permutation=permutation)


def squeeze(x, dimensions: Sequence[int]):
    ndim = aval_of(x).ndim
    dims = tuple(sorted(checks.canonical_axes(tuple(dimensions), ndim)))
    if not dims:
        return x
    return lp.squeeze_p.bind_internal(x, dimensions=dims)


def expand_dims(x, dimensions: Sequence[int]):
    aval = aval_of(x)
    ndim_out = aval.ndim + len(dimensions)
    dims = sorted(checks.canonical_axes(tuple(dimensions), ndim_out))
    shape = list(aval.shape)
    for d in dims:
        shape.insert(d, 1)
    kept = [i for i in range(ndim_out) if i not in dims]
    return broadcast_in_dim(x, shape, kept)


def iota(dtype, size: int):
    return broadcasted_iota(dtype, (size,), 0)


def broadcasted_iota(dtype, shape: Sequence[int], dimension: int):
    shape = checks.nonnegative_shape("iota", shape)
    dimension = checks.canonical_axis(dimension, len(shape), "iota dimension")
    return lp.iota_p.bind_internal(
        dtype=dtypes.canonicalize(dtype), shape=shape, dimension=dimension
    )


def concatenate(operands: Sequence, dimension: int):
    if not operands:
        raise MeshjitTypeError("concatenate needs at least one array")
    if len(operands) == 1:
        return operands[0]
    dimension = checks.canonical_axis(dimension, aval_of(operands[0]).ndim, "concatenate axis")
    return lp.concatenate_p.bind_internal(*operands, dimension=dimension)


def pad(x, padding_value, padding_config: Sequence[tuple[int, int, int]]):
    config = tuple((int(lo), int(hi), int(i)) for lo, hi, i in padding_config)
    value = convert_element_type(padding_value, aval_of(x).dtype)
    return lp.pad_p.bind_internal(x, value, padding_config=config)


def slice(x, start_indices, limit_indices, strides=None):
    return lp.slice_p.bind_internal(
        x,
        start_indices=tuple(int(i) for i in start_indices),
        limit_indices=tuple(int(i) for i in limit_indices),
        strides=None if strides is None else tuple(int(s) for s in strides),
    )


def slice_in_dim(x, start_index, limit_index, stride=1, axis=0):
    aval = aval_of(x)
    axis = checks.canonical_axis(axis, aval.ndim)
    starts, limits, strides = [0] * aval.ndim, list(aval.shape), [1] * aval.ndim
    starts[axis], limits[axis], strides[axis] = start_index, limit_index, stride
    return slice(x, starts, limits, strides)


def _index_scalars(indices):
    return [convert_element_type(i, dtypes.int32) for i in indices]


def dynamic_slice(x, start_indices, slice_sizes):
    sizes = tuple(int(s) for s in slice_sizes)
    return lp.dynamic_slice_p.bind_internal(x, *_index_scalars(start_indices), slice_sizes=sizes)


def dynamic_update_slice(x, update, start_indices):
    return lp.dynamic_update_slice_p.bind_internal(x, update, *_index_scalars(start_indices))


def dynamic_slice_in_dim(x, start_index, slice_size, axis=0):
    aval = aval_of(x)
    axis = checks.canonical_axis(axis, aval.ndim)
    starts = [0] * aval.ndim
    starts[axis] = start_index
    sizes = list(aval.shape)
    sizes[axis] = slice_size
    return dynamic_slice(x, starts, sizes)


def _reduce(name, x, axes):
    axes, ndim = tuple(axes), aval_of(x).ndim
    if not (len(axes) == 1 and type(axes[0]) is int and 0 <= axes[0] < ndim):
        axes = tuple(sorted(checks.canonical_axes(axes, ndim)))
    if not axes:
        return x
    return lp.reduce_p[name].bind_internal(x, axes=axes)


def reduce_sum(x, axes):
    return _reduce("reduce_sum", x, axes)


def reduce_max(x, axes):
    return _reduce("reduce_max", x, axes)


def reduce_min(x, axes):
    return _reduce("reduce_min", x, axes)


def reduce_prod(x, axes):
    return _reduce("reduce_prod", x, axes)


def reduce_and(x, axes):
    return _reduce("reduce_and", x, axes)


def reduce_or(x, axes):
    return _reduce("reduce_or", x, axes)


def argmax(x, axis: int, index_dtype=dtypes.int32):
    axis = checks.canonical_axis(axis, aval_of(x).ndim)
    return lp.argmax_p.bind_internal(x, axes=(axis,), index_dtype=np.dtype(index_dtype))


def argmin(x, axis: int, index_dtype=dtypes.int32):
    axis = checks.canonical_axis(axis, aval_of(x).ndim)
    return lp.argmin_p.bind_internal(x, axes=(axis,), index_dtype=np.dtype(index_dtype))


def dot_general(lhs, rhs, dimension_numbers, precision=None, preferred_element_type=None):
    (lc, rc), (lb, rb) = dimension_numbers
    dims = ((tuple(lc), tuple(rc)), (tuple(lb), tuple(rb)))
    pet = None if preferred_element_type is None else dtypes.canonicalize(preferred_element_type)
    return lp.dot_general_p.bind_internal(
        lhs, rhs, dimension_numbers=dims, preferred_element_type=pet
    )


def dot(lhs, rhs, precision=None, preferred_element_type=None):
    la, ra = aval_of(lhs), aval_of(rhs)
    if la.ndim not in (1, 2) or ra.ndim not in (1, 2):
        raise MeshjitTypeError(f"lax.dot takes rank-1 or rank-2 operands, got {la} and {ra}")
    dims = (((la.ndim - 1,), (0,)), ((), ()))
    return dot_general(lhs, rhs, dims, precision, preferred_element_type)


def full(shape, fill_value, dtype=None):
    shape = checks.nonnegative_shape("full", shape)
    value = fill_value if dtype is None else convert_element_type(fill_value, dtype)
    if dtype is None and isinstance(fill_value, (bool, int, float)):
        value = convert_element_type(fill_value, aval_of(fill_value).dtype, weak_type=True)
    return broadcast(value, shape)


__all__ = sorted(
    name
    for name, value in dict(globals()).items()
    if not name.startswith("_")
    and callable(value)
    and getattr(value, "__module__", "") == __name__
    and name not in ("aval_of",)
)
