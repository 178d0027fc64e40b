"""meshjit.numpy sorting and searching: sort, argsort, searchsorted, the static-size nonzero
family (nonzero, flatnonzero, argwhere, and unique with JAX's `size=`), and interp.

Written over the sort, gather, select and reduction primitives.
"""

from __future__ import annotations

import builtins
import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.shape_poly import dimension_as_value, is_symbolic_dim
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.numpy.creation import asarray
from meshjit.compiler.numpy.cumulative import cumsum
from meshjit.compiler.numpy.elementwise import (
    absolute,
    add,
    clip,
    divide,
    less,
    less_equal,
    logical_and,
    logical_not,
    logical_or,
    multiply,
    not_equal,
    remainder,
    subtract,
    where,
)
from meshjit.compiler.numpy.indexing import take
from meshjit.compiler.numpy.math import isnan
from meshjit.compiler.numpy.reductions import any as any_
from meshjit.compiler.numpy.reductions import sum
from meshjit.compiler.numpy.shapes import (
    concatenate,
    expand_dims,
    moveaxis,
    ravel,
    reshape,
    stack,
)
from meshjit.compiler.numpy.util import (
    arraylike,
    aval_of,
    check_arraylike,
    is_traced,
    jitted,
    jitted_as_jax,
    materialize,
    promote,
    promote_inexact,
)
from meshjit.compiler.trace.tracing import require_concrete

__all__ = [
    "argsort",
    "argwhere",
    "flatnonzero",
    "interp",
    "nonzero",
    "searchsorted",
    "sort",
    "sort_complex",
    "unique",
]


# ---------------------------------------------------------------------------------------------
# sort, argsort.


def _sort_axis(a, axis):
    a = materialize(a)
    if axis is None:
        return ravel(a), 0
    return a, checks.canonical_axis(axis, aval_of(a).ndim, "sort axis")


def _check_sort_options(name: str, kind, order) -> None:
    """JAX's refusals: no `kind` (stability is `stable=`), no structured `order`."""
    if kind is not None:
        raise MeshjitTypeError(
            f"'kind' argument to {name} is not supported. Use stable=True or stable=False to "
            "specify sort stability."
        )
    if order is not None:
        raise MeshjitTypeError(f"'order' argument to {name} is not supported.")


@jitted_as_jax("axis", "kind", "order", "stable", "descending")
def sort(a, axis=-1, *, kind=None, order=None, stable=True, descending=False):
    """Sorted copy of `a` along `axis`; NaNs sort last (first if descending)."""
    _check_sort_options("sort", kind, order)
    a, axis = _sort_axis(a, axis)
    out = lax.sort(a, dimension=axis, is_stable=stable)
    return lax.rev(out, (axis,)) if descending else out


@jitted_as_jax()
def sort_complex(a):
    """`a` sorted along its last axis (by real part, then imaginary part), as complex numbers."""
    a = materialize(a)
    a = lax.sort(a, dimension=aval_of(a).ndim - 1)
    dtype = dtypes.to_inexact(aval_of(a).dtype)  # JAX's to_complex_dtype: int32's complex64
    return lax.convert_element_type(a, dtypes.complex_dtype(dtype))


@jitted_as_jax("axis", "kind", "order", "stable", "descending", "dtype")
def argsort(a, axis=-1, *, kind=None, order=None, stable=True, descending=False, dtype=None):
    """Indices (the default int, or `dtype`) that sort `a` along `axis`; ties keep their
    order."""
    _check_sort_options("argsort", kind, order)
    index_dtype = dtypes.default_int
    if dtype is not None:
        dtypes.check_user_dtype(dtype, "argsort")
        index_dtype = dtypes.canonicalize(dtype)
    a, axis = _sort_axis(a, axis)
    aval = aval_of(a)
    if descending:
        a = lax.rev(a, (axis,))
    iota = lax.broadcasted_iota(index_dtype, aval.shape, axis)
    _, perm = lax.sort_key_val(a, iota, dimension=axis, is_stable=True)
    if not descending:
        return perm
    last = lax.full(aval.shape, aval.shape[axis] - 1, index_dtype)
    return lax.sub(last, lax.rev(perm, (axis,)))


# ---------------------------------------------------------------------------------------------
# searchsorted and the static-size nonzero family.


def searchsorted(a, v, side="left", sorter=None, *, method="scan"):
    check_arraylike("searchsorted", a, v)
    if side not in ("left", "right"):
        raise MeshjitValueError(f"invalid argument side={side!r}, expected 'left' or 'right'")
    if method not in ("scan", "scan_unrolled", "sort", "compare_all"):
        raise MeshjitValueError(
            f"invalid argument method={method!r}, expected one of ['compare_all', 'scan', "
            "'scan_unrolled', 'sort']"
        )
    a = materialize(a)
    if aval_of(a).ndim != 1:
        raise MeshjitValueError(f"a should be 1-dimensional, got {aval_of(a).str_short()}")
    if sorter is not None:
        a = take(a, sorter, mode="clip")
    a, v = promote(a, v)
    v = materialize(v)
    n = aval_of(a).shape[0]
    # As JAX: int32 whenever the positions fit it, even with x64 (a symbolic n: the default).
    dtype = dtypes.default_int if is_symbolic_dim(n) or n >= 2**31 else dtypes.int32
    if method in ("sort", "compare_all") or n == 0:
        # Counting: the same positions as the binary search when `a` is sorted.
        before = _total_less if side == "left" else _total_less_equal
        return sum(before(a, expand_dims(v, -1)), axis=-1, dtype=dtype)
    return _binary_search(a, v, side, dtype)


def _sort_keys(x):
    """The keys JAX's sort comparators order a value by: (real, imag) for complex values."""
    if dtypes.is_complex(aval_of(x).dtype):
        x = materialize(x)
        return [lax.real(x), lax.imag(x)]
    return [x]


def _key_less(x, y):
    """x < y for one key in JAX's total order: NaN after everything (-0 == 0)."""
    if not dtypes.is_float(aval_of(x).dtype):
        return less(x, y)
    return logical_or(less(x, y), logical_and(isnan(y), logical_not(isnan(x))))


def _key_less_equal(x, y):
    if not dtypes.is_float(aval_of(x).dtype):
        return less_equal(x, y)
    return logical_or(less_equal(x, y), isnan(y))


def _key_equal(x, y):
    equal = logical_not(not_equal(x, y))
    if not dtypes.is_float(aval_of(x).dtype):
        return equal
    return logical_or(equal, logical_and(isnan(x), isnan(y)))


def _lexicographic(last_compare, x, y):
    """JAX's comparator over the keys: lexicographic, `last_compare` on the last key."""
    xs, ys = _sort_keys(x), _sort_keys(y)
    result = last_compare(xs[-1], ys[-1])
    for xk, yk in zip(xs[-2::-1], ys[-2::-1]):
        result = logical_or(_key_less(xk, yk), logical_and(_key_equal(xk, yk), result))
    return result


def _total_less(x, y):
    """x < y in the order JAX's sort and searchsorted use (complex values by (real, imag))."""
    return _lexicographic(_key_less, x, y)


def _total_less_equal(x, y):
    return _lexicographic(_key_less_equal, x, y)


def _binary_search(a, v, side, dtype):
    """JAX's default ('scan') searchsorted: a binary search of ceil(log2(n + 1)) halvings, so
    the positions are JAX's also when `a` is not sorted."""
    n = int(aval_of(a).shape[0])  # JAX's error for a symbolic length: it needs a constant
    go_left = _total_less_equal if side == "left" else _total_less
    low = lax.full(aval_of(v).shape, 0, dtypes.uint32)
    high = lax.full(aval_of(v).shape, n, dtypes.uint32)
    two = lax.full((), 2, dtypes.uint32)
    for _ in range(int(np.ceil(np.log2(n + 1)))):
        mid = lax.add(low, lax.div(lax.sub(high, low), two))
        left = go_left(v, take(a, mid, mode="clip"))
        low, high = lax.select(left, low, mid), lax.select(left, mid, high)
    return lax.convert_element_type(high, dtype)


UNIQUE_STATIC = (
    "The error arose for the {} argument of jnp.unique(). To make jnp.unique() compatible with "
    "JIT and other transforms, you can specify a concrete value for the size argument, which "
    "will determine the output size."
)
_NONZERO_STATIC = (
    "The size argument of jnp.nonzero must be statically specified to use jnp.nonzero within "
    "JAX transformations."
)


def _static_size(name, a, count):
    """The number of results when no `size=` is given: known only for concrete inputs (JAX's
    ConcretizationTypeError names unique's input, or nonzero's count, a scalar)."""
    if is_traced(a):
        if name == "unique":
            require_concrete(a, UNIQUE_STATIC.format("first"))
        # JAX's: the count, traced (its error names the arguments it depends on)
        require_concrete(sum(asarray(a) != 0), _NONZERO_STATIC)
    return int(count(np.asarray(a)))


def _given_size(name, size) -> int:
    if is_traced(size):
        require_concrete(
            size, UNIQUE_STATIC.format("size") if name == "unique" else _NONZERO_STATIC
        )
    size = operator.index(size)
    if size < 0:  # JAX's words: it fills a result of that shape
        raise MeshjitTypeError(
            f"broadcast_in_dim shape must have every element be nonnegative, got ({size},). "
            f"({name}: size={size} is negative)"
        )
    return size


def _index_value(n):
    """Size `n` as an index of the default int (a symbolic one computed)."""
    if is_symbolic_dim(n):
        return lax.convert_element_type(dimension_as_value(n), dtypes.default_int)
    return dtypes.index_scalar(n)


def _first_true(mask, size):
    """Flat positions (the default int) of the first `size` True entries of 1-D `mask`; N pads."""
    n = aval_of(mask).shape[0]
    iota = lax.iota(dtypes.default_int, n)
    past_end = _index_value(n)
    keys = lax.select(mask, iota, lax.full((n,), past_end, dtypes.default_int))
    ordered = lax.sort(keys) if n else keys
    if is_symbolic_dim(n):  # shape polymorphism: padded by `size`, then `size` kept
        padded = lax.pad(ordered, past_end, [(0, size, 0)])
        return lax.slice(padded, (0,), (size,))
    if size <= n:
        return lax.slice(ordered, (0,), (size,))
    return lax.pad(ordered, dtypes.index_scalar(n), [(0, size - n, 0)])


def nonzero(a, *, size=None, fill_value=None):
    x = materialize(a)
    aval = aval_of(x)
    if aval.ndim == 0:
        raise MeshjitValueError("nonzero is not defined for a scalar; use atleast_1d first")
    if size is None:
        size = _static_size("nonzero", a, np.count_nonzero)
    size = _given_size("nonzero", size)
    if aval.size == 0 or size == 0:  # JAX's early return: zeros, whatever the fill_value
        return tuple(lax.full((size,), 0, dtypes.default_int) for _ in aval.shape)
    mask = ravel(not_equal(x, False if dtypes.is_bool(aval.dtype) else 0))
    flat = _first_true(mask, int(size))
    valid = lax.lt(flat, _index_value(aval.size))
    fills = _fill_values(fill_value, aval.ndim, int(size))
    out, stride = [], 1
    for d in reversed(range(aval.ndim)):
        index = lax.rem(lax.div(flat, _index_value(stride)), _index_value(aval.shape[d] or 1))
        fill = fills[d]
        out.insert(0, lax.select(valid, index, fill))
        stride *= aval.shape[d]
    return tuple(out)


def _fill_values(fill_value, ndim, size):
    """Per dimension, the (size,) default-int padding of nonzero's results: a scalar for all of
    them or one per dimension, concrete or traced."""
    if fill_value is None:
        fill_value = 0
    fills = lax.convert_element_type(asarray(fill_value), dtypes.default_int)
    if not aval_of(fills).ndim:
        fills = lax.broadcast_in_dim(fills, (ndim,), ())
    return [lax.broadcast_in_dim(fills[d], (size,), ()) for d in range(ndim)]


def flatnonzero(a, *, size=None, fill_value=None):
    return nonzero(ravel(a), size=size, fill_value=fill_value)[0]


def argwhere(a, *, size=None, fill_value=None):
    x = materialize(a)
    if aval_of(x).ndim == 0:
        count = size if size is not None else _static_size("argwhere", a, np.count_nonzero)
        return lax.full((int(count), 0), 0, dtypes.default_int)
    return stack(nonzero(x, size=size, fill_value=fill_value), axis=1)


def _unique_mask(sorted_x, equal_nan):
    prev, cur = sorted_x[:-1], sorted_x[1:]
    differs = not_equal(cur, prev)
    if equal_nan and dtypes.is_inexact(aval_of(sorted_x).dtype):
        both_nan = logical_and(isnan(cur), isnan(prev))
        differs = logical_and(differs, logical_not(both_nan))
    return concatenate([np.ones((1,), bool), differs])


def _np_unique_count(x, equal_nan):
    x = x.reshape(-1)
    if np.iscomplexobj(x):
        x = np.where(np.isnan(x), np.nan, x)
    return len(np.unique(x, equal_nan=equal_nan))


def _nan_canonical(x):
    """As JAX's unique: a complex value with a NaN part becomes nan + 0j (so all of them sort
    together and compare as one NaN)."""
    if not dtypes.is_complex(aval_of(x).dtype):
        return x
    return where(isnan(x), np.array(np.nan, aval_of(x).dtype), x)


def unique(
    ar,
    return_index=False,
    return_inverse=False,
    return_counts=False,
    axis=None,
    *,
    equal_nan=True,
    size=None,
    fill_value=None,
    sorted=True,
):
    del sorted  # unused by JAX too: the values come out sorted
    check_arraylike("unique", ar)
    if axis is not None:
        return _unique_along(
            materialize(ar), axis, return_index, return_inverse, return_counts, equal_nan, size,
            fill_value,
        )  # fmt: skip
    x = _nan_canonical(ravel(ar))
    n = aval_of(x).shape[0]
    if size is None:
        size = _static_size("unique", ar, lambda v: _np_unique_count(v, equal_nan))
    size = _given_size("unique", size)
    if n == 0:
        if size and fill_value is None:
            raise MeshjitValueError("unique: an empty input with size > 0 needs a fill_value")
        values = lax.full((size,), 0 if fill_value is None else fill_value, aval_of(x).dtype)
        extras = [lax.full((size,), 0, dtypes.default_int)] * return_index
        extras += [lax.full((0,), 0, dtypes.default_int)] * return_inverse
        extras += [lax.full((size,), 0, dtypes.default_int)] * return_counts
        return (values, *extras) if extras else values
    iota = lax.iota(dtypes.default_int, n)
    sorted_x, perm = lax.sort_key_val(x, iota)
    mask = _unique_mask(sorted_x, equal_nan)
    first = _first_true(mask, size)
    valid = lax.lt(first, n)
    firsts = lax.select(valid, first, lax.full((size,), 0, dtypes.default_int))
    values = take(sorted_x, firsts, mode="clip")
    if fill_value is not None:
        values = where(valid, values, lax.convert_element_type(fill_value, aval_of(x).dtype))
    results = [values]
    if return_index:
        results.append(take(perm, firsts, mode="clip"))
    group = lax.sub(cumsum(mask, dtype=dtypes.default_int), dtypes.index_scalar(1))
    if return_inverse:
        _, inverse = lax.sort_key_val(perm, group)
        results.append(reshape(inverse, aval_of(ar).shape))
    if return_counts:
        ids = lax.broadcasted_iota(dtypes.default_int, (size, n), 0)
        results.append(sum(lax.eq(ids, lax.broadcast(group, (size,))), 1, dtypes.default_int))
    return results[0] if len(results) == 1 else tuple(results)


def _unique_along(x, axis, return_index, return_inverse, return_counts, equal_nan, size, fill):
    """unique(axis=...): the distinct slices along `axis`, in lexicographic order (as JAX)."""
    from meshjit.compiler.numpy.routines import lexsort  # a later family

    aval = aval_of(x)
    axis = checks.canonical_axis(axis, aval.ndim)
    n = aval.shape[axis]
    if size is None:
        _static_size("unique", x, len)  # refuses a traced input; the mask counts below
    elif n == 0 and int(size) and fill is None:
        raise MeshjitValueError(
            "jnp.unique: for zero-sized input with nonzero size argument, fill_value must be "
            "specified"
        )
    rows = _nan_canonical(moveaxis(x, axis, 0))
    width = int(np.prod(aval_of(rows).shape[1:]))
    if n == 0 or width == 0:  # no slices, or empty ones: nothing to compare
        count = builtins.min(n, 1)
        perm = lax.full((count,), 0, dtypes.default_int)
        sorted_rows = rows[:count]
        mask = lax.full((count,), width == 0, dtypes.bool_)
    else:
        count = n
        perm = lexsort([reshape(rows, (n, width))[:, j] for j in reversed(range(width))])
        sorted_rows = take(rows, perm, axis=0, mode="clip")
        prev, cur = sorted_rows[:-1], sorted_rows[1:]
        differs = not_equal(cur, prev)
        if equal_nan and dtypes.is_inexact(aval.dtype):
            differs = logical_and(differs, logical_not(logical_and(isnan(cur), isnan(prev))))
        changed = any_(differs, tuple(range(1, aval_of(differs).ndim)))
        mask = concatenate([np.ones((1,), bool), changed])
    size = int(np.asarray(sum(mask))) if size is None else int(size)
    first = _first_true(mask, size)
    ind = lax.select(lax.lt(first, count), first, lax.full((size,), 0, dtypes.default_int))
    if count:
        result = take(sorted_rows, ind, axis=0, mode="clip")
    else:
        result = lax.full((size, *aval_of(rows).shape[1:]), 0, aval.dtype)
    if fill is not None:
        valid = lax.lt(lax.iota(dtypes.default_int, size), sum(mask, dtype=dtypes.default_int))
        valid = reshape(valid, (size,) + (1,) * (aval_of(result).ndim - 1))
        result = where(valid, result, lax.convert_element_type(fill, aval.dtype))
    results = [moveaxis(result, 0, axis)]
    if return_index:
        results.append(take(perm, ind, mode="clip") if count else perm)
    group = lax.sub(cumsum(mask, dtype=dtypes.default_int), dtypes.index_scalar(1))
    if return_inverse:
        if count == n and n:
            results.append(lax.sort_key_val(perm, group)[1])
        else:
            results.append(lax.full((n,), 0, dtypes.default_int))
    if return_counts:
        ids = lax.broadcasted_iota(dtypes.default_int, (size, count), 0)
        counts = sum(lax.eq(ids, lax.broadcast(group, (size,))), 1, dtypes.default_int)
        results.append(lax.full((size,), n, dtypes.default_int) if width == 0 and n else counts)
    return results[0] if len(results) == 1 else tuple(results)


# ---------------------------------------------------------------------------------------------
# interp.


def interp(x, xp, fp, left=None, right=None, period=None):
    """As JAX's: x and xp promoted together, fp alone (an integer fp interpolates in float32,
    strongly typed), segments of length <= spacing(eps) take their left value; one jitted
    program, as JAX's (left / right static when None or a string, period when None)."""
    check_arraylike("interp", x, xp, fp)
    static = [n for n, v in (("left", left), ("right", right)) if v is None or isinstance(v, str)]
    static += ["period"] if period is None else []
    return jitted(_interp, tuple(static))(x, xp, fp, left=left, right=right, period=period)


def _interp(x, xp, fp, *, left, right, period):
    x, xp, fp = arraylike("interp", x, xp, fp)
    if aval_of(xp).shape != aval_of(fp).shape or aval_of(xp).ndim != 1:
        raise MeshjitValueError("xp and fp must be one-dimensional arrays of equal size")
    x, xp = (materialize(v) for v in promote_inexact(x, xp))
    (fp,) = (materialize(v) for v in promote_inexact(fp))
    extrapolate_left, extrapolate_right = _extrapolates("left", left), _extrapolates("right", right)
    if dtypes.is_complex(aval_of(x).dtype):
        raise MeshjitValueError("jnp.interp: complex x values not supported.")
    if period is not None:  # left and right are ignored then, as JAX's (and NumPy's)
        x, xp, fp = _periodic(x, xp, fp, period)
    n = aval_of(xp).shape[0]
    i = clip(searchsorted(xp, x, side="right"), 1, n - 1)
    f0, x0 = fp[i - 1], xp[i - 1]  # i - 1 = -1 (a single point) wraps, as JAX's indexing
    df, dx = subtract(fp[i], f0), subtract(xp[i], x0)
    epsilon = np.spacing(dtypes.finfo(aval_of(xp).dtype).eps)
    flat = lax.le(lax.abs(dx), lax.full_like(dx, epsilon))  # no NaN gradients there
    f = where(flat, f0, add(f0, multiply(divide(subtract(x, x0), where(flat, 1, dx)), df)))
    if period is None and not extrapolate_left:
        f = where(x < xp[0], fp[0] if left is None else left, f)
    if period is None and not extrapolate_right:
        f = where(x > xp[-1], fp[-1] if right is None else right, f)
    return f


def _periodic(x, xp, fp, period):
    """As JAX: x and xp wrapped into [0, period) (jnp.remainder), xp sorted, one point wrapped
    onto each end."""
    if np.ndim(period) != 0:
        raise MeshjitValueError(f"period must be a scalar; got {period}")
    period = absolute(period)
    x, xp = remainder(x, period), remainder(xp, period)
    xp, fp = lax.sort_key_val(xp, fp)
    xp = concatenate([subtract(xp[-1:], period), xp, add(xp[:1], period)])
    fp = concatenate([fp[-1:], fp, fp[:1]])
    return x, xp, fp


def _extrapolates(name: str, value) -> bool:
    if not isinstance(value, str):
        return False
    if value != "extrapolate":
        raise MeshjitValueError(
            f"the only valid string value of `{name}` is 'extrapolate', but got: {value!r}"
        )
    return True
