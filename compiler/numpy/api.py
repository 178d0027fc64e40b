"""meshjit.numpy: JAX-numpy names and semantics over meshjit.lax."""

from __future__ import annotations

import builtins
import math

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import primitives as lp
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.trace.tracing import Tracer, abstractify, current_trace

aval_of = abstractify  # the aval of an operand: arrays, scalars, tracers

# ---------------------------------------------------------------------------------------------
# Conversion, promotion, broadcasting.


def asarray(a, dtype=None, copy=None):
    if isinstance(a, (list, tuple)):
        a = stack([asarray(x) for x in a]) if _contains_traced(a) else np.asarray(a)
    x = _materialize(a)
    return x if dtype is None else lax.convert_element_type(x, dtype)


array = asarray


def _contains_traced(seq) -> bool:
    return builtins.any(
        isinstance(x, Tracer) or (isinstance(x, (list, tuple)) and _contains_traced(x)) for x in seq
    )


def _materialize(x):
    """Python and NumPy values become meshjit arrays: a device array, or a traced constant."""
    if isinstance(x, Tracer) or _is_meshjit_array(x):
        return x
    aval = abstractify(x)
    trace = current_trace()
    if trace is not None:
        return Tracer(trace, trace.capture_const(np.asarray(x, aval.dtype), aval))
    from meshjit.compiler.runtime.device_put import device_put

    return device_put(x)


def _is_meshjit_array(x) -> bool:
    from meshjit.compiler.runtime.array import Array

    return type(x) is Array


def result_type(*args) -> np.dtype:
    return dtypes.result_type(*[_typed(a) for a in args])[0]


def _typed(a):
    if isinstance(a, (np.dtype, type)) or isinstance(a, str):
        return dtypes.canonicalize(a), False
    aval = abstractify(a)
    return aval.dtype, aval.weak_type


def _promote(*args):
    if _same_strong_tracers(args):
        return list(args)
    typed = [_typed(a) for a in args]
    dtype, weak = target = dtypes.result_type(*typed)
    return [
        a
        if t == target and type(a) is Tracer
        else lax.convert_element_type(a, dtype, weak_type=weak)
        for a, t in zip(args, typed)
    ]


def _same_strong_tracers(args) -> bool:
    """The common case, which needs no promotion: traced operands of one strong dtype."""
    first = args[0]
    if type(first) is not Tracer:
        return False
    aval = first.var.aval
    if aval.weak_type:
        return False
    dtype = aval.dtype
    for a in args[1:]:
        if type(a) is not Tracer:
            return False
        other = a.var.aval
        if other.weak_type or (other.dtype is not dtype and other.dtype != dtype):
            return False
    return True


def _simple_binary_operands(x1, x2, inexact: bool):
    """The operands `_promote` + `_broadcast_ranks` would give in the two common cases, or None.

    The cases: two traced arrays of one strong dtype (broadcast as `_broadcast_ranks` does), and
    a traced array with a Python scalar that takes its dtype (the scalar becomes a rank-0
    literal, which the primitive broadcasts). Every arithmetic operator on a tracer comes here,
    so this skips the general path's work.
    """
    is_t1, is_t2 = type(x1) is Tracer, type(x2) is Tracer
    if is_t1 and is_t2:
        a1, a2 = x1.var.aval, x2.var.aval
        if a1.weak_type or a2.weak_type or a1.dtype != a2.dtype:
            return None
        if inexact and not dtypes.is_float(a1.dtype):
            return None
        return (x1, x2) if a1.shape == a2.shape else _broadcast_rank_pair(x1, a1, x2, a2)
    tracer, scalar = (x1, x2) if is_t1 else (x2, x1) if is_t2 else (None, None)
    if tracer is None or (type(scalar) is not float and type(scalar) is not int):
        return None
    aval = tracer.var.aval
    dtype = aval.dtype
    if aval.weak_type or (inexact and not dtypes.is_float(dtype)):
        return None
    if not _adopts(dtype, scalar):
        return None
    operand = np.asarray(scalar, dtype)  # a rank-0 literal: the primitive broadcasts it
    return (tracer, operand) if is_t1 else (operand, tracer)


_FLOAT_ADOPTS: dict = {}  # dtype -> whether a Python float takes it (weak-type promotion)


def _adopts(dtype, scalar) -> bool:
    """Whether the Python scalar takes `dtype` when promoted with an array of it."""
    if type(scalar) is float:  # the answer depends on the dtype only: remembered
        adopts = _FLOAT_ADOPTS.get(dtype)
        if adopts is None:
            promoted = dtypes.result_type((dtype, False), (dtypes.float32, True))
            adopts = _FLOAT_ADOPTS[dtype] = promoted == (dtype, False)
        return adopts
    scalar_aval = abstractify(scalar)  # ints: also checks the int32 range
    return dtypes.result_type((dtype, False), (scalar_aval.dtype, True)) == (dtype, False)


def _promote_inexact(*args):
    args = _promote(*args)
    aval = aval_of(args[0])
    if dtypes.is_float(aval.dtype):
        return args
    return [lax.convert_element_type(a, dtypes.float32, weak_type=aval.weak_type) for a in args]


def _broadcast_two(a, b):
    """broadcast_shapes(a, b) in one pass, or None when they do not broadcast."""
    if len(a) < len(b):
        a, b = b, a
    lead = len(a) - len(b)
    out = list(a)
    for i, d in enumerate(b):
        e = a[lead + i]
        if d != e:
            if e == 1:
                out[lead + i] = d
            elif d != 1:
                return None
    return tuple(out)


def broadcast_shapes(*shapes) -> tuple[int, ...]:
    if len(shapes) == 2:
        two = _broadcast_two(*shapes)
        if two is not None:
            return two
    ndim = builtins.max((len(s) for s in shapes), default=0)
    result = []
    for i in range(ndim):
        sizes = {s[i - ndim + len(s)] for s in shapes if i - ndim + len(s) >= 0}
        sizes.discard(1)
        if len(sizes) > 1:
            shown = " ".join(str(tuple(s)) for s in shapes)
            raise MeshjitValueError(f"operands could not be broadcast together with shapes {shown}")
        result.append(sizes.pop() if sizes else 1)
    return tuple(result)


def _broadcast_to_shape(x, shape, aval=None):
    """`x` broadcast NumPy-style to `shape`, a tuple of ints it broadcasts to (callers check)."""
    aval = aval_of(x) if aval is None else aval
    shape = tuple(shape)
    if aval.shape == shape:
        return x
    # Size-1 dimensions expand in place: broadcast_in_dim allows it, so no reshape is needed.
    dims = tuple(range(len(shape) - aval.ndim, len(shape)))
    return lp.broadcast_in_dim_p.bind_internal(x, shape=shape, broadcast_dimensions=dims)


def _broadcast_all(*args):
    avals = [aval_of(a) for a in args]
    shapes = [v.shape for v in avals]
    first = shapes[0]
    if builtins.all(s == first for s in shapes):
        return list(args)
    ranked = [s for s in shapes if s]
    if ranked and builtins.all(s == ranked[0] for s in ranked):
        shape = ranked[0]  # only scalars to broadcast
    else:
        shape = broadcast_shapes(*shapes)
    return [
        a if v.shape == shape else _broadcast_to_shape(a, shape, v) for a, v in zip(args, avals)
    ]


def broadcast_to(x, shape):
    shape = checks.nonnegative_shape("broadcast_to", (shape,) if isinstance(shape, int) else shape)
    aval = aval_of(x)
    if broadcast_shapes(aval.shape, shape) != shape:
        raise MeshjitValueError(f"cannot broadcast {aval.str_short()} to shape {shape}")
    return _materialize(_broadcast_to_shape(x, shape))


def broadcast_arrays(*args):
    return [_materialize(a) for a in _broadcast_all(*args)]


# ---------------------------------------------------------------------------------------------
# Elementwise.


def _broadcast_ranks(*args):
    """`_broadcast_all` for the binary primitives, which broadcast rank-0 operands and size-1
    dimensions themselves (as JAX's lax does): only operands of a lower, nonzero rank are
    broadcast here, straight to the result shape."""
    avals = [aval_of(a) for a in args]
    shape = broadcast_shapes(*[v.shape for v in avals])
    ndim = len(shape)
    return [
        a if not v.shape or v.ndim == ndim else _broadcast_to_shape(a, shape, v)
        for a, v in zip(args, avals)
    ]


def _broadcast_rank_pair(x1, a1, x2, a2):
    """`_broadcast_ranks(x1, x2)` for two traced operands of avals `a1` and `a2`, without its
    lists (arithmetic on arrays of two shapes comes here)."""
    shape = _broadcast_two(a1.shape, a2.shape)
    if shape is None:
        return _broadcast_ranks(x1, x2)  # raises the error
    ndim = len(shape)
    if a1.shape and len(a1.shape) != ndim:
        x1 = _broadcast_to_shape(x1, shape, a1)
    if a2.shape and len(a2.shape) != ndim:
        x2 = _broadcast_to_shape(x2, shape, a2)
    return x1, x2


def _elementwise(lax_fn, *args, inexact=False):
    args = _promote_inexact(*args) if inexact else _promote(*args)
    return lax_fn(*_broadcast_ranks(*args))


def _define_binary(lax_fn, inexact=False):
    # Operands of one dtype (as `_simple_binary_operands` gives) need none of lax's operand
    # checks: they bind the primitive directly.
    prim = lax_fn.primitive

    def fn(x1, x2):
        simple = _simple_binary_operands(x1, x2, inexact)
        if simple is not None:
            return prim.bind_internal(*simple)
        return _elementwise(lax_fn, x1, x2, inexact=inexact)

    return fn


def _define_unary(lax_fn, inexact=False):
    # A traced operand the promotion below would leave as it is goes straight to the primitive
    # (when lax_fn is one): one frame less per op to call, and to walk for the user's line.
    prim = getattr(lax_fn, "primitive", None)
    direct = lax_fn if prim is None else prim.bind_internal

    def fn(x):
        if type(x) is Tracer and (not inexact or x.var.aval.dtype in dtypes.FLOATS):
            return direct(x)
        (x,) = _promote_inexact(x) if inexact else _promote(x)
        return lax_fn(_materialize(x))

    return fn


def _define_binary_with_bool(lax_fn, bool_fn):
    """As NumPy: on booleans `add` is logical or and `multiply` logical and."""

    prim, bool_prim = lax_fn.primitive, bool_fn.primitive

    def fn(x1, x2):
        simple = _simple_binary_operands(x1, x2, False)
        if simple is not None:
            dtype = aval_of(simple[0]).dtype
            return (bool_prim if dtype == dtypes.bool_ else prim).bind_internal(*simple)
        simple = _broadcast_ranks(*_promote(x1, x2))
        op = bool_fn if dtypes.is_bool(aval_of(simple[0]).dtype) else lax_fn
        return op(*simple)

    return fn


add = _define_binary_with_bool(lax.add, lax.bitwise_or)
subtract = _define_binary(lax.sub)
multiply = _define_binary_with_bool(lax.mul, lax.bitwise_and)
true_divide = divide = _define_binary(lax.div, inexact=True)
maximum = _define_binary(lax.max)
minimum = _define_binary(lax.min)
arctan2 = _define_binary(lax.atan2, inexact=True)
equal = _define_binary(lax.eq)
not_equal = _define_binary(lax.ne)
less = _define_binary(lax.lt)
less_equal = _define_binary(lax.le)
greater = _define_binary(lax.gt)
greater_equal = _define_binary(lax.ge)
bitwise_and = _define_binary(lax.bitwise_and)
bitwise_or = _define_binary(lax.bitwise_or)
bitwise_xor = _define_binary(lax.bitwise_xor)

exp = _define_unary(lax.exp, inexact=True)
log = _define_unary(lax.log, inexact=True)
log1p = _define_unary(lax.log1p, inexact=True)
expm1 = _define_unary(lax.expm1, inexact=True)
sqrt = _define_unary(lax.sqrt, inexact=True)
cbrt = _define_unary(lax.cbrt, inexact=True)
sin = _define_unary(lax.sin, inexact=True)
cos = _define_unary(lax.cos, inexact=True)
tan = _define_unary(lax.tan, inexact=True)
tanh = _define_unary(lax.tanh, inexact=True)


def _define_rounding(lax_fn):
    """floor / ceil: integers and booleans are already whole, so they pass through (as JAX)."""

    def fn(x):
        (x,) = _promote(x)
        x = _materialize(x)
        return lax_fn(x) if dtypes.is_float(aval_of(x).dtype) else x

    return fn


floor = _define_rounding(lax.floor)
ceil = _define_rounding(lax.ceil)
isfinite = _define_unary(lax.is_finite, inexact=True)


def negative(x):
    (x,) = _promote(x)
    if dtypes.is_bool(aval_of(x).dtype):
        raise MeshjitTypeError("negative is not defined for boolean arrays; use logical_not")
    return lax.neg(_materialize(x))


def positive(x):
    return _materialize(x)


def abs(x):
    (x,) = _promote(x)
    dtype = aval_of(x).dtype
    if dtypes.is_unsigned(dtype) or dtypes.is_bool(dtype):
        return _materialize(x)
    return lax.abs(_materialize(x))


absolute = abs


def sign(x):
    (x,) = _promote(x)
    dtype = aval_of(x).dtype
    if dtypes.is_bool(dtype):
        raise MeshjitTypeError("sign is not defined for boolean arrays")
    if dtypes.is_unsigned(dtype):
        return lax.convert_element_type(not_equal(x, 0), dtype)
    return lax.sign(_materialize(x))


def round(x, decimals=0):
    (x,) = _promote(x)
    if not dtypes.is_float(aval_of(x).dtype):
        return _materialize(x)
    if decimals:
        factor = 10.0**decimals
        return lax.div(lax.round(lax.mul(x, factor)), factor)
    return lax.round(_materialize(x))


def square(x):
    return power(x, 2)


def reciprocal(x):
    (x,) = _promote_inexact(x)
    return lax.integer_pow(_materialize(x), -1)


def invert(x):
    (x,) = _promote(x)
    return lax.bitwise_not(_materialize(x))


bitwise_not = invert


def floor_divide(x1, x2):
    x1, x2 = _broadcast_all(*_bool_as_int32(*_promote(x1, x2)))
    dtype = aval_of(x1).dtype
    if dtypes.is_unsigned(dtype):
        return lax.div(x1, x2)
    if dtypes.is_int(dtype):
        quotient = lax.div(x1, x2)
        mod = lax.rem(x1, x2)
        fix = lax.bitwise_and(lax.ne(mod, 0), lax.ne(lax.lt(mod, 0), lax.lt(x2, 0)))
        return lax.select(fix, lax.sub(quotient, 1), quotient)
    mod = lax.rem(x1, x2)
    div = lax.div(lax.sub(x1, mod), x2)
    fix = lax.bitwise_and(lax.ne(mod, 0), lax.ne(lax.lt(x2, 0), lax.lt(mod, 0)))
    div = lax.select(fix, lax.sub(div, 1), div)
    return lax.round(div)


def remainder(x1, x2):
    x1, x2 = _broadcast_all(*_bool_as_int32(*_promote(x1, x2)))
    dtype = aval_of(x1).dtype
    mod = lax.rem(x1, x2)
    if dtypes.is_unsigned(dtype):
        return mod
    fix = lax.bitwise_and(lax.ne(mod, 0), lax.ne(lax.lt(mod, 0), lax.lt(x2, 0)))
    return lax.select(fix, lax.add(mod, x2), mod)


mod = remainder


def _bool_as_int32(*args):
    """As JAX, integer arithmetic on booleans (floor_divide, remainder, power) runs in int32."""
    if not dtypes.is_bool(aval_of(args[0]).dtype):
        return args
    return [lax.convert_element_type(a, dtypes.int32) for a in args]


def power(x1, x2):
    if isinstance(x2, int) and not isinstance(x2, bool) and 0 <= x2 < 2**16:
        (x1,) = _promote(x1)
        if dtypes.is_bool(aval_of(x1).dtype):
            x1 = lax.convert_element_type(x1, dtypes.int32)
        return lax.integer_pow(_materialize(x1), x2)
    x1, x2 = _broadcast_all(*_bool_as_int32(*_promote(x1, x2)))
    return lax.pow(x1, x2)


def logical_and(x1, x2):
    return lax.bitwise_and(*_broadcast_all(_as_bool(x1), _as_bool(x2)))


def logical_or(x1, x2):
    return lax.bitwise_or(*_broadcast_all(_as_bool(x1), _as_bool(x2)))


def logical_xor(x1, x2):
    return lax.bitwise_xor(*_broadcast_all(_as_bool(x1), _as_bool(x2)))


def logical_not(x):
    return lax.bitwise_not(_materialize(_as_bool(x)))


def _as_bool(x):
    return lax.convert_element_type(x, dtypes.bool_)


def where(condition, x=None, y=None):
    if x is None or y is None:
        raise MeshjitValueError("where(condition) with one argument is not supported under jit")
    x, y = _promote(x, y)
    condition, x, y = _broadcast_all(_as_bool(condition), x, y)
    return lax.select(condition, x, y)


def clip(a, a_min=None, a_max=None, *, min=None, max=None):
    a_min = a_min if min is None else min
    a_max = a_max if max is None else max
    if a_min is not None:
        a = maximum(a, a_min)
    if a_max is not None:
        a = minimum(a, a_max)
    return _materialize(a)


def astype(x, dtype):
    return lax.convert_element_type(_materialize(x), dtype)


# ---------------------------------------------------------------------------------------------
# Reductions.


def _reduction_axes(x, axis):
    ndim = aval_of(x).ndim
    if axis is None:
        return tuple(range(ndim))
    if type(axis) is int and -ndim <= axis < ndim:
        return (axis % ndim,)
    return checks.canonical_axes(axis, ndim)


def _keepdims(result, x, axes, keepdims):
    if not keepdims:
        return result
    shape = [1 if i in axes else d for i, d in enumerate(aval_of(x).shape)]
    return lax.reshape(result, shape)


def _sum_dtype(dtype):
    if dtypes.is_bool(dtype) or (dtypes.is_int(dtype) and not dtypes.is_unsigned(dtype)):
        return dtypes.int32
    if dtypes.is_unsigned(dtype):
        return dtypes.uint32
    return dtype


# The dtypes each reduction keeps: the fast path below needs no conversion for them. (As JAX,
# sums and products of narrow or boolean ints widen to 32 bits; max and min of booleans are the
# logical `or` and `and`.)
_REDUCE_SUM, _REDUCE_PROD = lp.reduce_p["reduce_sum"], lp.reduce_p["reduce_prod"]
_REDUCE_MAX, _REDUCE_MIN = lp.reduce_p["reduce_max"], lp.reduce_p["reduce_min"]
_SUM_KEEPS = frozenset(
    [dtypes.float32, dtypes.bfloat16, dtypes.float16, dtypes.int32, dtypes.uint32]
)
_ORDER_KEEPS = dtypes.SUPPORTED - {dtypes.bool_}
_MEAN_KEEPS = frozenset([dtypes.float32])


def _single_axis(axis):
    """`axis` when it is one int, or a tuple of one int (as `var` passes it); else None."""
    if type(axis) is int:
        return axis
    if type(axis) is tuple and len(axis) == 1 and type(axis[0]) is int:
        return axis[0]
    return None


def _reduce_fast(prim, x, axis, keepdims, keeps):
    """What the general path (`_reduce_with`) gives in the common case, or None.

    The case: a traced array of a strong dtype in `keeps`, reduced over one in-range int axis or
    over all axes, none of them empty. Every reduction tries this first; it binds the reduction
    (and keepdims' reshape) directly.
    """
    if type(x) is not Tracer:
        return None
    aval = x.var.aval
    shape = aval.shape
    ndim = len(shape)
    if aval.weak_type or not ndim or aval.dtype not in keeps:
        return None
    if type(axis) is not int:
        if axis is None:
            if 0 in shape:
                return None
            out = prim.bind_internal(x, axes=tuple(range(ndim)))
            return lp.reshape_p.bind_internal(out, new_sizes=(1,) * ndim) if keepdims else out
        axis = _single_axis(axis)
        if axis is None:
            return None
    if not -ndim <= axis < ndim:
        return None
    if axis < 0:
        axis += ndim
    if not shape[axis]:
        return None
    out = prim.bind_internal(x, axes=(axis,))
    if keepdims:
        return lp.reshape_p.bind_internal(out, new_sizes=shape[:axis] + (1,) + shape[axis + 1 :])
    return out


def _reduce_with(lax_reduce, x, axis, dtype, keepdims, promote):
    x = _materialize(x)
    axes = _reduction_axes(x, axis)
    aval = aval_of(x)
    target = dtypes.canonicalize(dtype) if dtype is not None else promote(aval.dtype)
    x = lax.convert_element_type(x, target)  # as in JAX, reductions give strong types
    return _keepdims(lax_reduce(x, axes), x, axes, keepdims)


def sum(a, axis=None, dtype=None, keepdims=False):
    if dtype is None:
        out = _reduce_fast(_REDUCE_SUM, a, axis, keepdims, _SUM_KEEPS)
        if out is not None:
            return out
    return _reduce_with(lax.reduce_sum, a, axis, dtype, keepdims, _sum_dtype)


def prod(a, axis=None, dtype=None, keepdims=False):
    if dtype is None:
        out = _reduce_fast(_REDUCE_PROD, a, axis, keepdims, _SUM_KEEPS)
        if out is not None:
            return out
    return _reduce_with(lax.reduce_prod, a, axis, dtype, keepdims, _sum_dtype)


def _check_nonempty(a, axes, name):
    aval = aval_of(a)
    if builtins.any(aval.shape[i] == 0 for i in axes):
        raise MeshjitValueError(f"{name} of an empty array {aval.str_short()} has no identity")


def max(a, axis=None, keepdims=False):
    out = _reduce_fast(_REDUCE_MAX, a, axis, keepdims, _ORDER_KEEPS)
    if out is not None:
        return out
    a = _materialize(a)
    _check_nonempty(a, _reduction_axes(a, axis), "max")
    reducer = lax.reduce_or if dtypes.is_bool(aval_of(a).dtype) else lax.reduce_max
    return _reduce_with(reducer, a, axis, None, keepdims, lambda d: d)


def min(a, axis=None, keepdims=False):
    out = _reduce_fast(_REDUCE_MIN, a, axis, keepdims, _ORDER_KEEPS)
    if out is not None:
        return out
    a = _materialize(a)
    _check_nonempty(a, _reduction_axes(a, axis), "min")
    reducer = lax.reduce_and if dtypes.is_bool(aval_of(a).dtype) else lax.reduce_min
    return _reduce_with(reducer, a, axis, None, keepdims, lambda d: d)


amax, amin = max, min


def any(a, axis=None, keepdims=False):
    return _reduce_with(lax.reduce_or, _as_bool(a), axis, None, keepdims, lambda d: d)


def all(a, axis=None, keepdims=False):
    return _reduce_with(lax.reduce_and, _as_bool(a), axis, None, keepdims, lambda d: d)


def _count(a, axes) -> int:
    return math.prod(aval_of(a).shape[i] for i in axes)


def _float_dtype(dtype):
    return dtype if dtypes.is_float(dtype) else dtypes.float32


def mean(a, axis=None, dtype=None, keepdims=False):
    if dtype is None:  # float32 sums and divides in float32: no conversions
        total = _reduce_fast(_REDUCE_SUM, a, axis, keepdims, _MEAN_KEEPS)
        if total is not None:
            shape = a.var.aval.shape
            count = math.prod(shape) if axis is None else shape[_single_axis(axis)]
            return lax.div(total, float(count))
    a = _materialize(a)
    axes = _reduction_axes(a, axis)
    out_dtype = dtypes.canonicalize(dtype) if dtype is not None else _float_dtype(aval_of(a).dtype)
    total = sum(a, axis=axes, dtype=_compute_dtype(out_dtype), keepdims=keepdims)
    return lax.convert_element_type(lax.div(total, float(_count(a, axes))), out_dtype)


def _compute_dtype(dtype):
    return dtypes.float32 if dtype in (dtypes.bfloat16, dtypes.float16) else dtype


def var(a, axis=None, dtype=None, ddof=0, keepdims=False):
    a = _materialize(a)
    axes = _reduction_axes(a, axis)
    out_dtype = dtypes.canonicalize(dtype) if dtype is not None else _float_dtype(aval_of(a).dtype)
    x = lax.convert_element_type(a, _compute_dtype(out_dtype))
    centered = subtract(x, mean(x, axis=axes, keepdims=True))
    total = sum(multiply(centered, centered), axis=axes, keepdims=keepdims)
    count = builtins.max(_count(a, axes) - ddof, 0)
    return lax.convert_element_type(lax.div(total, float(count)), out_dtype)


def std(a, axis=None, dtype=None, ddof=0, keepdims=False):
    return sqrt(var(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims))


_ARG_REDUCE_PRIMS = {"argmax": lp.argmax_p, "argmin": lp.argmin_p}


def _arg_reduce_fast(name, a, axis, keepdims):
    """What `_arg_reduce` gives for a traced array and one in-range int axis, or None."""
    if type(a) is not Tracer or type(axis) is not int:
        return None
    shape = a.var.aval.shape
    ndim = len(shape)
    if not -ndim <= axis < ndim or not shape[axis]:
        return None
    axis %= ndim
    out = _ARG_REDUCE_PRIMS[name].bind_internal(a, axes=(axis,), index_dtype=dtypes.int32)
    if keepdims:
        return lp.reshape_p.bind_internal(out, new_sizes=shape[:axis] + (1,) + shape[axis + 1 :])
    return out


def _arg_reduce(lax_fn, name, a, axis, keepdims):
    out = _arg_reduce_fast(name, a, axis, keepdims)
    if out is not None:
        return out
    a = _materialize(a)
    if axis is None:
        out = _arg_reduce(lax_fn, name, ravel(a), 0, False)
        return lax.reshape(out, (1,) * aval_of(a).ndim) if keepdims else out
    axis = checks.canonical_axis(axis, aval_of(a).ndim)
    _check_nonempty(a, (axis,), name)
    out = lax_fn(a, axis, dtypes.int32)
    return _keepdims(out, a, (axis,), keepdims)


def argmax(a, axis=None, keepdims=False):
    return _arg_reduce(lax.argmax, "argmax", a, axis, keepdims)


def argmin(a, axis=None, keepdims=False):
    return _arg_reduce(lax.argmin, "argmin", a, axis, keepdims)


# ---------------------------------------------------------------------------------------------
# Shapes.


def shape(a):
    return aval_of(a).shape


def ndim(a):
    return aval_of(a).ndim


def size(a):
    return aval_of(a).size


def reshape(a, newshape, order="C"):
    if order != "C":
        raise MeshjitValueError(f"reshape order={order!r} is not supported; use 'C'")
    aval = aval_of(a)
    newshape = (newshape,) if isinstance(newshape, int) else tuple(int(d) for d in newshape)
    if newshape.count(-1) > 1:
        raise MeshjitValueError(f"reshape: at most one dimension may be -1, got {newshape}")
    if -1 in newshape:
        known = math.prod(d for d in newshape if d != -1)
        if known == 0 or aval.size % known:
            raise MeshjitTypeError(f"cannot reshape {aval.str_short()} into shape {newshape}")
        newshape = tuple(aval.size // known if d == -1 else d for d in newshape)
    return lax.reshape(_materialize(a), newshape)


def ravel(a, order="C"):
    return reshape(a, (-1,), order)


def transpose(a, axes=None):
    ndim_ = aval_of(a).ndim
    axes = tuple(reversed(range(ndim_))) if axes is None else tuple(axes)
    if len(axes) != ndim_:
        raise MeshjitValueError(f"transpose axes {axes} do not match an array of rank {ndim_}")
    perm = checks.canonical_axes(axes, ndim_)
    return lax.transpose(_materialize(a), perm)


def permute_dims(a, axes):
    return transpose(a, axes)


def swapaxes(a, axis1, axis2):
    ndim_ = aval_of(a).ndim
    perm = list(range(ndim_))
    i, j = checks.canonical_axis(axis1, ndim_), checks.canonical_axis(axis2, ndim_)
    perm[i], perm[j] = perm[j], perm[i]
    return lax.transpose(_materialize(a), perm)


def moveaxis(a, source, destination):
    ndim_ = aval_of(a).ndim
    src = checks.canonical_axes(source, ndim_)
    dst = checks.canonical_axes(destination, ndim_)
    if len(src) != len(dst):
        raise MeshjitValueError("moveaxis: source and destination must have the same length")
    order = [i for i in range(ndim_) if i not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return lax.transpose(_materialize(a), order)


def expand_dims(a, axis):
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    return lax.expand_dims(_materialize(a), axes)


def squeeze(a, axis=None):
    aval = aval_of(a)
    if axis is None:
        axes = tuple(i for i, d in enumerate(aval.shape) if d == 1)
    else:
        axes = checks.canonical_axes(axis, aval.ndim)
    return lax.squeeze(_materialize(a), axes)


def atleast_1d(a):
    return reshape(a, (1,)) if aval_of(a).ndim == 0 else _materialize(a)


def concatenate(arrays, axis=0, dtype=None):
    arrays = list(arrays)
    if not arrays:
        raise MeshjitValueError("need at least one array to concatenate")
    if axis is None:
        arrays, axis = [ravel(a) for a in arrays], 0
    arrays = _promote(*arrays) if dtype is None else [astype(a, dtype) for a in arrays]
    ranks = {aval_of(a).ndim for a in arrays}
    if len(ranks) > 1 or 0 in ranks:
        shown = ", ".join(aval_of(a).str_short() for a in arrays)
        raise MeshjitValueError(f"concatenate needs arrays of one nonzero rank, got {shown}")
    axis = checks.canonical_axis(axis, ranks.pop(), "concatenate axis")
    return _materialize(lax.concatenate([_materialize(a) for a in arrays], axis))


def stack(arrays, axis=0):
    arrays = list(arrays)
    if not arrays:
        raise MeshjitValueError("need at least one array to stack")
    shapes = {aval_of(a).shape for a in arrays}
    if len(shapes) > 1:
        shown = ", ".join(aval_of(a).str_short() for a in arrays)
        raise MeshjitValueError(f"stack needs arrays of the same shape, got {shown}")
    axis = checks.canonical_axis(axis, aval_of(arrays[0]).ndim + 1, "stack axis")
    return concatenate([expand_dims(a, axis) for a in arrays], axis)


def hstack(arrays):
    arrays = [atleast_1d(a) for a in arrays]
    return concatenate(arrays, 0 if aval_of(arrays[0]).ndim == 1 else 1)


def vstack(arrays):
    return concatenate([reshape(a, (1, -1)) if aval_of(a).ndim < 2 else a for a in arrays], 0)


def split(ary, indices_or_sections, axis=0):
    ary = _materialize(ary)
    aval = aval_of(ary)
    axis = checks.canonical_axis(axis, aval.ndim)
    size_ = aval.shape[axis]
    if isinstance(indices_or_sections, int):
        if indices_or_sections <= 0 or size_ % indices_or_sections:
            raise MeshjitValueError(
                f"array split does not result in an equal division: axis {axis} of size "
                f"{size_} into {indices_or_sections} sections"
            )
        step = size_ // indices_or_sections
        bounds = list(range(0, size_ + 1, step))
    else:
        bounds = [0] + [builtins.min(builtins.max(int(i), 0), size_) for i in indices_or_sections]
        bounds.append(size_)
    return [
        lax.slice_in_dim(ary, lo, builtins.max(lo, hi), 1, axis)
        for lo, hi in zip(bounds, bounds[1:])
    ]


# Names defined by the other numpy modules (creation, math, shapes, order statistics, products,
# cumulative ops, indexing, sorting, einsum); they use the helpers above, so they come last.
from meshjit.compiler.numpy import creation as _creation  # noqa: E402
from meshjit.compiler.numpy import cumulative as _cumulative  # noqa: E402
from meshjit.compiler.numpy import extra as _extra  # noqa: E402
from meshjit.compiler.numpy import math as _math  # noqa: E402
from meshjit.compiler.numpy import products as _products  # noqa: E402
from meshjit.compiler.numpy import shapes as _shapes  # noqa: E402
from meshjit.compiler.numpy import sorting as _order  # noqa: E402
from meshjit.compiler.numpy.creation import *  # noqa: E402,F401,F403
from meshjit.compiler.numpy.cumulative import *  # noqa: E402,F401,F403
from meshjit.compiler.numpy.extra import *  # noqa: E402,F401,F403
from meshjit.compiler.numpy.math import *  # noqa: E402,F401,F403
from meshjit.compiler.numpy.products import *  # noqa: E402,F401,F403
from meshjit.compiler.numpy.shapes import *  # noqa: E402,F401,F403
from meshjit.compiler.numpy.sorting import *  # noqa: E402,F401,F403


def _public_names(namespace) -> list[str]:
    return sorted(
        name
        for name, value in namespace.items()
        if not name.startswith("_")
        and callable(value)
        and getattr(value, "__module__", "") == __name__
    )


__all__ = _public_names(globals()) + [
    name
    for module in (_creation, _math, _shapes, _order, _products, _cumulative, _extra)
    for name in module.__all__
]
