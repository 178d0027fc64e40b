"""meshjit.numpy statistics: the NaN-ignoring reductions (nansum, nanprod, nanmax, nanmin,
nanmean, nanvar, nanstd, nanargmax, nanargmin, nancumsum, nancumprod) and the order statistics
(quantile, percentile, median)."""

from __future__ import annotations

import functools
import math
import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitIndexError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.numpy.creation import asarray
from meshjit.compiler.numpy.cumulative import check_flattenable, cumsum, cumulative_in_trace
from meshjit.compiler.numpy.elementwise import (
    add,
    ceil,
    floor,
    logical_and,
    logical_not,
    maximum,
    minimum,
    multiply,
    subtract,
    true_divide,
)
from meshjit.compiler.numpy.elementwise import (
    where as where_,
)
from meshjit.compiler.numpy.indexing import take, take_along_axis
from meshjit.compiler.numpy.math import isnan
from meshjit.compiler.numpy.reductions import (
    all,
    any,
    argmax,
    argmin,
    max,
    mean,
    min,
    prod,
    sum,
)
from meshjit.compiler.numpy.shapes import moveaxis, ravel
from meshjit.compiler.numpy.util import (
    aval_of,
    check_arraylike,
    check_out,
    jitted,
    jitted_as_jax,
    materialize,
    promote_inexact,
    sharded_by,
    unary_operand,
)

__all__ = [
    "median",
    "nanmedian",
    "nanpercentile",
    "nanquantile",
    "nanargmax",
    "nanargmin",
    "nancumprod",
    "nancumsum",
    "nanmax",
    "nanmean",
    "nanmin",
    "nanprod",
    "nanstd",
    "nansum",
    "nanvar",
    "percentile",
    "quantile",
]


# ---------------------------------------------------------------------------------------------
# NaN-ignoring reductions.


def _nan_reduction(reducer, identity, a, axis, keepdims, **kwargs):
    a = unary_operand(a)
    if not dtypes.is_inexact(aval_of(a).dtype):
        return reducer(a, axis=axis, keepdims=keepdims, **kwargs)
    fill = np.asarray(identity, aval_of(a).dtype)  # JAX's _reduction_init_val: strong
    return reducer(where_(isnan(a), fill, a), axis=axis, keepdims=keepdims, **kwargs)


def _static_axis(axis):
    """An axis list as the hashable tuple JAX's jit takes statically."""
    return tuple(axis) if isinstance(axis, list) else axis


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    program = jitted(_nansum, ("axis", "dtype", "keepdims"), "nansum")  # as JAX's @jit
    return program(a, _static_axis(axis), dtype, out, keepdims, initial, where)


def _nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    return _nan_reduction(
        sum, 0.0, a, axis, keepdims, dtype=dtype, out=out, initial=initial, where=where
    )


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    program = jitted(_nanprod, ("axis", "dtype", "keepdims"), "nanprod")  # as JAX's @jit
    return program(a, _static_axis(axis), dtype, out, keepdims, initial, where)


def _nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    return _nan_reduction(
        prod, 1.0, a, axis, keepdims, dtype=dtype, out=out, initial=initial, where=where
    )


@jitted_as_jax("axis", "dtype")
def nancumsum(a, axis=None, dtype=None, out=None):
    check_arraylike("nancumsum", a)
    check_out(out, "nancumsum")
    return _nan_cumulative("cumsum", 0.0, a, axis, dtype)


@jitted_as_jax("axis", "dtype")
def nancumprod(a, axis=None, dtype=None, out=None):
    check_arraylike("nancumprod", a)
    check_out(out, "nancumprod")
    return _nan_cumulative("cumprod", 1.0, a, axis, dtype)


def _nan_cumulative(name, identity, a, axis, dtype):
    a = unary_operand(a)
    if axis is None:  # flattened first, as JAX's
        check_flattenable("nan" + name, a)
        a, axis = ravel(a), 0
    if dtypes.is_inexact(aval_of(a).dtype):  # a strong identity, as JAX's
        a = where_(isnan(a), np.asarray(identity, aval_of(a).dtype), a)
    return cumulative_in_trace(name, a, axis, dtype)


def nanargmax(a, axis=None, out=None, keepdims=None):
    check_out(out, "nanargmax")
    return _jitted_nan_arg("_nanargmax", a, axis, bool(keepdims))


def nanargmin(a, axis=None, out=None, keepdims=None):
    check_out(out, "nanargmin")
    return _jitted_nan_arg("_nanargmin", a, axis, bool(keepdims))


def _jitted_nan_arg(name, a, axis, keepdims):
    """JAX's @jit(static_argnames=('axis', 'keepdims')) _nanargmax / _nanargmin."""
    a = unary_operand(a)
    axis = None if axis is None else operator.index(axis)
    fn = _nanargmax if name == "_nanargmax" else _nanargmin
    return jitted(fn, ("axis", "keepdims"), name)(a, axis, keepdims=bool(keepdims))


def _nanargmax(a, axis=None, keepdims=False):
    return _nan_arg(argmax, -np.inf, a, axis, keepdims)


def _nanargmin(a, axis=None, keepdims=False):
    return _nan_arg(argmin, np.inf, a, axis, keepdims)


def _nan_arg(arg_reduce, identity, a, axis, keepdims):
    """The index of the extremum ignoring NaNs; -1 where a slice is all NaN, as JAX."""
    if not dtypes.is_inexact(aval_of(a).dtype):
        return arg_reduce(a, axis=axis, keepdims=keepdims)
    if axis is not None:  # JAX indexes the shape by the axis first: its IndexError
        checks.canonical_axis(axis, aval_of(a).ndim, jax_words="tuple index out of range")
    nan = isnan(a)
    index = arg_reduce(where_(nan, identity, a), axis=axis, keepdims=keepdims)
    return where_(all(nan, axis=axis, keepdims=keepdims), -1, index)


def _kept(a, where):
    """The mask of elements a nan-reduction counts: not NaN, and in `where`."""
    kept = logical_not(isnan(a))
    return kept if where is None else logical_and(kept, where)


@jitted_as_jax("axis", "dtype", "keepdims")  # ddof traced, as JAX's
def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None, mean=None):
    """The variance of the non-NaN entries, as JAX computes it: |x - mean|^2 for complex values
    (a real result), low-precision floats in float32, and NaN where no more than `ddof` entries
    count. `mean`: the NaN-ignoring mean over `axis` (kept dims), when the caller has it."""
    check_out(out, "nanvar")
    a = unary_operand(a)
    compute, dtype = _var_dtypes(aval_of(a).dtype, dtype)
    a = lax.convert_element_type(a, compute)
    if mean is None:
        mean_ = nanmean(a, axis=axis, dtype=compute, keepdims=True, where=where)
    else:
        mean_ = lax.convert_element_type(asarray(mean), compute)
    centered = where_(isnan(a), 0, subtract(a, mean_))
    if dtypes.is_complex(compute):
        centered = lax.real(lax.mul(centered, lax.conj(centered)))
    else:
        centered = lax.square(centered)
    count = sum(logical_not(isnan(a)), axis=axis, keepdims=keepdims, where=where) - ddof
    empty = count <= 0
    total = where_(empty, np.nan, sum(centered, axis=axis, keepdims=keepdims, where=where))
    divisor = lax.convert_element_type(where_(empty, 1, count), aval_of(total).dtype)
    return lax.convert_element_type(lax.div(total, divisor), dtype)


def _var_dtypes(a_dtype, dtype):
    """(computation dtype, result dtype) of nanvar, as JAX's: an integer's inexact type
    (float32; float64 for 64-bit integers: not the default float with x64 on), a complex's real
    part, float16 / bfloat16 computed in float32."""
    if dtype is not None:
        dtype = dtypes.canonicalize(dtype)
        if dtypes.is_complex(a_dtype) and not dtypes.is_complex(dtype):
            raise MeshjitValueError(
                "meshjit.numpy.var does not yet support real dtype parameters when computing "
                "the variance of an array of complex values (as JAX)"
            )
        compute = dtype
    elif not dtypes.is_inexact(a_dtype):
        compute = dtype = dtypes.to_inexact(a_dtype)
    else:
        compute, dtype = a_dtype, dtypes.real_dtype(a_dtype)
    return (dtypes.float32 if compute in (dtypes.bfloat16, dtypes.float16) else compute), dtype


@jitted_as_jax("axis", "dtype", "keepdims")  # ddof traced, as JAX's
def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None, mean=None):
    check_out(out, "nanstd")
    var = nanvar(a, axis, dtype, None, ddof, keepdims, where=where, mean=mean)
    return lax.sqrt(var)


def _nan_extremum(reducer, identity, a, axis, keepdims, out, initial, where):
    result = _nan_reduction(
        reducer, identity, a, axis, keepdims, out=out, initial=initial, where=where
    )
    a = unary_operand(a)
    if not dtypes.is_inexact(aval_of(a).dtype) or initial is not None:
        return result
    all_nan = all(isnan(a), axis=axis, keepdims=keepdims, where=where)
    return where_(all_nan, asarray(np.nan, aval_of(result).dtype), result)


def nanmax(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    program = jitted(_nanmax, ("axis", "keepdims"), "nanmax")  # as JAX's @jit
    return program(a, _static_axis(axis), out, keepdims, initial, where)


def _nanmax(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _nan_extremum(max, -np.inf, a, axis, keepdims, out, initial, where)


def nanmin(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    program = jitted(_nanmin, ("axis", "keepdims"), "nanmin")  # as JAX's @jit
    return program(a, _static_axis(axis), out, keepdims, initial, where)


def _nanmin(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _nan_extremum(min, np.inf, a, axis, keepdims, out, initial, where)


@jitted_as_jax("axis", "dtype", "keepdims")
def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, where=None):
    a = unary_operand(a)
    if not dtypes.is_inexact(aval_of(a).dtype):
        return mean(a, axis=axis, dtype=dtype, keepdims=keepdims, out=out, where=where)
    dtype = aval_of(a).dtype if dtype is None else dtypes.canonicalize(dtype)
    kept = _kept(a, None)  # as JAX's: `where` applies in the count's sum
    count = sum(kept, axis=axis, dtype=dtype, keepdims=keepdims, out=out, where=where)
    return lax.div(nansum(a, axis=axis, dtype=dtype, keepdims=keepdims, where=where), count)


# ---------------------------------------------------------------------------------------------
# Order statistics.

_QUANTILE_METHODS = ("linear", "lower", "higher", "nearest", "midpoint", "inverted_cdf")


def _rows(a, axis, out, method, what: str):
    """`a` (made inexact) with the kept axes first and the reduced ones merged last:
    (rows, a's aval, the reduced axes, the kept axes)."""
    if out is not None:
        raise MeshjitValueError(  # JAX's words (median is a quantile there too)
            "jax.numpy.quantile does not support overwrite_input=True or out != None"
        )
    if method not in _QUANTILE_METHODS:
        raise MeshjitValueError(
            "method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' or "
            f"'inverted_cdf' ({what} got {method!r})"
        )
    (x,) = promote_inexact(materialize(a))
    x = materialize(x)
    aval = aval_of(x)
    if aval.weak_type:  # as JAX's: order statistics of Python scalars are strongly typed
        x = lax.convert_element_type(x, aval.dtype, weak_type=False)
    if dtypes.is_complex(aval.dtype):  # as JAX, for every order statistic
        raise MeshjitValueError(
            "quantile does not support complex input, as the operation is poorly defined."
        )
    axes = checks.canonical_axes(axis, aval.ndim)
    kept = [d for d in range(aval.ndim) if d not in axes]
    count = math.prod(aval.shape[d] for d in axes)
    x = lax.reshape(lax.transpose(x, kept + list(axes)), [aval.shape[d] for d in kept] + [count])
    return x, aval, axes, kept


# JAX jits the order statistics, these arguments static: one program (XLA rounds `q / 100 * (n -
# 1)` as JAX's does), a nested `jit` in jaxprs.
_STATIC = ("axis", "overwrite_input", "keepdims", "method")
_MEDIAN_STATIC = ("axis", "overwrite_input", "keepdims")


def quantile(
    a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
    weights=None,
):  # fmt: skip
    check_arraylike("quantile", a, q)
    return jitted(_quantile, _STATIC, "quantile")(
        a, q, axis=axis, out=out, overwrite_input=overwrite_input, method=method,
        keepdims=keepdims, weights=weights,
    )  # fmt: skip


def _quantile(a, q, axis, out, overwrite_input, method, keepdims, weights):
    if method == "inverted_cdf" or weights is not None:
        return _inverted_cdf(a, q, axis, out, method, keepdims, weights, "quantile")
    x, aval, axes, kept = _rows(a, axis, out, method, "quantile")
    q = _q_of_rank_one(asarray(q))
    if aval_of(x).shape[-1] == 0:
        _empty_selection(axes, aval, "quantile")
    sorted_x = lax.sort(x, dimension=aval_of(x).ndim - 1)
    result = _quantile_last_axis(sorted_x, q, method)
    result = _propagate_nan(result, x, aval_of(q).ndim)
    if keepdims:
        shape = aval_of(q).shape + tuple(1 if d in axes else n for d, n in enumerate(aval.shape))
        result = lax.reshape(result, shape)
    return result


def _q_of_rank_one(q):
    """JAX's check (and words): the quantiles asked for are a scalar or a vector."""
    if aval_of(q).ndim > 1:
        raise MeshjitValueError(f"q must be have rank <= 1, got shape {aval_of(q).shape}")
    return q


def _quantile_last_axis(sorted_x, q, method):
    """Quantiles `q` of each row of `sorted_x`, with q's axes first (NumPy's layout)."""
    n = aval_of(sorted_x).shape[-1]
    batch = aval_of(sorted_x).shape[:-1]
    dtype = aval_of(sorted_x).dtype
    if dtypes.is_inexact(aval_of(q).dtype):  # as JAX: positions and weights in q's dtype
        dtype = aval_of(q).dtype  # (a weak float32 for a Python q: float16's in float32)
    q = lax.convert_element_type(q, dtype, weak_type=aval_of(q).weak_type)
    position = multiply(q, n - 1)
    low = _clamp_index(floor(position), n)  # JAX's lax.max / lax.min, not its jitted clip
    high = _clamp_index(ceil(position), n)
    if method == "nearest":  # JAX's ties go to the lower index
        low = high = where_(subtract(position, low) <= 0.5, low, high)
    lo_vals = _take_rows(sorted_x, low, batch)
    hi_vals = _take_rows(sorted_x, high, batch)
    frac = subtract(position, low)
    frac = lax.broadcast_in_dim(frac, aval_of(lo_vals).shape, tuple(range(aval_of(q).ndim)))
    if method == "lower" or method == "nearest":
        return lo_vals
    if method == "higher":
        return hi_vals
    if method == "midpoint":
        return multiply(add(lo_vals, hi_vals), 0.5)
    lo_vals, hi_vals = (lax.convert_element_type(v, dtype) for v in (lo_vals, hi_vals))
    out = add(multiply(lo_vals, subtract(1, frac)), multiply(hi_vals, frac))  # JAX's rounding
    return lax.convert_element_type(out, aval_of(sorted_x).dtype)


def _clamp_index(position, n: int):
    """A position clamped to [0, n - 1] as JAX's quantile does (lax.max of 0 and lax.min)."""
    return maximum(0, minimum(position, n - 1))


def _take_rows(sorted_x, positions, batch):
    """sorted_x[..., positions] laid out as positions.shape + batch."""
    idx = lax.convert_element_type(positions, dtypes.int32)
    picked = take(sorted_x, ravel(idx), axis=len(batch), mode="clip")
    picked = moveaxis(picked, -1, 0)
    return lax.reshape(picked, aval_of(idx).shape + batch)


def _propagate_nan(result, x, q_ndim):
    """As NumPy, a row holding a NaN has NaN quantiles."""
    has_nan = any(isnan(x), axis=-1)
    has_nan = lax.broadcast(has_nan, aval_of(result).shape[:q_ndim])
    return where_(has_nan, np.array(np.nan, aval_of(result).dtype), result)


def percentile(
    a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
    weights=None, out_sharding=None,
):  # fmt: skip
    check_arraylike("percentile", a, q)
    run = functools.partial(
        jitted(_percentile, _STATIC, "percentile"), q=q, axis=axis, out=out,
        overwrite_input=overwrite_input, method=method, keepdims=keepdims, weights=weights,
    )  # fmt: skip
    return sharded_by(out_sharding, "percentile", run, a)


def _percentile(a, q, axis, out, overwrite_input, method, keepdims, weights):
    q = true_divide(q, 100.0)
    return quantile(a, q, axis, out, overwrite_input, method, keepdims, weights=weights)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    check_arraylike("median", a)
    return jitted(_median, _MEDIAN_STATIC, "median")(
        a, axis=axis, out=out, overwrite_input=overwrite_input, keepdims=keepdims
    )


def _median(a, axis, out, overwrite_input, keepdims):
    return quantile(a, 0.5, axis, out, overwrite_input, "midpoint", keepdims)


# ---------------------------------------------------------------------------------------------
# The NaN-ignoring order statistics: each row's quantiles among its non-NaN values.


def nanquantile(
    a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
    weights=None,
):  # fmt: skip
    check_arraylike("nanquantile", a, q)
    return jitted(_nanquantile, _STATIC, "nanquantile")(
        a, q, axis=axis, out=out, overwrite_input=overwrite_input, method=method,
        keepdims=keepdims, weights=weights,
    )  # fmt: skip


def _empty_selection(axes, aval, what: str, batched: bool = True):
    """JAX's errors for quantiles of empty rows: its gather's TypeError, or nanquantile's
    IndexError of an unbatched selection (its index into the empty sort)."""
    if not batched:
        raise MeshjitIndexError(
            f"index is out of bounds for axis 0 with size 0 ({what} of an empty selection of "
            f"{aval.str_short()})"
        )
    raise MeshjitTypeError(
        f"Slice size at index {(sorted(axes) or [0])[0]} in gather op is out of range, must be "
        f"within [0, 0 + 1), got 1 ({what} of an empty selection of {aval.str_short()})."
    )


def _nanquantile(a, q, axis, out, overwrite_input, method, keepdims, weights):
    if method == "inverted_cdf" or weights is not None:
        return _inverted_cdf(a, q, axis, out, method, keepdims, weights, "nanquantile")
    x, aval, axes, kept = _rows(a, axis, out, method, "nanquantile")
    if aval_of(x).shape[-1] == 0:
        _empty_selection(axes, aval, "nanquantile", batched=bool(kept))
    sorted_x = lax.sort(x, dimension=len(kept))  # NaNs sort last
    dtype = aval.dtype
    counts = sum(logical_not(isnan(x)), axis=-1, dtype=dtype)  # the non-NaN values per row
    q = _q_of_rank_one(lax.convert_element_type(asarray(q), dtype))
    q_ndim, batch = aval_of(q).ndim, tuple(aval.shape[d] for d in kept)
    shape = aval_of(q).shape + batch
    q_b = lax.broadcast_in_dim(q, shape, tuple(range(q_ndim)))
    last = lax.broadcast_in_dim(subtract(counts, 1), shape, tuple(range(q_ndim, len(shape))))
    position = multiply(q_b, last)
    low, high = floor(position), ceil(position)
    high_weight = subtract(position, low)
    low = _clamp_index(low, last)
    high = _clamp_index(high, last)
    low_value, high_value = _row_values(sorted_x, low, shape), _row_values(sorted_x, high, shape)
    result = _combine(method, low_value, high_value, high_weight)
    if keepdims:
        out_shape = aval_of(q).shape + tuple(
            1 if d in axes else m for d, m in enumerate(aval.shape)
        )
        result = lax.reshape(result, out_shape)
    return result


def _clamp_index(index, last):
    return lax.convert_element_type(
        lax.max(lax.min(index, last), lax.full_like(index, 0)), dtypes.int32
    )


def _row_values(sorted_x, index, shape):
    """sorted_x[b, index[qi, b]] laid out as `shape` (q's dims, then the rows')."""
    n = aval_of(sorted_x).shape[-1]
    rows = lax.broadcast_in_dim(
        sorted_x, (*shape, n), tuple(range(len(shape) - aval_of(sorted_x).ndim + 1, len(shape) + 1))
    )
    picked = take_along_axis(rows, lax.expand_dims(index, (len(shape),)), axis=-1)
    return lax.squeeze(picked, (len(shape),))


def _combine(method, low_value, high_value, high_weight):
    if method == "lower":
        return low_value
    if method == "higher":
        return high_value
    if method == "nearest":
        return where_(high_weight <= 0.5, low_value, high_value)
    if method == "midpoint":
        return multiply(add(low_value, high_value), 0.5)
    low_weight = subtract(1, high_weight)
    return add(multiply(low_value, low_weight), multiply(high_value, high_weight))


def nanpercentile(
    a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
    weights=None,
):  # fmt: skip
    check_arraylike("nanpercentile", a, q)
    return jitted(_nanpercentile, _STATIC, "nanpercentile")(
        a, q, axis=axis, out=out, overwrite_input=overwrite_input, method=method,
        keepdims=keepdims, weights=weights,
    )  # fmt: skip


def _nanpercentile(a, q, axis, out, overwrite_input, method, keepdims, weights):
    q = true_divide(q, 100.0)
    return nanquantile(a, q, axis, out, overwrite_input, method, keepdims, weights=weights)


# ---------------------------------------------------------------------------------------------
# The inverted-CDF quantiles, the one method that takes weights: per row, the first sorted
# value whose cumulative weight reaches q of the row's total weight.


def _inverted_cdf(a, q, axis, out, method, keepdims, weights, what: str):
    if method != "inverted_cdf":
        raise NotImplementedError(
            f"{method} doesn't support weights. Only method 'inverted_cdf' supports weights."
        )
    a = materialize(a)
    if weights is None:
        weights = lax.full_like(a, 1.0)  # promotes as a weight-less call does
    weights = materialize(weights)
    if np.issubdtype(aval_of(weights).dtype, np.complexfloating):
        raise MeshjitValueError("Weights cannot be complex types.")
    a, weights = promote_inexact(a, weights)
    weights = _weights_like(weights, aval_of(a), axis)
    x, aval, axes, kept = _rows(a, axis, out, method, what)
    w, *_ = _rows(weights, axis, out, method, what)
    q = _q_of_rank_one(lax.convert_element_type(asarray(q), aval.dtype))
    result = _cdf_pick(x, w, q, what == "nanquantile")
    if keepdims:
        shape = aval_of(q).shape + tuple(1 if d in axes else n for d, n in enumerate(aval.shape))
        result = lax.reshape(result, shape)
    return result


def _weights_like(weights, aval, axis):
    """`weights` broadcast to `a`'s shape: it is `a`'s shape, or that of the reduced axes."""
    shape = aval_of(weights).shape
    if shape == aval.shape:
        return weights
    if axis is None:
        raise MeshjitValueError("Weights shape must match 'a' shape when axis is None.")
    axes = checks.canonical_axes(axis, aval.ndim)
    reduced = tuple(aval.shape[d] for d in axes)
    if shape != reduced:
        raise MeshjitValueError(f"Weights shape {shape} must match reduction axes {reduced}")
    return lax.broadcast_in_dim(weights, aval.shape, tuple(axes))


def _cdf_pick(x, w, q, skip_nans: bool):
    """Per row of `x` (weights `w`), the inverted-CDF quantiles `q`: q's dims, then the rows'.
    A negative or NaN weight makes the row's quantile NaN; so does a NaN value, unless
    `skip_nans` (then NaN values weigh nothing, and an all-NaN row is NaN)."""
    nan_x = isnan(x)
    bad = lax.bitwise_or(lax.lt(w, lax.full_like(w, 0)), isnan(w))
    w = where_(lax.bitwise_or(bad, nan_x), lax.full_like(w, 0), w)
    last = aval_of(x).ndim - 1
    x, w = lax.sort_key_val(where_(nan_x, np.nan, x), w, dimension=last)
    cum = cumsum(w, axis=-1)
    batch, n = aval_of(x).shape[:-1], aval_of(x).shape[-1]
    q_ndim = aval_of(q).ndim
    shape = aval_of(q).shape + batch
    total = lax.slice_in_dim(cum, n - 1, n, axis=last)
    target = lax.mul(
        lax.broadcast_in_dim(q, (*shape, 1), tuple(range(q_ndim))),
        lax.broadcast_in_dim(total, (*shape, 1), tuple(range(q_ndim, len(shape) + 1))),
    )
    cum_b = lax.broadcast_in_dim(cum, (*shape, n), tuple(range(q_ndim, len(shape) + 1)))
    index = sum(lax.lt(cum_b, target), axis=-1, dtype=dtypes.int32)
    counts = sum(logical_not(nan_x), axis=-1, dtype=dtypes.int32) if skip_nans else None
    limit = lax.full(shape, n - 1, dtypes.int32) if counts is None else _q_major(counts - 1, shape)
    index = lax.max(lax.full_like(index, 0), lax.min(index, limit))
    result = _row_values(x, index, shape)
    nan_rows = lax.eq(counts, 0) if skip_nans else any(nan_x, axis=-1)
    force_nan = _q_major(lax.bitwise_or(any(bad, axis=-1), nan_rows), shape)
    return where_(force_nan, np.array(np.nan, aval_of(x).dtype), result)


def _q_major(rows, shape):
    """A per-row value broadcast over q's leading dims of `shape`."""
    ndim = aval_of(rows).ndim
    return lax.broadcast_in_dim(rows, shape, tuple(range(len(shape) - ndim, len(shape))))


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    check_arraylike("nanmedian", a)
    return jitted(_nanmedian, _MEDIAN_STATIC, "nanmedian")(
        a, axis=axis, out=out, overwrite_input=overwrite_input, keepdims=keepdims
    )


def _nanmedian(a, axis, out, overwrite_input, keepdims):
    return nanquantile(a, 0.5, axis, out, overwrite_input, "midpoint", keepdims)
