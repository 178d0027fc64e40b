"""meshjit.numpy routines built from the others: the array API's names (acos, concat, unstack,
vecdot, matrix_transpose, ...), joining and editing (append, delete, array_split, resize,
diagflat, fill_diagonal, trim_zeros), sequences (logspace, geomspace, vander, ediff1d,
trapezoid), counting and binning (isin, bincount, digitize, histogram), correlation (convolve,
correlate, cov, corrcoef), polynomials and a few integer / float ufuncs (gcd, lcm, copysign,
logaddexp2, ldexp, frexp, modf)."""

from __future__ import annotations

import functools
import math
import operator
from typing import NamedTuple

import ml_dtypes
import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.api_util import alias
from meshjit.compiler.errors import (
    AxisOutOfBoundsError,
    ConcretizationError,
    MeshjitAttributeError,
    MeshjitIndexError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
    ShardingTypeError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax import stacking
from meshjit.compiler.numpy import complex_parts as cparts
from meshjit.compiler.numpy import elementwise as ew
from meshjit.compiler.numpy import math as jmath
from meshjit.compiler.numpy import shapes
from meshjit.compiler.numpy.creation import (
    arange,
    asarray,
    full,
    full_like,
    linspace,
    ones_like,
    zeros,
    zeros_like,
)
from meshjit.compiler.numpy.cumulative import diff
from meshjit.compiler.numpy.diagonals import diag
from meshjit.compiler.numpy.indexing import take
from meshjit.compiler.numpy.products import matmul
from meshjit.compiler.numpy.rearranging import flip
from meshjit.compiler.numpy.reductions import all as all_
from meshjit.compiler.numpy.reductions import any as any_
from meshjit.compiler.numpy.reductions import argmax, average, ptp, sum
from meshjit.compiler.numpy.reductions import max as max_
from meshjit.compiler.numpy.sorting import UNIQUE_STATIC, nonzero, searchsorted, unique
from meshjit.compiler.numpy.util import (
    arraylike,
    aval_of,
    bool_as_int32,
    broadcast_all,
    broadcast_ranks,
    broadcast_shapes,
    check_arraylike,
    check_coefficients,
    check_out,
    const_like,
    is_traced,
    jitted,
    jitted_as_jax,
    materialize,
    promote,
    promote_inexact,
    refuse_complex,
    result_type,
    sharded_by,
    strong,
)
from meshjit.compiler.trace.tracing import require_concrete

__all__ = [
    "select",
    "apply_along_axis",
    "apply_over_axes",
    "nextafter",
    "spacing",
    "acos",
    "array_repr",
    "array_str",
    "bitwise_count",
    "frombuffer",
    "fromfunction",
    "fromfile",
    "fromiter",
    "fromstring",
    "get_printoptions",
    "gradient",
    "insert",
    "load",
    "piecewise",
    "place",
    "printoptions",
    "put",
    "put_along_axis",
    "save",
    "savez",
    "set_printoptions",
    "unwrap",
    "argpartition",
    "array_equiv",
    "bartlett",
    "blackman",
    "block",
    "choose",
    "compress",
    "euler_gamma",
    "extract",
    "hamming",
    "hanning",
    "intersect1d",
    "lexsort",
    "partition",
    "setdiff1d",
    "setxor1d",
    "union1d",
    "unique_all",
    "unique_counts",
    "unique_inverse",
    "unique_values",
    "acosh",
    "append",
    "array_split",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "bincount",
    "bitwise_invert",
    "bitwise_left_shift",
    "bitwise_right_shift",
    "concat",
    "convolve",
    "copysign",
    "corrcoef",
    "correlate",
    "cov",
    "delete",
    "diagflat",
    "digitize",
    "ediff1d",
    "fill_diagonal",
    "frexp",
    "gcd",
    "geomspace",
    "histogram",
    "histogram_bin_edges",
    "isin",
    "isscalar",
    "iterable",
    "lcm",
    "ldexp",
    "left_shift",
    "logaddexp2",
    "logspace",
    "matrix_transpose",
    "matvec",
    "modf",
    "polyadd",
    "polyder",
    "polyint",
    "polymul",
    "polysub",
    "polyval",
    "pow",
    "resize",
    "right_shift",
    "rollaxis",
    "trapezoid",
    "trim_zeros",
    "unstack",
    "vander",
    "vecdot",
    "vecmat",
]

# ---------------------------------------------------------------------------------------------
# The array API's names for NumPy's functions.

# (functions of their own, as JAX's: an error names the name called)
acos, asin, atan = (
    alias(jmath.arccos, "acos"),
    alias(jmath.arcsin, "asin"),
    alias(jmath.arctan, "atan"),
)
atan2, pow = alias(ew.arctan2, "atan2"), alias(ew.power, "pow")
asinh, atanh = alias(jmath.arcsinh, "asinh"), alias(jmath.arctanh, "atanh")


def acosh(x, /):
    """JAX's: arccosh (jitted) called by a function of its own, which checks its operand."""
    check_arraylike("acosh", x)
    return jmath.arccosh(x)


bitwise_invert = alias(ew.invert, "bitwise_invert")


def concat(arrays, /, *, axis=0):
    return shapes.concatenate(arrays, axis=axis)


def left_shift(x, y, /):
    x, y = _same_int_dtype("left_shift", x, y)
    return lax.shift_left(x, y)


def right_shift(x1, x2, /):
    x1, x2 = _same_int_dtype("right_shift", x1, x2)
    shift = (
        lax.shift_right_logical
        if dtypes.is_unsigned(aval_of(x1).dtype)
        else (lax.shift_right_arithmetic)
    )
    return shift(x1, x2)


bitwise_left_shift = alias(left_shift, "bitwise_left_shift")
bitwise_right_shift = alias(right_shift, "bitwise_right_shift")


_LAX_NAMES = {"left_shift": "shift_left", "right_shift": "shift_right_arithmetic"}


def _same_int_dtype(name, x1, x2):
    x1, x2 = bool_as_int32(*promote(x1, x2))  # booleans shift as int32, as JAX
    if not dtypes.is_int(aval_of(x1).dtype):
        name = _LAX_NAMES.get(name, name)  # JAX names the lax primitive
        raise MeshjitTypeError(
            f"{name} does not accept dtype {aval_of(x1).dtype} at position 0. Accepted dtypes at "
            "position 0 are subtypes of integer."
        )
    # As lax's binary ops: a rank-0 operand (`30 >> r`'s literal) is not broadcast first.
    return broadcast_ranks(x1, x2, name=name)


def matrix_transpose(x, /):
    if aval_of(x).ndim < 2:
        raise MeshjitValueError(
            "x must be at least two-dimensional for matrix_transpose; got "
            f"ndim={aval_of(x).ndim} ({aval_of(x).str_short()})"
        )
    return shapes.swapaxes(x, -1, -2)


def unstack(x, /, *, axis=0):
    check_arraylike("unstack", x)
    x = asarray(x)
    axis = checks.canonical_axis(axis, aval_of(x).ndim)
    return stacking.unstack(x, axis)  # JAX's: lax.unstack's one equation


def vecdot(x1, x2, /, *, axis=-1, precision=None, preferred_element_type=None):
    check_arraylike("jnp.vecdot", x1, x2)
    del precision  # XLA's CPU products are exact at every precision
    s1, s2 = np.shape(x1), np.shape(x2)
    for s in (s1, s2):
        if not -len(s) <= axis < len(s):
            raise MeshjitIndexError(  # JAX's (it reads x.shape[axis])
                f"tuple index out of range: vecdot axis {axis} is out of range for an operand "
                f"of shape {s}"
            )
    if s1[axis] != s2[axis]:
        raise MeshjitValueError(f"axes must match; got shapes {s1} and {s2} with axis={axis}")
    if preferred_element_type is not None:
        target = dtypes.canonicalize(preferred_element_type)
        x1, x2 = (lax.convert_element_type(asarray(x), target) for x in (x1, x2))
    return _dot_along(cparts.conj(x1) * x2, axis)


def _dot_along(products, axis):
    """The sum of `products` along `axis` in their own dtype, as JAX's dot (its vecdot is a
    vdot): integers wrap in theirs (not widened as jnp.sum widens them), booleans are any."""
    dtype = aval_of(products).dtype
    if dtype == np.bool_:
        return any_(products, axis=axis)
    return sum(products, axis=axis, dtype=dtype if dtypes.is_int(dtype) else None)


def _core_dims(name, x, ndim, dims):
    """JAX's matvec / vecmat are vectorized over their core dimensions: too few is its error."""
    shape = aval_of(asarray(x)).shape
    if len(shape) < ndim:
        raise MeshjitValueError(
            f"input with shape {shape} does not have enough dimensions for all core dimensions "
            f"{dims} on vectorized function {name}"
        )


def _same_core_size(dim: str, size: int, first: int, signature: str) -> None:
    """JAX's check and words (matvec and vecmat are its vectorized functions)."""
    if size != first:
        raise MeshjitValueError(
            f"inconsistent size for core dimension {dim!r}: {size} vs {first} on vectorized "
            f"function with excluded=frozenset() and signature={signature!r}"
        )


@jitted_as_jax()
def matvec(x1, x2, /):
    _core_dims("matvec", x1, 2, ("n", "m"))
    _core_dims("matvec", x2, 1, ("m",))
    _same_core_size("m", np.shape(x2)[-1], np.shape(x1)[-1], "(n,m),(m)->(n)")
    if np.ndim(x1) == 2:  # JAX's vectorized matmul: one dot_general, the batch axes last
        x1, x2 = promote(asarray(x1), asarray(x2))
        ndim, dtype = aval_of(x2).ndim, aval_of(x2).dtype
        out = lax.dot_general(x1, x2, (([1], [ndim - 1]), ([], [])), preferred_element_type=dtype)
        return shapes.moveaxis(out, 0, -1)
    if np.ndim(x2) == 1:
        return matmul(x1, x2)
    return shapes.squeeze(matmul(x1, shapes.expand_dims(x2, -1)), -1)


@jitted_as_jax()
def vecmat(x1, x2, /):
    _core_dims("vecmat", x1, 1, ("m",))
    _core_dims("vecmat", x2, 2, ("m", "n"))
    _same_core_size("n", np.shape(x2)[-2], np.shape(x1)[-1], "(n),(n,m)->(m)")
    if np.ndim(x2) == 2:  # JAX's vectorized matmul: one dot_general
        return matmul(cparts.conj(x1), x2)
    return shapes.squeeze(matmul(shapes.expand_dims(cparts.conj(x1), -2), x2), -2)


euler_gamma = float(np.euler_gamma)


def isscalar(element) -> bool:
    if hasattr(element, "shape") and hasattr(element, "dtype"):
        return element.shape == ()
    return np.isscalar(element)


def iterable(y) -> bool:
    return np.iterable(y)


# ---------------------------------------------------------------------------------------------
# Joining and editing.


def append(arr, values, axis=None):
    if axis is None:  # the first check JAX's jitted append makes: its words
        check_arraylike("ravel", arr)
        check_arraylike("ravel", values)
    else:
        check_arraylike("concatenate", arr, values)
    return jitted(_append, ("axis",), "append")(arr, values, axis=axis)


def _append(arr, values, axis=None):
    if axis is None:
        return shapes.concatenate([shapes.ravel(arr), shapes.ravel(values)])
    return shapes.concatenate([arr, values], axis=axis)


def delete(arr, obj, axis=None, *, assume_unique_indices=False):
    """`arr` without the entries `obj` (an int, slice or concrete index array) along `axis`."""
    check_arraylike("delete", arr)
    arr = asarray(arr)
    if axis is None:
        arr, axis = shapes.ravel(arr), 0
    axis = checks.canonical_axis(axis, aval_of(arr).ndim)
    n = aval_of(arr).shape[axis]
    if is_traced(obj) and assume_unique_indices:
        return take(arr, _kept_positions(obj, n), axis=axis)
    if is_traced(obj):
        raise ConcretizationError(  # as JAX: a ConcretizationTypeError
            f"delete: the entries to remove must be concrete (the result's size depends on "
            f"them), got {obj!r}"
        )
    if not isinstance(obj, slice) and not _is_index(obj):
        check_arraylike("delete", arr, obj)  # index arrays, not lists (as JAX)
    try:
        keep = np.delete(np.arange(n), obj if isinstance(obj, slice) else np.asarray(obj))
    except (IndexError, TypeError) as e:
        raise MeshjitValueError(f"delete: cannot remove {obj!r} from {n} entries: {e}") from None
    return take(arr, asarray(keep.astype(np.int32)), axis=axis)


def _no_sequence(name, *xs) -> None:
    """JAX's jitted routines see a list argument as a list of scalars and cannot type it (its
    TypeError): so here."""
    for x in xs:
        if isinstance(x, (list, tuple)):
            raise MeshjitTypeError(
                f"{name}: cannot determine the dtype of {x!r} (a {type(x).__name__}, not an array)"
            )


def _is_index(obj) -> bool:
    try:
        operator.index(obj)
    except TypeError:
        return False
    return True


def _kept_positions(obj, n: int):
    """The positions of 0..n-1 that `obj` (traced, unique once negatives wrap) does not name:
    the i-th kept position is i plus how many removed ones precede it."""
    removed = shapes.ravel(asarray(obj))
    if not dtypes.is_int(aval_of(removed).dtype):
        raise MeshjitTypeError(f"delete: indices must be integers, got {aval_of(removed)}")
    dtype = aval_of(removed).dtype
    removed = ew.clip(ew.where(removed < 0, removed + n, removed), 0, n)
    k = aval_of(removed).shape[0]
    removed = lax.sort(removed) - lax.iota(dtype, k)
    kept = lax.iota(dtype, n - k)
    before = lax.convert_element_type(kept[None, :] >= removed[:, None], dtype)
    return kept + sum(before, axis=0, dtype=dtype)


def array_split(ary, indices_or_sections, axis=0):
    """`split` that allows sections which do not divide the axis (the first ones get one more)."""
    require_concrete(indices_or_sections, "in jax.numpy.array_split argument 1")
    if isinstance(indices_or_sections, int):
        n = aval_of(ary).shape[axis]
        if indices_or_sections < 0:  # JAX refuses it too (its sizes do not add up); 0 divides
            raise MeshjitValueError(
                f"array_split: the number of sections must be positive, got {indices_or_sections}"
            )
        size, extra = divmod(n, indices_or_sections)
        sizes = [size + 1] * extra + [size] * (indices_or_sections - extra)
        indices_or_sections = list(np.cumsum(sizes)[:-1])
    return shapes.split(ary, indices_or_sections, axis)


@jitted_as_jax("new_shape")
def resize(a, new_shape):
    new_shape = (new_shape,) if isinstance(new_shape, int) else tuple(new_shape)
    if any(d < 0 for d in new_shape):
        raise MeshjitValueError(
            f"all elements of `new_shape` must be non-negative, got {new_shape}"
        )
    flat, size = shapes.ravel(a), int(np.prod(new_shape))
    n = aval_of(flat).shape[0]
    if n == 0 or size == 0:  # (no copy to repeat: none is needed, or none is given)
        return zeros(new_shape, aval_of(flat).dtype)
    repeats = -(-size // n)
    return shapes.reshape(lax.tile(flat, (repeats,))[:size], new_shape)


@jitted_as_jax("axis", "start")
def rollaxis(a, axis, start=0):
    ndim = aval_of(a).ndim
    axis = axis + ndim if axis < 0 else axis
    start = start + ndim if start < 0 else start
    if not (0 <= axis < ndim and 0 <= start <= ndim):
        bad, bound = (axis, ndim) if not 0 <= axis < ndim else (start, ndim + 1)
        raise AxisOutOfBoundsError(
            f"axis {bad} is out of bounds for array of dimension {bound} (rollaxis: axis "
            f"{axis}, start {start})"
        )
    if axis < start:
        start -= 1
    return shapes.moveaxis(a, axis, start)


def diagflat(v, k=0):
    check_arraylike("diagflat", v)
    v = shapes.ravel(v)
    try:
        operator.index(k)
    except TypeError:  # JAX's words: its result's size, (len(v) + |k|) ** 2, is not a shape
        size = (aval_of(v).shape[0] + abs(k)) ** 2
        raise MeshjitTypeError(
            f"Shapes must be 1D sequences of concrete values of integer type, got ({size},)."
        ) from None
    return diag(v, k)


def fill_diagonal(a, val, wrap=False, *, inplace=True):
    """`a` with its main diagonal set to `val` (JAX: a new array; pass inplace=False; JAX does
    not implement wrap=True)."""
    if inplace:
        raise MeshjitNotImplementedError(
            "JAX arrays are immutable, must use inplace=False (meshjit arrays are immutable too)"
        )
    if wrap:
        raise MeshjitNotImplementedError("wrap=True is not implemented, must use wrap=False")
    shape = aval_of(a).shape
    if len(shape) < 2:
        raise MeshjitValueError(f"array must be at least 2-d (fill_diagonal got shape {shape})")
    if len(set(shape)) != 1 and len(shape) > 2:
        raise MeshjitValueError(
            f"All dimensions of input must be of equal length (fill_diagonal got shape {shape})"
        )
    n = min(shape)
    index = (lax.iota(dtypes.default_int, n),) * len(shape)  # JAX's diag_indices: one iota
    val = asarray(val)
    if aval_of(val).ndim:  # JAX's _tile_to_size
        flat = shapes.ravel(val)
        size = aval_of(flat).shape[0]
        flat = lax.tile(flat, (-(-n // size),)) if size < n else flat
        val = flat[:n] if aval_of(flat).shape[0] > n else flat
    return asarray(a).at[index].set(val)


def block(arrays):
    """Nested lists of arrays assembled along the last axes (the innermost list joins along
    the last axis), as NumPy's block; in JAX's jit of it (its jaxpr shows the call)."""
    return _block_jit()(arrays)


@functools.cache
def _block_jit():
    from meshjit.compiler.jit.api import JitFunction  # jit/ sits above numpy/

    return JitFunction(_block_arrays, name="block")


def _block_arrays(arrays):
    return _block(arrays)[0]


def _block(x):
    """JAX's assembly: (the array, its list depth + 1); each level's parts raised to a common
    rank by leading 1s, joined along the axis its depth names."""
    if isinstance(x, tuple):
        raise MeshjitValueError(f"jax.numpy.block does not allow tuples, got {x}")
    if not isinstance(x, list):
        return asarray(x), 1
    if not x:
        raise MeshjitValueError("jax.numpy.block does not allow empty list arguments")
    parts, depths = zip(*(_block(i) for i in x))
    if any(d != depths[0] for d in depths[1:]):
        raise MeshjitValueError("Mismatched list depths in jax.numpy.block")
    rank = max(depths[0], *(aval_of(p).ndim for p in parts))
    parts = [_at_least_rank(p, rank) for p in parts]
    return shapes.concatenate(parts, axis=-depths[0]), depths[0] + 1


def _at_least_rank(x, rank):
    missing = rank - aval_of(x).ndim
    return lax.broadcast(x, (1,) * missing) if missing > 0 else x


def compress(condition, a, axis=None, *, size=None, fill_value=0, out=None):
    """Entries of `a` where the 1-D `condition` holds, along `axis`: a concrete condition, or
    `size` entries (the first `size`, then `fill_value`), which also works under tracing."""
    check_out(out, "compress")
    check_arraylike("compress", condition, a, fill_value)
    a = asarray(a)
    if axis is None:
        a, axis = shapes.ravel(a), 0
    if np.ndim(condition) != 1:
        raise MeshjitValueError("condition must be a 1D array")
    extent = aval_of(a).shape[checks.canonical_axis(axis, aval_of(a).ndim)]
    if np.shape(condition)[0] > extent and not is_traced(condition):
        if np.any(np.asarray(condition)[extent:]):  # as JAX: only True entries past the end
            raise MeshjitValueError("condition contains entries that are out of bounds")
    if size is None:
        if is_traced(condition):  # as JAX: its out-of-bounds test converts a traced bool
            bool(any_(asarray(condition)[extent:]))
        keep = np.flatnonzero(np.asarray(condition))
        return take(a, asarray(keep.astype(np.int32)), axis=axis)
    condition = shapes.ravel(asarray(condition))
    (index,) = nonzero(condition, size=size)
    picked = shapes.moveaxis(take(a, index, axis=axis), axis, -1)
    count = sum(ew.not_equal(condition, 0), dtype=dtypes.int32)
    valid = ew.less(arange(size, dtype=dtypes.int32), count)
    filled = ew.where(valid, picked, lax.convert_element_type(fill_value, aval_of(a).dtype))
    return shapes.moveaxis(filled, -1, axis)


def extract(condition, arr, *, size=None, fill_value=0):
    check_arraylike("extreact", condition, arr, fill_value)  # JAX's spelling
    condition = shapes.ravel(asarray(condition))
    return compress(condition, shapes.ravel(arr), size=size, fill_value=fill_value)


def choose(a, choices, out=None, mode="raise"):
    if out is not None:
        raise MeshjitValueError("choose: the 'out' argument is not supported")
    a = asarray(a)
    n = len(choices)
    if mode == "wrap":
        a = a % n
    elif mode in ("clip", "raise"):
        if mode == "raise":
            _check_choices(a, n)
        a = a.clip(0, n - 1)
    else:
        raise MeshjitValueError(f"mode={mode!r} not understood. Must be 'raise', 'wrap', or 'clip'")
    stacked = shapes.stack(shapes.broadcast_arrays(*choices, a)[:-1])
    return take_along(stacked, a)


def _check_choices(a, n: int) -> None:
    """JAX's check of mode='raise': a concrete index array, every entry a choice."""
    require_concrete(
        a,
        "The error occurred because jnp.choose was jit-compiled with mode='raise'. Use "
        "mode='wrap' or mode='clip' instead.",
    )
    values = np.asarray(a)
    if values.size and (values.min() < 0 or values.max() >= n):
        raise MeshjitValueError("invalid entry in choice array")


def take_along(stacked, index):
    from meshjit.compiler.numpy.indexing import take_along_axis

    index = shapes.broadcast_to(index, aval_of(stacked).shape[1:])
    return shapes.squeeze(take_along_axis(stacked, shapes.expand_dims(index, 0), axis=0), 0)


def array_equiv(a1, a2) -> object:
    a1, a2 = asarray(a1), asarray(a2)
    try:
        a1, a2 = shapes.broadcast_arrays(a1, a2)
    except Exception:  # noqa: BLE001  (shapes that do not broadcast are not equivalent)
        return asarray(False)
    return (a1 == a2).all()


def partition(a, kth, axis=-1):
    """JAX's jitted partition: the kth + 1 smallest values (ascending), then the others
    (descending, from top_k), along `axis`."""
    check_arraylike("partition", a)
    return jitted(_partition, ("kth", "axis"), "partition")(asarray(a), kth=kth, axis=axis)


def _partition(a, kth, axis):
    if dtypes.is_complex(aval_of(a).dtype):
        raise MeshjitNotImplementedError("jnp.partition for complex dtype is not implemented.")
    a, n = _last(a, axis, kth)
    kth = checks.canonical_axis(kth, n)  # as JAX: a kth beyond the axis is out of bounds
    if dtypes.is_unsigned(aval_of(a).dtype):  # (0 values handled as JAX's trick does)
        bottom = -lax.top_k(-(a + 1), kth + 1)[0] - 1
    else:
        bottom = -lax.top_k(-a, kth + 1)[0]
    top = lax.top_k(a, n - kth - 1)[0]
    return shapes.swapaxes(lax.concatenate([bottom, top], aval_of(a).ndim - 1), -1, axis)


def _last(a, axis, kth):
    """`a` with `axis` swapped last, and that axis' size."""
    ndim = aval_of(a).ndim
    axis = checks.canonical_axis(axis, ndim)
    a = shapes.swapaxes(a, axis, -1)
    return a, aval_of(a).shape[-1]


def argpartition(a, kth, axis=-1):
    """JAX's jitted argpartition: the indices `partition` takes (ties resolved through a
    proxy of ones with the bottom indices zeroed)."""
    check_arraylike("partition", a)  # JAX names it so
    return jitted(_argpartition, ("kth", "axis"), "argpartition")(asarray(a), kth=kth, axis=axis)


def _argpartition(a, kth, axis):
    from meshjit.compiler.batching.api import vmap  # batching/ sits above numpy/

    if dtypes.is_complex(aval_of(a).dtype):
        raise MeshjitNotImplementedError("jnp.argpartition for complex dtype is not implemented.")
    a, n = _last(a, axis, kth)
    kth = checks.canonical_axis(kth, n)
    unsigned = dtypes.is_unsigned(aval_of(a).dtype)
    bottom = lax.top_k(-(a + 1) if unsigned else -a, kth + 1)[1]
    set_to_zero = lambda p, i: p.at[i].set(0)  # noqa: E731  (JAX's, vmapped per leading axis)
    for _ in range(aval_of(a).ndim - 1):
        set_to_zero = vmap(set_to_zero)
    proxy = set_to_zero(lax.full(aval_of(a).shape, 1.0), bottom)
    top = lax.top_k(proxy, n - kth - 1)[1]
    return shapes.swapaxes(lax.concatenate([bottom, top], aval_of(a).ndim - 1), -1, axis)


def lexsort(keys, axis=-1):
    """JAX's jitted lexsort: one stable sort keyed by the last key, then the one before, ...,
    carrying an iota."""
    check_arraylike("lexsort", *tuple(keys))
    keys = tuple(asarray(k) for k in keys)
    return jitted(_lexsort, ("axis",), "lexsort")(*keys, axis=axis)


def _lexsort(*keys, axis):
    if not keys:  # JAX's TypeError
        raise MeshjitTypeError("need sequence of keys with len > 0 in lexsort")
    if len({aval_of(k).shape for k in keys}) > 1:
        raise MeshjitValueError("all keys need to be the same shape")
    shape = aval_of(keys[0]).shape
    if not shape:  # scalar keys (a 1-D array's entries): index 0, as JAX
        return lax.full((), 0, dtypes.default_int)
    axis = checks.canonical_axis(axis, len(shape))
    iota = lax.broadcasted_iota(dtypes.default_int, shape, axis)
    return lax.sort((*keys[::-1], iota), dimension=axis, num_keys=len(keys))[-1]


# Set routines: the result's size depends on the values, so the inputs must be concrete (or a
# size given to unique), as in JAX.


class _UniqueAllResult(NamedTuple):
    values: object
    indices: object
    inverse_indices: object
    counts: object


class _UniqueCountsResult(NamedTuple):
    values: object
    counts: object


class _UniqueInverseResult(NamedTuple):
    values: object
    inverse_indices: object


def unique_values(x, /, *, size=None, fill_value=None):
    check_arraylike("unique_values", x)
    return unique(x, size=size, fill_value=fill_value)


def unique_counts(x, /, *, size=None, fill_value=None):
    check_arraylike("unique_counts", x)
    return _UniqueCountsResult(*unique(x, return_counts=True, size=size, fill_value=fill_value))


def unique_inverse(x, /, *, size=None, fill_value=None):
    check_arraylike("unique_inverse", x)
    values, inverse = unique(x, return_inverse=True, size=size, fill_value=fill_value)
    return _UniqueInverseResult(values, shapes.reshape(inverse, aval_of(asarray(x)).shape))


def unique_all(x, /, *, size=None, fill_value=None):
    check_arraylike("unique_all", x)
    values, index, inverse, counts = unique(
        x,
        return_index=True,
        return_inverse=True,
        return_counts=True,
        size=size,
        fill_value=fill_value,
    )
    inverse = shapes.reshape(inverse, aval_of(asarray(x)).shape)
    return _UniqueAllResult(values, index, inverse, counts)


def _concrete_set(name, *arrays):
    """The inputs' values; a traced one refused in JAX's words (a ConcretizationTypeError
    naming the routine, or unique's first argument for those that call unique first)."""
    unique_first = name in ("intersect1d", "setxor1d")
    for a in arrays:
        if is_traced(a):
            require_concrete(
                a, UNIQUE_STATIC.format("first") if unique_first else f"The error arose in {name}()"
            )
    return [np.asarray(a) for a in arrays]


def union1d(ar1, ar2, *, size=None, fill_value=None):
    """The sorted distinct values of both; under jit with a static `size` (as unique's)."""
    check_arraylike("union1d", ar1, ar2)
    a, b = asarray(ar1), asarray(ar2)
    if size is None:
        _concrete_set("union1d", a, b)
    both = shapes.concatenate([shapes.ravel(a), shapes.ravel(b)])
    return unique(both, size=size, fill_value=fill_value)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False, *, size=None, fill_value=None):
    """The sorted values in both (with their first indices in each); under jit with a static
    `size`, padded with `fill_value` (the smallest result by default; indices out of bounds)."""
    check_arraylike("intersect1d", ar1, ar2)
    if size is not None:
        return _sized_intersect1d(ar1, ar2, assume_unique, return_indices, size, fill_value)
    a, b = _concrete_set("intersect1d", ar1, ar2)
    out = np.intersect1d(a, b, assume_unique, return_indices)
    if return_indices:
        return tuple(asarray(o if i == 0 else o.astype(np.int32)) for i, o in enumerate(out))
    return asarray(out)


def setdiff1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    """The distinct values of ar1 not in ar2 (JAX's algorithm, so under jit with a static
    `size` too: padded with `fill_value`, 0 by default)."""
    check_arraylike("setdiff1d", ar1, ar2)
    a, b = shapes.ravel(asarray(ar1)), shapes.ravel(asarray(ar2))
    if size is None:
        _concrete_set("setdiff1d", a)
    fill = full_like(a, 0 if fill_value is None else fill_value, shape=())
    n = aval_of(a).shape[0]
    if n == 0:
        return full_like(a, fill, shape=(size or 0,))
    if not assume_unique:
        a = unique(a, size=size and n)
    mask = isin(a, b, invert=True)
    if size is None:
        return a[np.asarray(mask)]
    m = aval_of(a).shape[0]
    if not assume_unique:  # unique's padding repeats its first value: not results
        n_unique = m + 1 - sum(ew.equal(a, a[0]))
        mask = ew.where(arange(m) < n_unique, mask, False)
    picked = take(a, nonzero(mask, size=size)[0], mode="clip")
    return ew.where(arange(size) < sum(mask), picked, fill)


def setxor1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    """The sorted values in exactly one of the two; under jit with a static `size` (padded as
    intersect1d's)."""
    check_arraylike("setxor1d", ar1, ar2)
    if size is not None:
        return _sized_setxor1d(ar1, ar2, assume_unique, size, fill_value)
    a, b = _concrete_set("setxor1d", ar1, ar2)
    return asarray(np.setxor1d(a, b, assume_unique))


# ---------------------------------------------------------------------------------------------
# Set operations of a static result size (traceable): both inputs' distinct values packed
# into one array (the valid ones first), sorted, and the wanted values picked from neighbours.


def _flat_pair(ar1, ar2):
    a, b = promote(shapes.ravel(asarray(ar1)), shapes.ravel(asarray(ar2)))
    return a, b


def _distinct(x, assume_unique: bool):
    """(sorted distinct values padded to x's length, each one's first index in x, how many)."""
    n = aval_of(x).shape[0]
    if assume_unique or n == 0:
        return x, arange(n), n
    values, index = unique(x, return_index=True, size=n, fill_value=0)
    s = lax.sort(x)
    count = 1 + sum(ew.not_equal(s[1:], s[:-1]), dtype=dtypes.int32)
    return values, index, count


def _packed(a, b, count_a, count_b):
    """a's first count_a values, then b's: (the array, which entries are valid)."""
    na, nb = aval_of(a).shape[0], aval_of(b).shape[0]
    packed = zeros(na + nb, aval_of(a).dtype)
    packed = lax.dynamic_update_slice(packed, a, (0,))
    packed = lax.dynamic_update_slice(packed, b, (count_a,))
    return packed, arange(na + nb) < count_a + count_b


def _picked(aux, found, size: int, fill_value):
    """The entries of sorted `aux` where `found` holds, the first `size` of them, padded."""
    n_found = sum(found, dtype=dtypes.int32)
    at = nonzero(found, size=size, fill_value=aval_of(aux).shape[0])[0]
    if aval_of(aux).shape[0]:
        vals = aux.at[at].get(mode="fill", fill_value=0)
    else:
        vals = zeros(size, aval_of(aux).dtype)
    valid = arange(size) < n_found
    if fill_value is None:
        vals = ew.where(valid, vals, max_(vals)) if size else vals
        return (ew.where(valid, vals, -max_(-vals)) if size else vals), at, valid
    return ew.where(valid, vals, fill_value), at, valid


def _sized_intersect1d(ar1, ar2, assume_unique, return_indices, size, fill_value):
    a, b = _flat_pair(ar1, ar2)
    na, nb = aval_of(a).shape[0], aval_of(b).shape[0]
    a, index_a, count_a = _distinct(a, assume_unique)
    b, index_b, count_b = _distinct(b, assume_unique)
    packed, valid = _packed(a, b, count_a, count_b)
    _, aux, order = lax.sort(
        [ew.logical_not(valid), packed, arange(na + nb)], is_stable=True, num_keys=2
    )
    found = ew.logical_and(ew.equal(aux[1:], aux[:-1]), valid[1:])
    vals, at, kept = _picked(aux, found, size, fill_value)
    if not return_indices:
        return vals
    first = ew.where(kept, order.at[at].get(mode="fill", fill_value=na), na)
    second = order.at[at + 1].get(mode="fill", fill_value=nb) - count_a
    second = ew.where(kept, second, nb)
    if not assume_unique:
        first = index_a.at[first].get(mode="fill", fill_value=na)
        second = index_b.at[second].get(mode="fill", fill_value=nb)
    return vals, first, second


def _sized_setxor1d(ar1, ar2, assume_unique, size, fill_value):
    a, b = _flat_pair(ar1, ar2)
    if assume_unique:
        aux = lax.sort(shapes.concatenate([a, b]))
        n = aval_of(aux).shape[0]
        edges = ew.not_equal(aux[1:], aux[:-1])
        flag = shapes.concatenate([asarray([n > 0]), edges, asarray([True])])
    else:
        a, _, count_a = _distinct(a, False)
        b, _, count_b = _distinct(b, False)
        packed, valid = _packed(a, b, count_a, count_b)
        _, aux = lax.sort([ew.logical_not(valid), packed], is_stable=True, num_keys=2)
        n = aval_of(aux).shape[0]
        edges = ew.not_equal(aux[1:], aux[:-1])
        flag = shapes.concatenate([asarray([n > 0]), edges, asarray([False])])
        flag = flag.at[count_a + count_b].set(True)
        flag = ew.logical_and(ew.less(arange(n + 1), count_a + count_b + 1), flag)
    alone = ew.logical_and(flag[1:], flag[:-1])
    return _picked(aux, alone, size, fill_value)[0]


def _immutable(name, inplace):
    if inplace:
        raise MeshjitValueError(
            f"jax.numpy.{name} cannot modify arrays in-place, because JAX arrays are immutable. "
            "Pass inplace=False to instead return an updated array."
        )


def put(a, ind, v, mode=None, *, inplace=True):
    """`a` with the flat positions `ind` set to `v` (tiled), as JAX's put (inplace=False)."""
    check_arraylike("put", a, ind, v)
    from meshjit.compiler.numpy.index_tricks import unravel_index

    _immutable("put", inplace)
    a = asarray(a)
    ind, v = shapes.ravel(asarray(ind)), shapes.ravel(asarray(v, aval_of(a).dtype))
    size = int(np.prod(aval_of(a).shape))
    if not size or not aval_of(ind).shape[0] or not aval_of(v).shape[0]:
        return a
    v = resize(v, aval_of(ind).shape[0])
    if mode == "clip":
        ind = ind.clip(0, size - 1)
    elif mode == "wrap":
        ind = ind % size
    elif mode is not None:
        raise MeshjitValueError(f"put: mode should be 'wrap' or 'clip', got {mode!r}")
    return a.at[unravel_index(ind, aval_of(a).shape)].set(v, mode="drop" if mode is None else None)


def put_along_axis(arr, indices, values, axis, inplace=True, *, mode=None):
    check_arraylike("put_along_axis", arr, indices, values)
    from meshjit.compiler.numpy.index_tricks import indices as grid_indices

    _immutable("put_along_axis", inplace)
    arr, indices = asarray(arr), asarray(indices)
    shape = aval_of(arr).shape
    if axis is None:
        arr, axis = shapes.ravel(arr), 0
    if aval_of(arr).ndim != aval_of(indices).ndim:
        raise MeshjitValueError(
            f"put_along_axis: arr and indices must have the same rank, got "
            f"{aval_of(arr).ndim} and {aval_of(indices).ndim}"
        )
    axis = axis + aval_of(arr).ndim if axis < 0 else axis
    values = shapes.broadcast_to(asarray(values, aval_of(arr).dtype), aval_of(indices).shape)
    index = list(grid_indices(aval_of(indices).shape, sparse=True))
    index[axis] = indices
    return shapes.reshape(arr.at[tuple(index)].set(values, mode=mode), shape)


def place(arr, mask, vals, *, inplace=True):
    """`arr` with the entries where `mask` holds set to `vals` in turn (cycled), as JAX's: the
    mask may be traced (its true positions padded to its size, the padding dropped)."""
    check_arraylike("place", arr, mask, vals)
    _immutable("place", inplace)
    data, mask, vals = asarray(arr), asarray(mask), shapes.ravel(asarray(vals))
    size = math.prod(aval_of(mask).shape)
    if math.prod(aval_of(data).shape) != size:
        raise MeshjitValueError("place: arr and mask must be the same size")
    if not aval_of(vals).shape[0]:
        raise MeshjitValueError("Cannot place values from an empty array")
    if not size:
        return data
    (positions,) = nonzero(shapes.ravel(mask), size=size, fill_value=size)
    vals = vals[np.arange(size) % aval_of(vals).shape[0]]  # cycled, as JAX's _tile_to_size
    flat = shapes.ravel(data).at[positions].set(vals, mode="drop")
    return shapes.reshape(flat, aval_of(data).shape)


def insert(arr, obj, values, axis=None):
    """`values` inserted before the concrete index / indices `obj` along `axis`."""
    check_arraylike("insert", arr, 0 if isinstance(obj, slice) else obj, values)
    arr = asarray(arr)
    if axis is None:
        arr, axis = shapes.ravel(arr), 0
    axis = checks.canonical_axis(axis, aval_of(arr).ndim)
    n = aval_of(arr).shape[axis]
    where_ = np.arange(n)[obj] if isinstance(obj, slice) else np.asarray(obj)
    scalar = where_.ndim == 0
    where_ = np.where(where_ < 0, where_ + n, where_).reshape(-1)
    values = asarray(values, aval_of(arr).dtype)
    if scalar:  # NumPy: all of `values` (at least arr's rank, its first axis moved) goes there
        ndim = aval_of(arr).ndim
        values = shapes.reshape(
            values, (1,) * (ndim - aval_of(values).ndim) + aval_of(values).shape
        )
        values = shapes.moveaxis(values, 0, axis)
        where_ = np.repeat(where_, aval_of(values).shape[axis])
    target = list(aval_of(arr).shape)
    target[axis] = len(where_)
    values = shapes.broadcast_to(values, tuple(target))
    order = np.argsort(np.concatenate([np.arange(n), where_ - 0.5]), kind="stable")
    joined = shapes.concatenate([arr, values], axis=axis)
    return take(joined, asarray(order.astype(np.int32)), axis=axis)


@jitted_as_jax("axis", "edge_order")
def gradient(f, *varargs, axis=None, edge_order=None):
    """Central differences inside, one-sided at the edges (NumPy's edge_order=1; JAX refuses
    the argument)."""
    _no_sequence("gradient", f)
    if edge_order is not None:
        raise MeshjitNotImplementedError(
            "The 'edge_order' argument to jnp.gradient is not supported."
        )
    f, *varargs = promote_inexact(asarray(f), *varargs)  # JAX's: f and the spacings together
    axes = range(aval_of(f).ndim) if axis is None else ([axis] if isinstance(axis, int) else axis)
    axes = [checks.canonical_axis(a, aval_of(f).ndim) for a in axes]  # JAX's ValueError
    spacings = list(varargs) or [1.0] * len(axes)
    if len(spacings) == 1 and len(axes) > 1:
        spacings = spacings * len(axes)
    out = [_gradient_1d(f, a, h) for a, h in zip(axes, spacings)]
    return out[0] if len(out) == 1 else out


def _gradient_1d(f, axis, h):
    """JAX's gradient along one axis: one-sided edges, central differences inside (for a 1-D
    spacing, the second-order formula of unevenly spaced points)."""
    if aval_of(f).shape[axis] < 2:
        raise MeshjitValueError(
            "Shape of array too small to calculate a numerical gradient, at least 2 elements are "
            "required."
        )
    sliced = functools.partial(lax.slice_in_dim, f, axis=axis)
    upper_edge = sliced(1, 2) - sliced(0, 1)
    lower_edge = sliced(-1, None) - sliced(-2, -1)
    if np.ndim(h) == 0:
        inner = (sliced(2, None) - sliced(None, -2)) * 0.5 / h
        lower_edge = lower_edge / h
        return shapes.concatenate((upper_edge / h, inner, lower_edge), axis=axis)
    if np.ndim(h) != 1:
        raise MeshjitValueError("Spacing arrays must be 1D arrays or scalars.")
    if aval_of(h).shape[0] != aval_of(f).shape[axis]:
        raise MeshjitValueError(
            "Spacing arrays must have the same length as the dimension along which the gradient "
            "is calculated."
        )
    h_shape = [1] * aval_of(f).ndim
    h_shape[axis] = aval_of(h).shape[0]
    sliced_x = functools.partial(lax.slice_in_dim, shapes.reshape(h, h_shape), axis=axis)
    upper_edge = upper_edge / (sliced_x(1, 2) - sliced_x(0, 1))
    lower_edge = lower_edge / (sliced_x(-1, None) - sliced_x(-2, -1))
    dx1 = sliced_x(1, -1) - sliced_x(0, -2)
    dx2 = sliced_x(2, None) - sliced_x(1, -1)
    a = -(dx2) / (dx1 * (dx1 + dx2))
    b = (dx2 - dx1) / (dx1 * dx2)
    c = dx1 / (dx2 * (dx1 + dx2))
    inner = a * sliced(0, -2) + b * sliced(1, -1) + c * sliced(2, None)
    return shapes.concatenate((upper_edge, inner, lower_edge), axis=axis)


def piecewise(x, condlist, funclist, *args, **kw):
    """Each function (or constant) where its condition holds (the last one, if there is one
    more function than conditions, where none does); all are evaluated, then selected."""
    check_arraylike("piecewise", x)
    x = asarray(x)
    if not isinstance(condlist, (list, tuple)):  # as JAX: an array's rows are the conditions
        condlist = asarray(condlist)
        condlist = [condlist[i] for i in range(aval_of(condlist).shape[0])]
    condlist = [asarray(c) for c in condlist]
    # as JAX's (a vectorized switch): x and the conditions broadcast together
    shape = broadcast_shapes(*(aval_of(c).shape for c in condlist), aval_of(x).shape)
    x = shapes.broadcast_to(x, shape)
    condlist = [shapes.broadcast_to(c, shape) for c in condlist]
    if len(funclist) == len(condlist) + 1:
        condlist.append(ew.logical_not(any_(shapes.stack(condlist), axis=0)))
    if len(funclist) != len(condlist):
        raise MeshjitValueError(
            f"with {len(condlist)} condition(s), either "
            f"{len(condlist)} or {len(condlist) + 1} functions are expected; got {len(funclist)}"
        )
    out = zeros_like(x)
    for cond, fn in zip(condlist, funclist):
        if callable(fn):
            # as JAX's batched switch: no gradient reaches x through a branch where it is not
            # taken (so a branch's infinite slope elsewhere does not make 0 * inf = nan)
            value = fn(ew.where(cond, x, lax.stop_gradient(x)), *args, **kw)
        else:
            value = fn
        out = ew.where(cond, asarray(value, aval_of(x).dtype), out)
    return out


_UNWRAP_DEFAULTS = {"discont": None, "axis": -1, "period": 2 * np.pi}


def unwrap(p, discont=None, axis=-1, period=_UNWRAP_DEFAULTS["period"]):
    """As JAX's: p and period promoted together (integers unwrap in integers by period // 2),
    steps of at least `discont` (period / 2 by default, as given otherwise) corrected; in
    JAX's jit of it (static axis)."""
    (p,) = arraylike("unwrap", p)
    given = {"discont": discont, "axis": axis, "period": period}  # JAX's jit: only these
    given = {k: v for k, v in given.items() if v is not _UNWRAP_DEFAULTS[k]}
    return jitted(_unwrap, ("axis",), name="unwrap")(p, **given)


def _unwrap(p, discont=None, axis=-1, period=_UNWRAP_DEFAULTS["period"]):
    from meshjit.compiler.numpy.cumulative import cumsum  # a later family

    # JAX's promoted period is a typed constant whose arithmetic is traced (period / 2)
    p, period = (materialize(x) for x in promote(p, period))
    if dtypes.is_complex(aval_of(p).dtype):
        raise MeshjitValueError("jnp.unwrap does not support complex inputs.")
    axis = checks.canonical_axis(axis, aval_of(p).ndim, jax_words="tuple index out of range")
    if aval_of(p).shape[axis] == 0:
        return p
    if discont is None:
        discont = period / 2
    half = period // 2 if dtypes.is_int(aval_of(p).dtype) else period / 2
    d = diff(p, axis=axis)
    wrapped = (d + half) % period - half
    wrapped = ew.where(ew.logical_and(wrapped == -half, d > 0), half, wrapped)
    correction = ew.where(ew.abs(d) < discont, 0, wrapped - d)
    first = lax.slice_in_dim(p, 0, 1, axis=axis)
    return shapes.concatenate(
        [first, lax.slice_in_dim(p, 1, None, axis=axis) + cumsum(correction, axis=axis)], axis=axis
    )


def fromfunction(function, shape, *, dtype=float, **kwargs):
    """As JAX: `function` of scalar coordinates, vmapped over each axis (so it may return
    anything vmap can stack), called on `arange`s of `dtype`."""
    from meshjit.compiler.batching.api import vmap  # batching/ sits above numpy/

    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    shape = checks.concrete_shape("fromfunction", shape, "shape argument of jnp.fromfunction()")
    for i in range(len(shape)):
        in_axes = [0 if i == j else None for j in range(len(shape))]
        function = vmap(function, in_axes=tuple(in_axes[::-1]))
    dtype = dtypes.canonicalize(dtype)
    return function(*(arange(n, dtype=dtype) for n in shape), **kwargs)


def frombuffer(buffer, dtype=float, count=-1, offset=0):
    return asarray(np.frombuffer(buffer, dtype, count, offset), dtypes.canonicalize(dtype))


def fromstring(string, dtype=float, count=-1, *, sep):
    return asarray(np.fromstring(string, dtype, count, sep=sep), dtypes.canonicalize(dtype))


def _impure(name: str, what: str):
    """JAX's refusal of a reader that consumes its source (it could not run again under jit)."""

    def refuse(*args, **kwargs):
        raise MeshjitNotImplementedError(
            f"jnp.{name}() is not implemented because it may be non-pure and thus unsafe for use "
            f"with JIT and other JAX transformations. Consider using jnp.asarray(np.{name}(...)) "
            f"instead, although care should be taken if np.{name} is used within a jax "
            f"transformations because of its potential side-effect of consuming the {what}; "
            "for more information see https://docs.jax.dev/en/latest/notebooks/"
            "Common_Gotchas_in_JAX.html#pure-functions"
        )

    refuse.__name__ = refuse.__qualname__ = name
    return refuse


fromiter = _impure("fromiter", "iterable object")
fromfile = _impure("fromfile", "file object")


@jitted_as_jax()
def bitwise_count(x, /):
    check_arraylike("bitwise_count", x)
    x = asarray(x)
    if dtypes.is_bool(aval_of(x).dtype):  # as JAX: True has one bit set
        x = x.astype(np.uint8)
    if not dtypes.is_int(aval_of(x).dtype):
        dtype = aval_of(x).dtype
        raise MeshjitTypeError(  # JAX's words (its population_count's)
            f"population_count does not accept dtype {dtype}. Accepted dtypes are subtypes of "
            f"integer (bitwise_count got {aval_of(x).str_short()})."
        )
    return lax.population_count(ew.abs(x)).astype(np.uint8)


get_printoptions, set_printoptions, printoptions = (
    np.get_printoptions,
    np.set_printoptions,
    np.printoptions,
)


class ArrayImpl(np.ndarray):
    """Named as JAX's array class: JAX's array_repr is NumPy's, which names the class."""


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """NumPy's array_repr, as JAX's (`ArrayImpl([1, 2], dtype=int32)`)."""
    _array_attribute(arr, "size")  # JAX reads it first: a list or another object fails there
    host = np.asarray(arr)
    host = host if isinstance(arr, np.ndarray) else host.view(ArrayImpl)
    return np.array_repr(host, max_line_width, precision, suppress_small)


def _array_attribute(a, name: str) -> None:
    if not hasattr(a, name):  # (a Python scalar or a list too)
        raise MeshjitAttributeError(f"'{type(a).__name__}' object has no attribute '{name}'")


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    _array_attribute(a, "shape")
    return np.array2string(np.asarray(a), max_line_width, precision, suppress_small)


def save(file, arr, allow_pickle=True):
    np.save(file, np.asarray(arr), allow_pickle=allow_pickle)


def savez(file, *args, allow_pickle=True, **kwds):
    arrays = {k: np.asarray(v) for k, v in kwds.items()}
    np.savez(file, *[np.asarray(a) for a in args], allow_pickle=allow_pickle, **arrays)


def load(file, *args, **kwargs):
    """NumPy's load; arrays come back as meshjit arrays."""
    loaded = np.load(file, *args, **kwargs)
    return asarray(loaded) if isinstance(loaded, np.ndarray) else loaded


def trim_zeros(filt, trim="fb", axis=None):
    """Needs a concrete array: the result's size depends on its values. Along each of `axis`
    (all by default), the leading / trailing slices that are all zero go."""
    (filt,) = arraylike("trim_zeros", filt)
    require_concrete(filt, "Error arose in the `filt` argument of trim_zeros()")
    values = np.asarray(filt)
    axes = range(values.ndim) if axis is None else np.atleast_1d(axis)
    index = [slice(None)] * values.ndim
    for ax in (int(a) % values.ndim for a in axes):
        others = tuple(d for d in range(values.ndim) if d != ax)
        kept = np.flatnonzero(np.any(values != 0, axis=others))
        if not kept.size:
            index[ax] = slice(0, 0)
            continue
        start = kept[0] if "f" in trim.lower() else 0
        stop = kept[-1] + 1 if "b" in trim.lower() else values.shape[ax]
        index[ax] = slice(int(start), int(stop))
    return filt[tuple(index)]


# ---------------------------------------------------------------------------------------------
# Sequences.


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """base ** linspace(start, stop), in the inexact dtype of start and stop (or `dtype`),
    one jitted program as JAX's."""
    _no_sequence("logspace", start, stop)
    num, axis = _concrete_index(num, "num", "logspace"), _concrete_index(axis, "axis", "logspace")
    static = ("num", "endpoint", "dtype", "axis")
    return jitted(_logspace, static)(
        start, stop, num=num, endpoint=bool(endpoint), base=base, dtype=dtype, axis=axis
    )


def _concrete_index(value, what: str, name: str) -> int:
    if is_traced(value):
        raise ConcretizationError(
            f"The '{what}' argument of jnp.{name} must be concrete, got {value}"
        )
    return operator.index(value)


def _inexact_dtypes(name, start, stop, dtype):
    """(the result dtype, the dtype computed in), as JAX's logspace / geomspace."""
    if dtype is None:
        dtype = dtypes.to_inexact(result_type(start, stop))
    else:
        dtypes.check_user_dtype(dtype, name)
        dtype = dtypes.canonicalize(dtype)
    return dtype, dtypes.to_inexact(dtype)


def _logspace(start, stop, *, num, endpoint, base, dtype, axis):
    dtype, compute = _inexact_dtypes("logspace", start, stop, dtype)
    start, stop = (asarray(v).astype(compute) for v in arraylike("logspace", start, stop))
    exps = linspace(start, stop, num, endpoint=endpoint, axis=axis)
    return lax.convert_element_type(ew.power(base, exps), dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """sign(start) * logspace of the decimal logs of |start| and |stop| (a zero or a sign
    change gives NaN, as JAX's), one jitted program as JAX's."""
    _no_sequence("geomspace", start, stop)
    num = _concrete_index(num, "num", "geomspace")
    axis = _concrete_index(axis, "axis", "geomspace")
    static = ("num", "endpoint", "dtype", "axis")
    return jitted(_geomspace, static)(
        start, stop, num=num, endpoint=bool(endpoint), dtype=dtype, axis=axis
    )


def _geomspace(start, stop, *, num, endpoint, dtype, axis):
    dtype, compute = _inexact_dtypes("geomspace", start, stop, dtype)
    start, stop = (asarray(v).astype(compute) for v in arraylike("geomspace", start, stop))
    sign = ew.sign(start)
    out = sign * logspace(
        jmath.log10(start / sign), jmath.log10(stop / sign), num, endpoint=endpoint, dtype=compute
    )
    axis = checks.canonical_axis(axis, aval_of(out).ndim)
    return lax.convert_element_type(shapes.moveaxis(out, 0, axis) if axis else out, dtype)


def _window(name, M, formula):
    dtype = dtypes.default_float
    if M < 1:
        return zeros((0,), dtype)
    if M == 1:
        return ones_like(zeros((1,), dtype))
    n = arange(M).astype(dtype)
    return formula(n, M).astype(dtype)


def bartlett(M):
    return _window("bartlett", M, lambda n, M: 1 - ew.abs(2 * n / (M - 1) - 1))


def blackman(M):
    return _window(
        "blackman",
        M,
        lambda n, M: (
            0.42 - 0.5 * ew.cos(2 * np.pi * n / (M - 1)) + 0.08 * ew.cos(4 * np.pi * n / (M - 1))
        ),
    )


def hamming(M):
    return _window("hamming", M, lambda n, M: 0.54 - 0.46 * ew.cos(2 * np.pi * n / (M - 1)))


def hanning(M):
    return _window("hanning", M, lambda n, M: 0.5 - 0.5 * ew.cos(2 * np.pi * n / (M - 1)))


@jitted_as_jax("N", "increasing")
def vander(x, N=None, increasing=False):
    """As JAX's jitted vander: the powers are an iota of x's dtype (booleans refused)."""
    (x,) = arraylike("vander", x)
    if aval_of(x).ndim != 1:
        raise MeshjitValueError("x must be a one-dimensional array")
    n = aval_of(x).shape[0] if N is None else operator.index(N)
    if n < 0:
        raise MeshjitValueError("N must be nonnegative")
    dtype = aval_of(x).dtype
    if dtypes.is_bool(dtype):
        raise MeshjitTypeError(
            "iota does not accept dtype bool. Accepted dtypes are subtypes of integer, "
            "floating, complexfloating."
        )
    powers = lax.iota(dtype, n)
    if not increasing:
        powers = lax.sub(np.asarray(n - 1, dtype), powers)  # a rank-0 constant, as JAX's
    return ew.power(shapes.expand_dims(x, 1), powers)


@jitted_as_jax()
def ediff1d(ary, to_end=None, to_begin=None):
    """As JAX: lax.sub of neighbours (booleans refused), the ends cast to `ary`'s dtype."""
    (ary,) = arraylike("ediff1d", ary)
    ary = shapes.ravel(ary)
    if dtypes.is_bool(aval_of(ary).dtype):
        raise MeshjitTypeError(
            "sub does not accept dtype bool at position 0. Accepted dtypes at position 0 are "
            "subtypes of integer, floating, complexfloating."
        )
    dtype = aval_of(ary).dtype
    pieces = [lax.sub(ary[1:], ary[:-1])]
    if to_begin is not None:
        pieces.insert(0, shapes.ravel(arraylike("ediff1d", to_begin)[0].astype(dtype)))
    if to_end is not None:
        pieces.append(shapes.ravel(arraylike("ediff1d", to_end)[0].astype(dtype)))
    return shapes.concatenate(pieces)


@jitted_as_jax("axis")
def trapezoid(y, x=None, dx=1.0, axis=-1):
    """The trapezoid rule along `axis`, as JAX computes it: in an inexact dtype (integers did
    wrap here), by sum - (first + last) / 2 when the spacing is constant."""
    if x is None:
        (y,) = promote_inexact(*arraylike("trapezoid", y))
        widths = asarray(dx)
        if aval_of(widths).ndim:
            widths = shapes.expand_dims(widths, range(aval_of(y).ndim - aval_of(widths).ndim))
            widths = shapes.moveaxis(widths, axis, -1)
    else:
        y, x = promote_inexact(*arraylike("trapezoid", y, x))
        widths = diff(x) if aval_of(x).ndim == 1 else shapes.moveaxis(diff(x, axis=axis), axis, -1)
    y = shapes.moveaxis(y, axis, -1)
    if aval_of(widths).ndim == 0 or aval_of(widths).shape[-1] == 1:
        width = widths if aval_of(widths).ndim == 0 else widths[..., 0]
        return width * (sum(y, axis=-1) - 0.5 * (y[..., 0] + y[..., -1]))
    return 0.5 * sum(widths * (y[..., 1:] + y[..., :-1]), axis=-1)


# ---------------------------------------------------------------------------------------------
# Counting and binning.


_ISIN_METHODS = ("auto", "compare_all", "binary_search", "sort")


def isin(element, test_elements, assume_unique=False, invert=False, *, method="auto"):
    """Whether each element is among `test_elements` (every `method` gives the same answer;
    meshjit compares all)."""
    check_arraylike("isin", element, test_elements)
    if method not in _ISIN_METHODS:
        raise MeshjitValueError(
            f"method={method!r} is not implemented; options are 'compare_all', "
            "'binary_search', 'sort', and 'auto'"
        )
    element = asarray(element)
    program = jitted(_in1d, ("assume_unique", "invert", "method"), "_in1d")
    found = program(element, test_elements, invert, method=method, assume_unique=assume_unique)
    return shapes.reshape(found, aval_of(element).shape)


def _in1d(ar1, ar2, invert, method="auto", assume_unique=False):
    """JAX's _in1d, every method comparing all pairs."""
    arr1, arr2 = (shapes.ravel(a) for a in promote(ar1, ar2))
    if invert:
        return all_(arr1[:, None] != arr2[None, :], axis=-1)
    return any_(arr1[:, None] == arr2[None, :], axis=-1)


def _check_bincount_out(out_sharding) -> None:
    """JAX's bincount scatters into one replicated (or fully unreduced) array: its out_sharding
    names no dimension (P(None) counts as one)."""
    spec = getattr(out_sharding, "spec", out_sharding)
    if len(spec) or getattr(spec, "reduced", None):
        raise ShardingTypeError(  # JAX's words
            "out_sharding passed to `jnp.bincount` can only be fully replicated or fully "
            "unreduced along all mesh axes"
        )


def bincount(x, weights=None, minlength=0, *, length=None, out_sharding=None):
    """Counts of each value of the non-negative ints `x`; `length` (static) or a concrete `x`
    decides the size, as JAX does; typed by `out_sharding` when one is given."""
    if out_sharding is not None:
        _check_bincount_out(out_sharding)
        count = functools.partial(bincount, weights=weights, minlength=minlength, length=length)
        return sharded_by(out_sharding, "bincount", count, x)
    check_arraylike("bincount", x)
    require_concrete(length, "The error occurred because of argument 'length' of jnp.bincount.")
    x = asarray(x)
    if dtypes.is_bool(aval_of(x).dtype):
        x = lax.convert_element_type(x, dtypes.int32)
    if not dtypes.is_int(aval_of(x).dtype):
        raise MeshjitTypeError(
            f"x argument to bincount must have an integer type; got {aval_of(x).dtype}"
        )
    if aval_of(x).ndim != 1:
        raise MeshjitValueError("only 1-dimensional input supported.")
    if weights is not None and np.shape(weights) != aval_of(x).shape:  # JAX's words
        raise MeshjitValueError(
            f"type of weights must match type of x. Got typeof(x)={aval_of(x).str_short()} and "
            f"typeof(weights)={aval_of(asarray(weights)).str_short()}"
        )
    if length is None:
        require_concrete(
            x,
            "The error occurred because of argument 'x' of jnp.bincount. To avoid this error, "
            "pass a static `length` argument.",
        )
        values = np.asarray(x)
        # negatives count in bin 0 (JAX clips them), so there is one bin at least
        length = max(int(minlength), int(max(0, values.max())) + 1 if values.size else 0)
    # JAX's scalar 1 (broadcast by the scatter) when there are no weights
    counts = np.array(1, dtypes.default_int) if weights is None else asarray(weights)
    out = zeros((length,), np.result_type(counts) if weights is None else aval_of(counts).dtype)
    return out.at[x.clip(0)].add(counts, mode="drop")


def select(condlist, choicelist, default=0):
    """JAX's: the index of the first true condition (argmax over the stacked conditions, a
    false one first for the default), the choice picked by lax.select_n."""
    condlist, choicelist = list(condlist), list(choicelist)
    if len(condlist) != len(choicelist):
        raise MeshjitValueError(
            f"condlist must have length equal to choicelist ({len(condlist)} vs {len(choicelist)})"
        )
    if not condlist:
        raise MeshjitValueError("condlist must be non-empty")
    check_arraylike("select", *condlist, *choicelist, default)
    condlist = [asarray(c) for c in condlist]
    choices = promote(default, *choicelist)
    conditions = shapes.stack(shapes.broadcast_arrays(False, *condlist))
    idx = argmax(conditions.astype(dtypes.bool_), axis=0)
    return lax.select_n(*shapes.broadcast_arrays(idx, *choices))


def digitize(x, bins, right=False, *, method=None):
    """`method`: searchsorted's (checked there; every method gives the same indices)."""
    check_arraylike("digitize", x, bins)
    x, bins = asarray(x), asarray(bins)
    if aval_of(bins).ndim != 1:
        raise MeshjitValueError(f"digitize: bins must be a 1-dimensional array; got {bins=}")
    side = "left" if right else "right"
    if aval_of(bins).shape[0] == 0:
        return zeros_like(x, dtypes.default_int)
    kwds = {} if method is None else {"method": method}  # JAX's: searchsorted's default
    increasing = searchsorted(bins, x, side=side, **kwds)
    decreasing = aval_of(bins).shape[0] - searchsorted(bins[::-1], x, side=side, **kwds)
    return ew.where(bins[-1] >= bins[0], increasing, decreasing)


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    """As JAX: edges of `a`'s inexact type (complex stays complex), `bins` edges or a count."""
    del weights  # as JAX: only string `bins` would use them
    if isinstance(bins, str):
        raise MeshjitNotImplementedError("string values for `bins` not implemented.")
    check_arraylike("histogram_bin_edges", a, bins)
    a = asarray(a)
    dtype = dtypes.to_inexact(aval_of(a).dtype)
    if np.ndim(bins) == 1:
        return asarray(bins, dtype)
    require_concrete(bins, "bins argument of histogram_bin_edges")
    count = operator.index(bins)
    if range is None:
        range = [a.min(), a.max()]
    range = asarray(range, dtype)
    if aval_of(range).shape != (2,):
        raise MeshjitValueError(
            f"`range` must be either None or a sequence of scalars, got {np.asarray(range)}"
        )
    same = ptp(range) == 0
    lo = ew.where(same, range[0] - 0.5, range[0])
    hi = ew.where(same, range[1] + 0.5, range[1])
    return linspace(lo, hi, count + 1, dtype=dtype)


def histogram(a, bins=10, range=None, weights=None, density=None):
    check_arraylike("histogram", a, bins)
    if weights is not None and np.shape(weights) != np.shape(a):
        raise MeshjitValueError("weights should have the same shape as a.")
    if weights is None:  # as JAX: values and weights (so counts) inexact
        (a,) = promote_inexact(asarray(a))
        weights = ones_like(a)
    else:
        a, weights = promote_inexact(asarray(a), asarray(weights))
    edges = histogram_bin_edges(a, bins, range, weights)
    a, weights = shapes.ravel(a), shapes.ravel(weights)
    index = searchsorted(edges, a, side="right")
    index = ew.where(a == edges[-1], aval_of(edges).shape[0] - 1, index)
    counts = zeros(aval_of(edges).shape, aval_of(weights).dtype).at[index].add(weights)[1:]
    if density:
        widths = diff(edges)
        counts = counts / widths / counts.sum()
    return counts, edges


# ---------------------------------------------------------------------------------------------
# Correlation.


@jitted_as_jax("mode", "precision", "preferred_element_type")
def convolve(a, v, mode="full", *, precision=None, preferred_element_type=None):
    check_arraylike("convolve", a, v)
    return _conv_jit()(a, v, mode, "convolve", precision, preferred_element_type)


@jitted_as_jax("mode", "precision", "preferred_element_type")
def correlate(a, v, mode="valid", *, precision=None, preferred_element_type=None):
    check_arraylike("correlate", a, v)
    return _conv_jit()(a, v, mode, "correlate", precision, preferred_element_type)


@functools.cache
def _conv_jit():
    return jitted(_conv, ("mode", "op", "precision", "preferred_element_type"))


def _conv(x, y, mode, op, precision, preferred_element_type=None):
    """JAX's jitted convolution of 1-D arrays: integers as floats unless a preferred element
    type is given; the longer operand slides, one conv_general_dilated."""
    if aval_of(x).ndim != 1 or aval_of(y).ndim != 1:
        raise MeshjitValueError(f"{op}() only support 1-dimensional inputs.")
    x, y = promote_inexact(x, y) if preferred_element_type is None else promote(x, y)
    if len(x) == 0 or len(y) == 0:  # (a symbolic length is JAX's TypeError)
        raise MeshjitValueError(
            f"{op}: inputs cannot be empty, got shapes {np.shape(x)} and {np.shape(y)}."
        )
    out_order = slice(None)
    if op == "correlate":
        y = cparts.conj(y)
        if len(x) < len(y):
            x, y, out_order = y, x, slice(None, None, -1)
    else:
        x, y = (y, x) if len(x) < len(y) else (x, y)
        y = flip(y)
    m = aval_of(y).shape[0]
    padding = {"valid": (0, 0), "same": (m // 2, m - m // 2 - 1), "full": (m - 1, m - 1)}
    if mode not in padding:
        raise MeshjitValueError("mode must be one of ['full', 'same', 'valid']")
    result = lax.conv_general_dilated(
        x[None, None, :], y[None, None, :], (1,), [padding[mode]], precision=precision,
        preferred_element_type=preferred_element_type,
    )  # fmt: skip
    return result[0, 0, out_order]


def _cov_weights(fweights, aweights, n: int):
    """(the combined sample weights or None, |aweights| or None), checked as JAX checks them."""
    w = None
    if fweights is not None:
        fweights = asarray(fweights)
        if fweights.ndim > 1 or fweights.shape[0] != n:
            raise MeshjitValueError("cov: fweights must be one-dimensional, one per sample")
        if not dtypes.is_int(aval_of(fweights).dtype):
            raise MeshjitTypeError("fweights must be integer.")
        w = ew.abs(fweights)
    if aweights is not None:
        aweights = asarray(aweights)
        if aweights.ndim > 1 or aweights.shape[0] != n:
            raise MeshjitValueError("cov: aweights must be one-dimensional, one per sample")
        aweights = ew.abs(aweights)
        w = aweights if w is None else w * aweights
    return w, aweights


def _cov_rows(m, y, rowvar):
    arrays = promote_inexact(asarray(m)) if y is None else promote_inexact(asarray(m), asarray(y))
    x = shapes.atleast_2d(arrays[0])
    if not rowvar and arrays[0].ndim != 1:
        x = x.T
    if y is not None:
        other = shapes.atleast_2d(arrays[1])
        if not rowvar and other.shape[0] != 1:
            other = other.T
        x = shapes.concatenate([x, other], axis=0)
    return x


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, dtype=None):
    """JAX's cov: the (weighted) covariance of the rows (variables) of m (and y), one jitted
    program as JAX's."""
    check_arraylike("cov", m)
    for name, v in (("m", m), ("y", y)):
        if v is not None and aval_of(asarray(v)).ndim > 2:
            raise MeshjitValueError(f"{name} has more than 2 dimensions")
    return jitted(_cov, ("rowvar", "bias", "ddof", "dtype"), "cov")(
        m, y, rowvar=rowvar, bias=bias, ddof=ddof, fweights=fweights, aweights=aweights,
        dtype=dtype,
    )  # fmt: skip


def _cov(m, y, *, rowvar, bias, ddof, fweights, aweights, dtype):
    x = _cov_rows(m, y, rowvar)
    if x.shape[1] == 0:
        shape = () if x.shape[0] == 1 else (x.shape[0], x.shape[0])
        return full(shape, np.nan, aval_of(x).dtype)
    ddof = (0 if bias else 1) if ddof is None else ddof
    w, aweights = _cov_weights(fweights, aweights, x.shape[1])
    if dtype is not None:
        x = x.astype(dtype)
        w = None if w is None else w.astype(dtype)
    avg, w_sum = average(x, axis=1, weights=w, returned=True)
    w_sum = w_sum[0]
    if w is None:
        f = x.shape[1] - ddof
    elif ddof == 0:
        f = w_sum
    elif aweights is None:
        f = w_sum - ddof
    else:
        f = w_sum - ddof * sum(w * aweights) / w_sum
    x = x - avg[:, None]
    x_t = x.T if w is None else (x * w).T
    return ew.true_divide(matmul(x, cparts.conj(x_t)), f).squeeze()


@jitted_as_jax("rowvar", "dtype")
def corrcoef(x, y=None, rowvar=True, dtype=None):
    check_arraylike("corrcoef", x)
    c = cov(x, y, rowvar, dtype=dtype)
    if aval_of(c).ndim == 0:
        return c / c
    d = diag(c)
    stddev = ew.sqrt(cparts.real(d)).astype(aval_of(c).dtype)
    c = c / stddev[:, None] / stddev[None, :]
    real = cparts.real(c).clip(-1, 1)
    if not dtypes.is_complex(aval_of(c).dtype):
        return real
    return lax.complex(real, cparts.imag(c).clip(-1, 1))  # each part clipped, as JAX


# ---------------------------------------------------------------------------------------------
# Polynomials (coefficients highest power first, as NumPy's poly* functions).


def polyval(p, x, *, unroll=16):
    """Horner's rule as JAX's jitted polyval: a scan over the coefficients (`unroll` steps
    per iteration) from a strong zero of the broadcast shape."""
    check_arraylike("polyval", p, x)
    return jitted(_polyval, ("unroll",), name="polyval")(p, x, unroll=unroll)


def _polyval(p, x, *, unroll):
    p, x = promote(asarray(p), asarray(x))
    shape = broadcast_shapes(aval_of(p).shape[1:], aval_of(x).shape)
    y = lax.full_like(x, 0, shape=shape, dtype=aval_of(x).dtype)
    return lax.scan(lambda y, c: (y * x + c, None), y, p, unroll=unroll)[0]


@jitted_as_jax()
def polyadd(a1, a2):
    """The shorter polynomial (along the first axis) is added into the longer one's tail; the
    other axes broadcast into the longer's, as JAX's."""
    check_arraylike("polyadd", a1, a2)
    a1, a2 = promote(asarray(a1), asarray(a2))
    if aval_of(a2).shape[0] > aval_of(a1).shape[0]:
        a1, a2 = a2, a1
    return a1.at[-aval_of(a2).shape[0] :].add(a2)


@jitted_as_jax()
def polysub(a1, a2):
    check_arraylike("polysub", a1, a2)
    return polyadd(a1, -asarray(a2))


def polymul(a1, a2, *, trim_leading_zeros=False):
    check_arraylike("polymul", a1, a2)
    check_coefficients("polymul", a1, a2)
    a1, a2 = promote_inexact(asarray(a1), asarray(a2))
    if trim_leading_zeros and (aval_of(a1).shape[0] > 1 or aval_of(a2).shape[0] > 1):
        a1, a2 = trim_zeros(a1, trim="f"), trim_zeros(a2, trim="f")
    if not aval_of(a1).shape[0]:
        a1 = zeros(1, aval_of(a2).dtype)
    if not aval_of(a2).shape[0]:
        a2 = zeros(1, aval_of(a1).dtype)
    return convolve(a1, a2, mode="full")


@jitted_as_jax("m")
def polyder(p, m=1):
    """As JAX's: the coefficients times the products of the differentiation's factors."""
    check_arraylike("polyder", p)
    check_coefficients("polyder", p)
    (p,) = promote_inexact(asarray(p))
    m = operator.index(m)
    if m < 0:
        raise MeshjitValueError("Order of derivative must be positive")
    if m == 0:
        return p
    dtype, n = aval_of(p).dtype, aval_of(p).shape[0]
    factors = (arange(m, n, dtype=dtype)[None] - arange(m, dtype=dtype)[:, None]).prod(0)
    return p[:-m] * factors[::-1]


@jitted_as_jax("m")
def polyint(p, m=1, k=None):
    """As JAX's: p and the constants k promoted together (inexact), then divided by the
    products of the integration's factors."""
    check_arraylike("polyint", p, k)
    check_coefficients("polyint", p)
    m = operator.index(m)
    p, k = promote_inexact(*arraylike("polyint", p, 0 if k is None else k))
    if m < 0:
        raise MeshjitValueError("Order of integral must be positive (see polyder)")
    k = shapes.atleast_1d(k)
    if aval_of(k).shape[0] == 1:
        k = lax.broadcast_in_dim(k[0], (m,), ())
    if aval_of(k).shape != (m,):
        raise MeshjitValueError("k must be a scalar or a rank-1 array of length 1 or m.")
    if m == 0:
        return p
    dtype = aval_of(p).dtype
    n = aval_of(p).shape[0]
    grid = arange(n + m, dtype=dtype)[None] - arange(m, dtype=dtype)[:, None]
    factors = ew.maximum(1, grid).prod(0)[::-1]
    return ew.true_divide(shapes.concatenate([p, k]), factors)


# ---------------------------------------------------------------------------------------------
# Integer and float ufuncs.


def _integer_operands(name, x1, x2):
    """gcd / lcm's operands: promoted, integers only (booleans too refused), as JAX."""
    x1, x2 = promote(*arraylike(name, x1, x2))
    if not dtypes.is_int(aval_of(x1).dtype):
        raise MeshjitValueError(f"Arguments to jax.numpy.{name} must be integers.")
    return x1, x2


@jitted_as_jax()
def gcd(x1, x2):
    x1, x2 = shapes.broadcast_arrays(*_integer_operands("gcd", x1, x2))
    # JAX's condition: any(b != 0), which an empty b ends at once (a max of it has no identity)
    return lax.while_loop(lambda s: any_(s[1] != 0), _gcd_step, (ew.abs(x1), ew.abs(x2)))[0]


def _gcd_step(state):
    """JAX's step: (b, a rem b) where b is nonzero, the larger first (a rem b, not a floor
    mod: |INT_MIN| stays negative and takes the same path as in JAX)."""
    a, b = state
    a, b = ew.where(b != 0, b, a), ew.where(b != 0, lax.rem(a, b), const_like(b, 0))
    return ew.where(a < b, b, a), ew.where(a < b, a, b)


@jitted_as_jax()
def lcm(x1, x2):
    x1, x2 = promote(*arraylike("lcm", x1, x2))
    x1, x2 = ew.abs(x1), ew.abs(x2)  # before the dtype check, as JAX
    x1, x2 = _integer_operands("lcm", x1, x2)
    g = gcd(x1, x2)
    # JAX's order: |x1| * (|x2| // g), no abs after (an overflowing product keeps its wrap)
    return ew.where(g == 0, const_like(g, 0), ew.multiply(x1, ew.floor_divide(x2, g)))


@jitted_as_jax()
def copysign(x1, x2, /):
    x1, x2 = promote(*promote_inexact(x1, x2))
    refuse_complex("copysign does not support complex-valued inputs", x1)
    return ew.where(jmath.signbit(x2), -ew.abs(x1), ew.abs(x1))


def logaddexp2(x1, x2):
    """log2(2**x1 + 2**x2) without overflow, as JAX computes it (its custom derivative), in
    one program as JAX's ufunc runs (op by op, the last bit differs); inlined in a trace (a
    jaxpr shows the custom_jvp call alone, as JAX's)."""
    return jitted(_logaddexp2_promoted, name="logaddexp2", inline=True)(x1, x2)


def _logaddexp2_promoted(x1, x2):
    out = jmath.custom_logaddexp(base2=True)(*broadcast_all(*promote_inexact(x1, x2), op="max"))
    return out if not aval_of(out).ndim else strong(out)  # JAX's typed constants: strong


def ldexp(x1, x2, /):
    """x1 * 2**x2, exactly: x1's exponent split off first (frexp) so that neither a small x1
    nor a large x2 overflows on the way, as JAX computes it."""
    x1, x2 = arraylike("ldexp", x1, x2)
    d1, d2 = aval_of(x1).dtype, aval_of(x2).dtype
    if dtypes.is_complex(d1) or dtypes.is_inexact(d2):
        raise MeshjitValueError(f"ldexp not supported for input types {(d1, d2)}")
    (x1,) = promote_inexact(x1)
    return jitted(_ldexp, name="ldexp")(x1, x2)


def _ldexp(x1, x2):
    """Jitted, as JAX's (see _frexp)."""
    dtype = aval_of(x1).dtype
    x2 = lax.convert_element_type(x2, dtype)
    m, e = frexp(x1)
    e = (e.astype(aval_of(x2).dtype) + x2).astype(dtype)
    m = ew.where(e > 0, m * 2, m)  # the exponent may overflow by one with a finite result
    e = ew.where(e > 0, e - 1, e)
    x = m * (2 ** e.astype(dtype))
    return ew.where(jmath.isinf(x1) | (x1 == 0), x1, x)


def frexp(x, /):
    """(mantissa in [0.5, 1), integer exponent) with x = mantissa * 2**exponent, read from the
    bits as JAX does (exact in every float dtype, subnormals included)."""
    (x,) = promote_inexact(*arraylike("frexp", x))
    if dtypes.is_complex(aval_of(x).dtype):
        raise MeshjitTypeError("frexp does not support complex-valued inputs")
    return _frexp()(x)


@functools.cache
def _frexp():
    """Jitted, as JAX's (so XLA treats subnormals as in JAX: one program, not op by op)."""
    from meshjit.compiler.ad.custom_derivatives import custom_jvp  # ad sits above numpy

    @custom_jvp
    def _frexp(x):
        return _frexp_bits(x)

    @_frexp.defjvp
    def _frexp_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        m, e = _frexp(x)
        return (m, e), (t * jmath.exp2(-e.astype(aval_of(t).dtype)), zeros_like(e))

    return jitted(_frexp, name="frexp")  # JAX's jit of its custom_jvp shows as frexp


_INT_OF_WIDTH = {16: np.int16, 32: np.int32, 64: np.int64}


def _frexp_bits(x):
    dtype = aval_of(x).dtype
    info = ml_dtypes.finfo(dtype)
    int_type = _INT_OF_WIDTH[info.bits]
    mask, bias = (1 << info.nexp) - 1, 1 - info.minexp
    # subnormals scaled up by 2**nmant first, their exponent lowered by as much
    tiny = lax.abs(x) < np.asarray(info.tiny, dtype)
    x1 = ew.where(tiny, x * np.asarray(1 << info.nmant, dtype), x)
    x2 = ew.where(tiny, int_type(-info.nmant), int_type(0))
    bits = lax.bitcast_convert_type(x1, int_type)
    x2 = x2 + (((bits >> info.nmant) & mask) - bias + 1)  # JAX's `x2 +=` order
    bits = (bits & int_type(~(mask << info.nmant))) | int_type((bias - 1) << info.nmant)
    mantissa = lax.bitcast_convert_type(bits, dtype)
    special = jmath.isinf(x) | jmath.isnan(x) | (x == 0)
    exponent = ew.where(special, zeros_like(x2), x2)
    return ew.where(special, x, mantissa), lax.convert_element_type(exponent, np.int32)


def modf(x, /, out=None):
    check_out(out, "modf")
    return jitted(_modf, name="modf")(x)


def _modf(x):
    """JAX's jitted modf: the whole part floors above zero and ceils below."""
    x = promote_inexact(x)[0]
    whole = ew.where(lax.ge(x, const_like(x, 0)), ew.floor(x), ew.ceil(x))
    return x - whole, whole


# ---------------------------------------------------------------------------------------------
# apply_along_axis / apply_over_axes (by vmap, as JAX), nextafter, spacing.


def apply_along_axis(func1d, axis: int, arr, *args, **kwargs):
    """`func1d` applied to each 1-d slice of `arr` along `axis` (vmapped over the others)."""
    check_arraylike("apply_along_axis", arr)
    from meshjit.compiler.batching.api import vmap  # a later family

    arr = asarray(arr)
    ndim = aval_of(arr).ndim
    axis = axis + ndim if axis < 0 else axis
    if not 0 <= axis < ndim:
        raise MeshjitValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")

    def func(a):
        return func1d(a, *args, **kwargs)

    for i in range(1, ndim - axis):
        func = vmap(func, in_axes=i, out_axes=-1)
    for _ in range(axis):
        func = vmap(func, in_axes=0, out_axes=0)
    return func(arr)


def apply_over_axes(func, a, axes):
    """`func(a, axis)` applied for each axis in turn, each result keeping the rank."""
    a = asarray(a)
    for axis in [axes] if isinstance(axes, int) else axes:
        b = func(a, axis)
        if aval_of(b).ndim == aval_of(a).ndim - 1:
            b = shapes.expand_dims(b, axis)
        elif aval_of(b).ndim != aval_of(a).ndim:
            raise MeshjitValueError(
                "apply_over_axes: the function must return an array of the same rank, or one less"
            )
        a = b
    return a


def nextafter(x, y, /):
    """The next float after `x` towards `y`."""
    x, y = broadcast_all(*promote_inexact(x, y))
    return lax.nextafter(x, y)


def spacing(x, /):
    """The distance from `x` to the next float away from zero (as JAX: towards +inf for
    float16)."""
    (x,) = promote_inexact(x)
    dtype = aval_of(x).dtype
    if dtypes.is_complex(dtype):
        raise MeshjitValueError("jnp.spacing is not defined for complex inputs.")
    inf = lax.full_like(x, np.inf)
    if dtype == np.float16:
        return ew.subtract(lax.nextafter(x, inf), x)
    result = ew.subtract(lax.nextafter(x, copysign(inf, x)), x)
    tiny = np.array(ml_dtypes.finfo(dtype).smallest_subnormal, dtype)  # strong, as JAX's
    return ew.where(ew.equal(result, 0), copysign(tiny, x), result)
