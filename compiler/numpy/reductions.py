"""meshjit.numpy reductions: sum, prod, max, min, any, all, mean, var, std, argmax, argmin,
average, ptp, count_nonzero, allclose and array_equal.

As in JAX, sums and products of booleans and narrow ints accumulate in 32 bits (of bfloat16 and
float16 in float32, rounded once, when no dtype is given), max and min of booleans are `or` and
`and`, and results are strongly typed. The common case (a traced array of a dtype the reduction
keeps, over one axis or all of them) binds the reduction directly.

`where=` masks the reduced elements (they count as the reduction's identity; max and min, which
have none, need `initial=`), and `initial=` joins the result, as NumPy's and JAX's.
"""

from __future__ import annotations

import builtins
import math
import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.api_util import alias
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import trace_state
from meshjit.compiler.ir.shape_poly import dimension_as_value, is_symbolic_dim
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.reductions import argmax_p, argmin_p, reduce_p
from meshjit.compiler.lax.shapes import broadcast_in_dim_p
from meshjit.compiler.numpy.creation import asarray
from meshjit.compiler.numpy.elementwise import (
    divide,
    equal,
    logical_and,
    logical_or,
    multiply,
    sqrt,
    subtract,
)
from meshjit.compiler.numpy.elementwise import (
    where as select_where,
)
from meshjit.compiler.numpy.math import isclose, isnan
from meshjit.compiler.numpy.shapes import broadcast_to, ravel, reshape
from meshjit.compiler.numpy.util import (
    aval_of,
    check_arraylike,
    check_out,
    is_meshjit_value,
    jitted,
    jitted_as_jax,
    materialize,
    promote_inexact,
    ref_hint,
    sum_dtype,
)
from meshjit.compiler.trace.tracing import Tracer, require_concrete
from meshjit.compiler.traceback_util import filter_exception, own_boundary

__all__ = [
    "all",
    "allclose",
    "amax",
    "amin",
    "any",
    "argmax",
    "argmin",
    "array_equal",
    "average",
    "count_nonzero",
    "max",
    "mean",
    "min",
    "prod",
    "ptp",
    "std",
    "sum",
    "var",
]


def _reduction_axes(x, axis):
    ndim = aval_of(x).ndim
    if axis is None:
        return tuple(range(ndim))
    if type(axis) is int and -ndim <= axis < ndim:
        return (axis % ndim,)
    return checks.canonical_axes(_static_axes(axis), ndim)


def _static_axes(axis):
    """JAX's `_ensure_optional_axes`: an axis given as an index (a NumPy or concrete jnp integer
    scalar) or a sequence of them, as ints; a traced axis is a ConcretizationTypeError."""
    if axis is None or type(axis) is int:
        return axis
    require_concrete(axis, "The axis argument must be known statically.")
    try:
        return operator.index(axis)
    except TypeError:
        return tuple(i if isinstance(i, str) else operator.index(i) for i in axis)


def _keepdims(result, x, axes, keepdims):
    """The reduced `axes` put back as size-1 dimensions (a broadcast_in_dim in the jaxpr, as
    JAX's lax.expand_dims)."""
    if not keepdims:
        return result
    return lax.expand_dims(result, sorted(axes))


# The dtypes each reduction keeps: the fast path below needs no conversion for them. (As JAX,
# sums and products of narrow or boolean ints widen to 32 bits; max and min of booleans are the
# logical `or` and `and`.)
_REDUCE_SUM, _REDUCE_PROD = reduce_p["reduce_sum"], reduce_p["reduce_prod"]
_REDUCE_MAX, _REDUCE_MIN = reduce_p["reduce_max"], reduce_p["reduce_min"]
_SUM_KEEPS = frozenset([dtypes.float32, dtypes.int32, dtypes.uint32])
_SUM_KEEPS_X64 = frozenset([dtypes.float32, dtypes.float64, dtypes.int64, dtypes.uint64])
_ORDER_KEEPS = dtypes.ALL - {dtypes.bool_}
_MEAN_KEEPS = frozenset([dtypes.float32, dtypes.float64])


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
    (and keepdims' broadcast_in_dim) directly.
    """
    trace = trace_state.current  # bound directly (`bind_internal` inlined): a call less
    if type(x) is not Tracer or trace is None:
        return None
    aval = x._var.aval
    shape = aval.shape
    ndim = len(shape)
    if aval.weak_type or not ndim or aval.dtype not in keeps:
        return None
    if type(axis) is not int:
        if axis is None:
            if 0 in shape:
                return None
            out = trace.process(prim, (x,), {"axes": tuple(range(ndim))}, 2)
            return _kept_dims(trace, out, (1,) * ndim, ()) if keepdims else out
        axis = _single_axis(axis)
        if axis is None:
            return None
    if not -ndim <= axis < ndim:
        return None
    if axis < 0:
        axis += ndim
    if not shape[axis]:
        return None
    out = trace.process(prim, (x,), {"axes": (axis,)}, 2)
    if keepdims:
        kept = (*shape[:axis], 1, *shape[axis + 1 :])
        return _kept_dims(trace, out, kept, (*range(axis), *range(axis + 1, ndim)))
    return out


def _kept_dims(trace, out, shape, dims):
    """keepdims' size-1 dimensions: `lax.expand_dims`' broadcast_in_dim, bound directly in
    `trace` (the shape and dimensions are right by construction)."""
    params = {"shape": shape, "broadcast_dimensions": dims, "sharding": None}
    return trace.process(broadcast_in_dim_p, (out,), params, 2)


def _reduce_with(lax_reduce, x, axis, dtype, keepdims, promote, upcast=False, join=None):
    """`upcast`: bfloat16 and float16 accumulate in float32 and round once (JAX's sum and prod
    without a dtype); `join` (initial=) applies to the reduced result before its kept dims come
    back, as in JAX."""
    x = materialize(x)
    axes = _reduction_axes(x, axis)
    aval = aval_of(x)
    target = dtypes.canonicalize(dtype) if dtype is not None else promote(aval.dtype)
    x = lax.convert_element_type(x, target)  # as in JAX, reductions give strong types
    if upcast and target in _LOW_PRECISION:
        out = lax_reduce(lax.convert_element_type(x, dtypes.float32), axes)
        out = lax.convert_element_type(out, target)
    else:
        out = lax_reduce(x, axes)
    return _keepdims(out if join is None else join(out), x, axes, keepdims)


_LOW_PRECISION = (dtypes.bfloat16, dtypes.float16)


# ---------------------------------------------------------------------------------------------
# where= and initial=.


def _check_where(name: str, where) -> None:
    """JAX's check_where: a reduction's mask is None or a boolean array."""
    if where is None or isinstance(where, (bool, np.bool_)):
        return
    dtype = aval_of(where).dtype
    if dtype != dtypes.bool_:
        raise MeshjitValueError(
            f"jnp.{name}: where must be None or a boolean array; got where.dtype={dtype!r}."
        )


def _masked(a, where, identity):
    """`a` where `where` holds and `identity` elsewhere: the reduction's `where=` (the
    identity a NumPy constant of a's dtype, as JAX's _reduction_init_val)."""
    if where is None:
        return a
    a = materialize(a)
    fill = _init_val(aval_of(a).dtype, identity)
    return broadcast_to(select_where(where, a, fill), aval_of(a).shape)


def _init_val(dtype, value) -> np.ndarray:
    """JAX's _reduction_init_val: `value` in `dtype` (an infinity the dtype lacks its
    extreme, one past an integer's range its bound)."""
    if dtypes.is_bool(dtype):
        return np.array(value > 0, dtype)
    if np.isinf(value) and dtypes.is_float(dtype) and not np.isinf(np.array(value, dtype)):
        info = dtypes.finfo(dtype)  # (float8 e4m3fn and kin have no infinity)
        return np.array(info.min if value < 0 else info.max, dtype)
    try:
        return np.array(value, dtype)
    except OverflowError:
        info = np.iinfo(dtype)
        return np.array(info.min if value < 0 else info.max, dtype)


def _initial_join(initial, combine):
    """The `join` of _reduce_with that combines `initial` with the result as JAX does:
    combine(initial, result), which decides the winner of a complex max / min when both hold
    NaNs; a Python or NumPy initial is a constant of the result's dtype (a literal, as JAX's)."""
    if initial is None:
        return None

    def join(out):
        dtype = aval_of(out).dtype
        if is_meshjit_value(initial):
            value = lax.convert_element_type(initial, dtype)
        else:
            value = lax.convert_element_type(asarray(np.asarray(initial).astype(dtype)), dtype)
        if aval_of(value).ndim:
            raise MeshjitValueError(
                f"initial value must be a scalar. Got array of shape {aval_of(value).shape}"
            )
        return combine(value, out)

    return join


# ---------------------------------------------------------------------------------------------
# sum, prod, max, min, any, all.


def _sum_like(name: str, fast_prim, reduce, identity: int, combine):
    """sum / prod: the fast path for a plain reduction, else masked (`where`), reduced in
    sum_dtype's accumulation type and combined with `initial`."""

    def reduction(
        a,
        axis=None,
        dtype=None,
        out=None,
        keepdims=False,
        initial=None,
        where=None,
        promote_integers=True,
    ):
        try:
            check_out(out, name)
            dtypes.check_user_dtype(dtype, name)  # JAX's warning for 64 bits without x64
            if getattr(type(a), "is_mutable_ref", False):  # JAX's check_arraylike
                raise MeshjitTypeError(
                    f"{name} requires ndarray or scalar arguments, got {type(a)} at position "
                    f"0.{ref_hint(a)}"
                )
            _check_where(name, where)
            if dtype is None and not promote_integers:  # small integers keep their type
                dtype = _unpromoted(a)
            if dtype is None and initial is None and where is None:
                keeps = _SUM_KEEPS_X64 if dtypes.x64_enabled else _SUM_KEEPS
                fast = _reduce_fast(fast_prim, a, axis, keepdims, keeps)
                if fast is not None:
                    return fast
            a = _numeric(a)
            if where is not None:  # as JAX's: masked in the dtype it accumulates in
                target = sum_dtype(aval_of(a).dtype) if dtype is None else dtype
                a = lax.convert_element_type(a, dtypes.canonicalize(target))
            a = _masked(a, where, identity)
            join = _initial_join(initial, combine)
            return _reduce_with(reduce, a, axis, dtype, keepdims, sum_dtype, dtype is None, join)
        except Exception as e:
            filter_exception(e)
            raise

    reduction.__name__ = reduction.__qualname__ = name
    return own_boundary(reduction)


def _numeric(a):
    """JAX's _cast_to_numeric before a sum / prod: booleans count as the default int (then
    converted to a given dtype)."""
    a = materialize(a)
    return (
        lax.convert_element_type(a, dtypes.default_int) if dtypes.is_bool(aval_of(a).dtype) else a
    )


def _unpromoted(a):
    """The dtype sum / prod keep with promote_integers=False: the input's, for integers."""
    dtype = aval_of(asarray(a)).dtype
    return dtype if dtypes.is_int(dtype) else None


sum = _sum_like("sum", _REDUCE_SUM, lax.reduce_sum, 0, lax.add)
prod = _sum_like("prod", _REDUCE_PROD, lax.reduce_prod, 1, lax.mul)


def _check_nonempty(a, axes, name):
    aval = aval_of(a)
    if builtins.any(aval.shape[i] == 0 for i in axes):
        if name in ("argmax", "argmin"):  # NumPy's and JAX's words alone: programs print them
            raise MeshjitValueError(f"attempt to get {name} of an empty sequence")
        raise MeshjitValueError(
            f"zero-size array to reduction operation {name} which has no identity"
        )


def _same_dtype(dtype):
    return dtype


def _extremum_like(name: str, fast_prim, lax_reduce, bool_reduce, combine, identity):
    """max / min: the fast path for a plain reduction, else the general one, where an empty axis
    or a `where` mask needs `initial` (they have no identity); booleans use or / and."""

    def reduction(a, axis=None, out=None, keepdims=False, initial=None, where=None):
        try:
            check_out(out, name)
            _check_where(name, where)
            if initial is None and where is None:
                fast = _reduce_fast(fast_prim, a, axis, keepdims, _ORDER_KEEPS)
                if fast is not None:
                    return fast
            return _extremum(a, axis, keepdims, initial, where)
        except Exception as e:
            filter_exception(e)
            raise

    def _extremum(a, axis, keepdims, initial, where):
        a = materialize(a)
        if initial is None:
            if where is not None:
                raise MeshjitValueError(
                    f"reduction operation {name} does not have an identity, so to use a where "
                    "mask one has to specify 'initial'"
                )
            _check_nonempty(a, _reduction_axes(a, axis), name)
        a = _masked(a, where, identity)  # (initial joins the result after, as JAX's)
        reducer = bool_reduce if dtypes.is_bool(aval_of(a).dtype) else lax_reduce
        join = _initial_join(initial, combine)
        return _reduce_with(reducer, a, axis, None, keepdims, _same_dtype, join=join)

    reduction.__name__ = reduction.__qualname__ = name
    return own_boundary(reduction)


max = _extremum_like("max", _REDUCE_MAX, lax.reduce_max, lax.reduce_or, lax.max, -np.inf)
min = _extremum_like("min", _REDUCE_MIN, lax.reduce_min, lax.reduce_and, lax.min, np.inf)

amax, amin = alias(max, "amax"), alias(min, "amin")


def _cast_to_bool(x):
    """As JAX's any / all take their operand: converted (a complex value by its real part, as
    XLA converts it), unlike the logical ops' x != 0."""
    return lax.convert_element_type(x, dtypes.bool_)


def any(a, axis=None, out=None, keepdims=False, *, where=None):
    check_out(out, "any")
    _check_where("any", where)
    a = _masked(_cast_to_bool(a), where, False)
    return _reduce_with(lax.reduce_or, a, axis, None, keepdims, _same_dtype)


def all(a, axis=None, out=None, keepdims=False, *, where=None):
    check_out(out, "all")
    _check_where("all", where)
    a = _masked(_cast_to_bool(a), where, True)
    return _reduce_with(lax.reduce_and, a, axis, None, keepdims, _same_dtype)


# ---------------------------------------------------------------------------------------------
# mean, var, std, average.


def _count(a, axes) -> int:
    return math.prod(aval_of(a).shape[i] for i in axes)


def _float_dtype(dtype):
    """mean's and var's result type, as JAX's to_inexact_dtype: an integer's is float32 (float64
    for 64-bit integers), not the default float (float64 with x64 on)."""
    return dtypes.to_inexact(dtype)


def _where_count(a, axes, where, dtype, keepdims):
    """How many elements each reduction over `axes` keeps: the size, or the mask's count."""
    if where is None:
        return float(_count(a, axes))
    mask = broadcast_to(_cast_to_bool(where), aval_of(a).shape)
    return sum(mask, axis=axes, dtype=dtype, keepdims=keepdims)


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=None):
    """One program when called eagerly, inlined in a trace: JAX's `_mean` (jit, inline=True)."""
    check_out(out, "mean")
    _check_where("mean", where)
    if where is None and dtype is None:  # float32 sums and divides in float32: no conversions
        total = _reduce_fast(_REDUCE_SUM, a, axis, keepdims, _MEAN_KEEPS)
        if total is not None:
            shape = a._var.aval.shape
            count = math.prod(shape) if axis is None else shape[_single_axis(axis)]
            return lax.div(total, _divisor(count, aval_of(total).dtype))
    check_arraylike("mean", a)
    if a is None:  # JAX's check_arraylike refuses it too (not a scalar)
        raise MeshjitTypeError(
            f"mean requires ndarray or scalar arguments, got {type(a)} at position 0."
        )
    axis = _static_axes(axis)
    program = jitted(_mean_program, ("axis", "dtype", "keepdims"), "_mean", inline=True)
    return program(a, axis, dtype, keepdims, where=where)


def _axes_in_range(a, axis) -> None:
    """JAX's mean reads each axis' size (`a.shape[i]`) before reducing: an axis out of range is
    its IndexError, in its words (for var and std too, which take a mean first)."""
    ndim = aval_of(a).ndim
    for ax in axis if isinstance(axis, tuple) else () if axis is None else (axis,):
        if isinstance(ax, int):
            checks.canonical_axis(ax, ndim, jax_words="tuple index out of range")


def _mean_program(a, axis, dtype, keepdims, *, where):
    a = materialize(a)
    _axes_in_range(a, axis)
    axes = _reduction_axes(a, axis)
    out_dtype = dtypes.canonicalize(dtype) if dtype is not None else _float_dtype(aval_of(a).dtype)
    compute = out_dtype if dtype is not None else _compute_dtype(out_dtype)  # as JAX
    if where is not None:  # the count first, as JAX's (its broadcast_to's words for the mask)
        count = _where_count(a, axes, where, compute, keepdims)
        total = sum(a, axis=axes, dtype=compute, keepdims=keepdims, where=where)
        return lax.convert_element_type(lax.div(total, count), out_dtype)
    total = sum(a, axis=axes, dtype=compute, keepdims=keepdims)
    return lax.convert_element_type(lax.div(total, _divisor(_count(a, axes), compute)), out_dtype)


def _divisor(count, dtype):
    """`count` as a divisor: a float (an int for an integer `dtype=`, which JAX's mean divides
    in), or (a symbolic count, shape polymorphism) the dimension's value as `dtype`."""
    if not is_symbolic_dim(count):
        return float(count) if dtypes.is_inexact(dtype) else int(count)
    return lax.convert_element_type(dimension_as_value(count), dtype)


def _compute_dtype(dtype):
    return dtypes.float32 if dtype in (dtypes.bfloat16, dtypes.float16) else dtype


def var(
    a,
    axis=None,
    dtype=None,
    out=None,
    ddof=0,
    keepdims=False,
    *,
    where=None,
    mean=None,
    correction=None,
):
    """`mean`: the mean over `axis` (kept dims), when the caller has it already. One program,
    as JAX's jitted `_var` (XLA rounds the centring and sum alike)."""
    check_out(out, "var")
    _check_where("var", where)
    ddof = _ddof_or_correction(ddof, correction)
    axis = _static_axes(axis)
    static = ("axis", "dtype", "keepdims")  # ddof traced, as JAX's correction
    return jitted(_var, static)(a, axis, dtype, ddof, keepdims, where=where, mean=mean)


def _var(a, axis, dtype, ddof, keepdims, *, where, mean):
    """JAX's _var, in its order: the centred squares (|x - mean|^2 of complex values, a real
    number), the normalizer, the sum, their quotient; NaN (by _where) where the normalizer is
    not positive."""
    a = materialize(a)
    _axes_in_range(a, axis)
    axes = _reduction_axes(a, axis)
    if dtypes.is_complex(aval_of(a).dtype):
        compute = aval_of(a).dtype
        out_dtype = dtypes.real_dtype(compute) if dtype is None else dtypes.canonicalize(dtype)
    else:
        out_dtype = _float_dtype(aval_of(a).dtype) if dtype is None else dtypes.canonicalize(dtype)
        compute = _compute_dtype(out_dtype)
    x = lax.convert_element_type(a, compute)
    centered = subtract(x, _centre(x, axes, where, mean))
    if dtypes.is_complex(compute):
        centered = lax.real(lax.mul(centered, lax.conj(centered)))
        compute = aval_of(centered).dtype
    else:
        centered = lax.square(centered)
    if where is None:
        count = lax.convert_element_type(_divisor(_count(a, axes), compute), compute)
    else:
        count = _where_count(a, axes, where, compute, keepdims)
    normalizer = lax.sub(count, lax.convert_element_type(ddof, compute))
    total = sum(centered, axis=axes, dtype=compute, keepdims=keepdims, where=where)
    result = lax.convert_element_type(lax.div(total, normalizer), out_dtype)
    return select_where(lax.gt(normalizer, _zero_of(normalizer)), result, np.nan)


def _ddof_or_correction(ddof, correction):
    """var's degrees-of-freedom correction: `correction` (the Array API's name) or `ddof`, in
    JAX's words when both are given."""
    if correction is None:
        return ddof
    if not isinstance(ddof, int) or ddof != 0:
        raise MeshjitValueError("ddof and correction can't be provided simultaneously.")
    return correction


def std(
    a,
    axis=None,
    dtype=None,
    out=None,
    ddof=0,
    keepdims=False,
    *,
    where=None,
    mean=None,
    correction=None,
):
    check_out(out, "std")
    _check_where("std", where)
    check_arraylike("std", a)
    ddof = _ddof_or_correction(ddof, correction)
    axis = _static_axes(axis)  # (static in JAX's jit: hashable ints)
    static = ("axis", "dtype", "keepdims")  # ddof traced, as JAX's correction
    return jitted(_std, static)(a, axis, dtype, ddof, keepdims, where=where, mean=mean)


def _std(a, axis, dtype, ddof, keepdims, *, where, mean):
    return sqrt(var(a, axis, dtype, None, ddof, keepdims, where=where, mean=mean))


def _zero_of(x):
    return np.zeros((), aval_of(x).dtype)


def _centre(x, axes, where, given):
    """The mean var subtracts: the given one (in x's type), or x's over `axes` (kept dims)."""
    if given is None:
        return _mean(x, axis=axes, keepdims=True, where=where)
    return lax.convert_element_type(asarray(given), aval_of(x).dtype)


def average(a, axis=None, weights=None, returned=False, keepdims=False):
    """One program when called eagerly, inlined in a trace: JAX's `_average` (jit, inline)."""
    axis = _static_axes(axis)
    program = jitted(_average, ("axis", "returned", "keepdims"), "_average", inline=True)
    return program(a, axis, weights, returned, keepdims)


def _average(a, axis, weights, returned, keepdims):
    ndim = np.ndim(a) if not hasattr(a, "aval") else aval_of(a).ndim
    for ax in axis if isinstance(axis, tuple) else () if axis is None else (axis,):
        checks.canonical_axis(ax, ndim)  # JAX's first check: canonicalize_axis's ValueError
    if weights is None:
        (a,) = promote_inexact(a)
        a = materialize(a)
        avg = mean(a, axis=axis, keepdims=keepdims)
        total = float(_count(a, _reduction_axes(a, axis)))
        weights_sum = lax.full((), total, aval_of(avg).dtype)
    else:
        a, weights = (materialize(v) for v in promote_inexact(a, weights))
        weights = _weights_like(a, weights, axis)
        weights_sum = sum(weights, axis=axis, keepdims=keepdims)
        avg = divide(sum(multiply(a, weights), axis=axis, keepdims=keepdims), weights_sum)
    if not returned:
        return avg
    shape = aval_of(avg).shape
    if aval_of(weights_sum).shape != shape:
        weights_sum = broadcast_to(weights_sum, shape)
    return avg, weights_sum


def _weights_like(a, weights, axis):
    """Weights given along the reduced axes only, reshaped to broadcast against `a`."""
    a_shape, w_shape = aval_of(a).shape, aval_of(weights).shape
    if a_shape == w_shape:
        return weights
    if axis is None:
        raise MeshjitValueError("Axis must be specified when shapes of a and weights differ.")
    axes = _reduction_axes(a, axis)
    if w_shape != tuple(a_shape[i] for i in axes):
        raise MeshjitValueError(
            "Shape of weights must be consistent with shape of a along specified axis. "
            f"(weights of shape {w_shape}, a of shape {a_shape}, axis {axis})"
        )
    order = sorted(range(len(axes)), key=lambda i: axes[i])
    if order != list(range(len(axes))):
        weights = lax.transpose(weights, order)
    return reshape(weights, tuple(d if i in axes else 1 for i, d in enumerate(a_shape)))


# ---------------------------------------------------------------------------------------------
# argmax, argmin.

_ARG_REDUCE_PRIMS = {"argmax": argmax_p, "argmin": argmin_p}


def _arg_reduce_fast(name, a, axis, keepdims):
    """What `_arg_reduce` gives for a traced array and one in-range int axis, or None."""
    if type(a) is not Tracer or type(axis) is not int:
        return None
    shape = a._var.aval.shape
    ndim = len(shape)
    if not -ndim <= axis < ndim or not shape[axis]:
        return None
    axis %= ndim
    out = _ARG_REDUCE_PRIMS[name].bind_internal(a, axes=(axis,), index_dtype=dtypes.default_int)
    if keepdims:
        return lax.expand_dims(out, (axis,))
    return out


def _arg_reduce(lax_fn, name, a, axis, keepdims):
    out = _arg_reduce_fast(name, a, axis, keepdims)
    if out is not None:
        return out
    a = materialize(a)
    if axis is None:
        out = _arg_reduce(lax_fn, name, ravel(a), 0, False)
        return lax.expand_dims(out, range(aval_of(a).ndim)) if keepdims else out
    axis = checks.canonical_axis(axis, aval_of(a).ndim, jax_words="tuple index out of range")
    _check_nonempty(a, (axis,), name)
    out = lax_fn(a, axis, dtypes.default_int)
    return _keepdims(out, a, (axis,), keepdims)


def argmax(a, axis=None, out=None, keepdims=None):
    check_out(out, "argmax")
    return _arg_reduce(lax.argmax, "argmax", a, axis, bool(keepdims))


def argmin(a, axis=None, out=None, keepdims=None):
    check_out(out, "argmin")
    return _arg_reduce(lax.argmin, "argmin", a, axis, bool(keepdims))


# ---------------------------------------------------------------------------------------------
# Reductions of comparisons and differences.


def count_nonzero(a, axis=None, keepdims=False):
    axis = tuple(axis) if isinstance(axis, list) else axis  # static in JAX's jit: hashable
    return jitted(_count_nonzero, ("axis", "keepdims"), "count_nonzero")(a, axis, keepdims)


def _count_nonzero(a, axis=None, keepdims=False):
    """JAX's: `a != 0` in a's own dtype (`ne a False` for booleans, no conversion first)."""
    a = asarray(a)
    nonzero = lax.ne(a, np.zeros((), a.dtype))
    return sum(nonzero, axis=axis, dtype=dtypes.default_int, keepdims=keepdims)


def ptp(a, axis=None, out=None, keepdims=False):
    check_out(out, "ptp")
    axis = _static_axes(axis)  # static in JAX's jit: hashable ints
    return jitted(_ptp, ("axis", "keepdims"), "_ptp")(a, axis, keepdims=keepdims)


def _ptp(a, axis=None, keepdims=False):
    return lax.sub(max(a, axis=axis, keepdims=keepdims), min(a, axis=axis, keepdims=keepdims))


@jitted_as_jax("equal_nan")
def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return all(isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2, equal_nan=False):
    a1, a2 = asarray(a1), asarray(a2)
    if aval_of(a1).shape != aval_of(a2).shape:
        return asarray(False)
    eq = equal(a1, a2)
    if equal_nan:
        eq = logical_or(eq, logical_and(isnan(a1), isnan(a2)))
    return all(eq)


_mean = mean  # var's `mean` parameter shadows the function
