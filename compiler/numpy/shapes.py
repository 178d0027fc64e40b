"""meshjit.numpy shape functions: shape queries, reshape and ravel, transposes and axis moves,
expand_dims / squeeze / atleast_nd, broadcast_to, joining (concatenate, stack, hstack, ...),
splitting, and meshgrid."""

from __future__ import annotations

import math
import operator
import warnings

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import (
    IncompatibleShapesError,
    MeshjitIndexError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
    MeshjitZeroDivisionError,
)
from meshjit.compiler.ir.registry import takes_extended
from meshjit.compiler.ir.shape_poly import (
    InconclusiveDimensionOperation,
    is_constant_shape,
    is_symbolic_dim,
)
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.numpy import util
from meshjit.compiler.numpy.elementwise import astype
from meshjit.compiler.numpy.util import (
    aval_of,
    broadcast_all,
    broadcast_to_shape,
    broadcasts_to,
    check_arraylike,
    check_out,
    contains_traced,
    is_traced,
    jitted_as_jax,
    materialize,
    opaque_operands,
    promote,
    sharded_by,
)
from meshjit.compiler.trace.tracing import require_concrete

__all__ = [
    "broadcast_shapes",
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "broadcast_arrays",
    "broadcast_to",
    "column_stack",
    "concatenate",
    "dsplit",
    "dstack",
    "expand_dims",
    "hsplit",
    "hstack",
    "meshgrid",
    "moveaxis",
    "ndim",
    "permute_dims",
    "ravel",
    "reshape",
    "shape",
    "size",
    "split",
    "squeeze",
    "stack",
    "swapaxes",
    "transpose",
    "vsplit",
    "vstack",
]


# ---------------------------------------------------------------------------------------------
# Shape queries, reshapes and transposes.


def shape(a):
    return _shape_of(a, "shape")


def ndim(a):
    return len(_shape_of(a, "ndim"))


def _shape_of(a, name: str) -> tuple:
    """JAX's shape / ndim / size are NumPy's: nested lists and tuples have a shape too, with
    JAX's DeprecationWarning (size's shape warns once more, as JAX's calls shape)."""
    if isinstance(a, (list, tuple)):
        for who in (name, "shape") if name == "size" else (name,):
            warnings.warn(
                f"{who} requires ndarray or scalar arguments, got {type(a)} at position 0. In a "
                "future JAX release this will be an error.",
                DeprecationWarning,
                stacklevel=4,  # the caller of the public function (past its API wrapper)
            )
        return np.shape(a)
    return aval_of(a).shape


def size(a, axis=None):
    shape = _shape_of(a, "size")
    if axis is None:
        return math.prod(shape)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    return math.prod(shape[checks.canonical_axis(ax, len(shape))] for ax in axes)


@takes_extended
def reshape(a, shape, order="C", *, copy=None, out_sharding=None):
    """JAX 0.10's signature (its old `newshape=` spelling is gone). As JAX's, a NumPy array
    is reshaped by its own method (NumPy's result, and NumPy's errors and `order=` rules)."""
    if out_sharding is None and isinstance(a, np.ndarray):
        return a.reshape(shape, order=order)
    return _reshape_array(a, shape, order, out_sharding)


def _reshape_array(a, shape, order, out_sharding):
    return sharded_by(out_sharding, "reshape", lambda x: _reshape(x, shape, order), a)


def _reshape(a, newshape, order="C"):
    if order == "F":  # column-major: reshape the reversed axes, reverse back
        newshape = _resolved_shape(aval_of(a), newshape)  # the user's shapes in its errors
        return transpose(_reshape(transpose(a), newshape[::-1]))
    if order == "A":  # JAX's words
        raise MeshjitNotImplementedError("np.reshape order=A is not implemented.")
    if order != "C":
        raise MeshjitValueError(f"Unexpected value for 'order' argument: {order}.")
    return lax.reshape(materialize(a), _resolved_shape(aval_of(a), newshape))


def _resolved_shape(aval, newshape) -> tuple:
    """`newshape` for an array of type `aval`, its -1 axis resolved (JAX's errors, which show
    the shape as it was given: `8`, `[8]` or `(2, 4)`)."""
    given, newshape = newshape, _shape_tuple(newshape)
    newshape = checks.concrete_shape("reshape", given if isinstance(given, list) else newshape)
    if newshape.count(-1) > 1:
        raise MeshjitTypeError(
            f"can only specify one unknown axis size with a `-1` value, got {newshape}"
        )
    known = math.prod(d for d in newshape if d != -1)
    if -1 in newshape:
        size = _inferred_size(aval, newshape, known, given)
        newshape = tuple(size if d == -1 else d for d in newshape)
    elif known != aval.size:
        _cannot_reshape(aval, given, f" (size {known})")
    return newshape


def _shape_tuple(newshape):
    """A shape given as one size (an int, a NumPy integer, a symbolic dimension, a scalar array:
    JAX's list, in its errors) or several."""
    if isinstance(newshape, (int, np.integer)):
        return (newshape,)
    try:
        return tuple(newshape)
    except TypeError:
        return [newshape]


def _inferred_size(aval, newshape: tuple, known, given):
    """The size of the -1 axis; symbolic shapes divide as JAX's `core.divide_shape_sizes`."""
    if not is_constant_shape((*aval.shape, *newshape)):
        quotient, remainder = divmod(aval.size, -known)
        if remainder != 0:
            raise InconclusiveDimensionOperation(
                f"Cannot divide evenly the sizes of shapes {tuple(aval.shape)} and {newshape}. "
                f"The remainder {remainder} should be 0.",
                with_help=False,
            )
        return -quotient
    if known == 0:  # JAX's ZeroDivisionError (its size % 0), even for a zero-size array
        raise MeshjitZeroDivisionError(
            f"cannot reshape array of shape {aval.shape} (size {aval.size}) into shape "
            f"{newshape}: the -1 axis's size is undetermined beside a zero-size axis"
        )
    if aval.size % known:  # JAX's words for a -1 axis
        _cannot_reshape(
            aval,
            given,
            f" because the product of specified axis sizes ({known}) does not evenly divide "
            f"{aval.size}",
        )
    return aval.size // known


def _cannot_reshape(aval, newshape, size):
    if not isinstance(aval.size, int):  # a symbolic size: JAX's shape-polymorphism error
        from meshjit.compiler.ir.shape_poly import InconclusiveDimensionOperation

        raise InconclusiveDimensionOperation(
            f"Cannot divide evenly the sizes of shapes {aval.shape} and {newshape}: "
            f"{aval.size} is not a multiple of {math.prod(d for d in newshape if d != -1)} for "
            "every value of its dimension variables"
        )
    raise MeshjitTypeError(  # JAX's TypeError (lax.reshape's own is a ValueError)
        f"cannot reshape array of shape {aval.shape} (size {aval.size}) into shape {newshape}{size}"
    )


@takes_extended
def ravel(a, order="C", *, out_sharding=None):
    if order == "K":  # JAX's words (NumPy's memory order has no meaning for its arrays)
        raise MeshjitNotImplementedError("Ravel not implemented for order='K'.")
    return _reshape_array(a, (-1,), order, out_sharding)  # JAX's jit: an array, its errors


@takes_extended
def transpose(a, axes=None):
    ndim_ = aval_of(a).ndim
    axes = tuple(reversed(range(ndim_))) if axes is None else tuple(axes)
    for ax in axes:  # as JAX: each axis in range first, then the permutation
        checks.canonical_axis(ax, ndim_)
    if len(axes) != ndim_:
        raise MeshjitTypeError(  # JAX's words and type (its lax.transpose's)
            "transpose permutation isn't a permutation of operand dimensions, got permutation "
            f"{axes} for operand shape {aval_of(a).shape}."
        )
    perm = tuple(checks.canonical_axis(ax, ndim_) for ax in axes)
    return lax.transpose(materialize(a), perm)  # which refuses a repeated axis


def permute_dims(a, /, axes):
    util.check_arraylike("permute_dims", a)  # JAX's check names the function called
    return transpose(a, axes)


def _swapped_axis(axis, ndim: int) -> int:
    """JAX indexes its permutation list with the axis: NumPy's IndexError words."""
    words = f"index {axis} is out of bounds for axis 0 with size {ndim}"
    return checks.canonical_axis(axis, ndim, jax_words=words)


@takes_extended
def swapaxes(a, axis1, axis2):
    ndim_ = aval_of(a).ndim
    perm = list(range(ndim_))
    i, j = (_swapped_axis(axis1, ndim_), _swapped_axis(axis2, ndim_))
    perm[i], perm[j] = perm[j], perm[i]
    return lax.transpose(materialize(a), perm)


@takes_extended
def moveaxis(a, source, destination):
    ndim_ = aval_of(a).ndim
    # (repeated axes reach lax.transpose, whose TypeError is JAX's: jnp.fft.fftn(x, axes=(0, -1))
    # of a vector, fuzzer round 17)
    src = _each_axis(source, ndim_)
    dst = _each_axis(destination, ndim_)
    if len(src) != len(dst):
        raise MeshjitValueError(
            f"Inconsistent number of elements: {len(src)} vs {len(dst)} (moveaxis: source and "
            "destination must have the same length)"
        )
    order = [i for i in range(ndim_) if i not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return lax.transpose(materialize(a), order)


def _each_axis(axes, ndim_: int) -> tuple[int, ...]:
    """`axes` (an int or a sequence) each made non-negative; repeats kept."""
    if not isinstance(axes, (int, tuple, list)):
        return checks.canonical_axes(axes, ndim_)
    return tuple(
        checks.canonical_axis(i, ndim_) for i in ((axes,) if isinstance(axes, int) else axes)
    )


@takes_extended
def expand_dims(a, axis):
    check_arraylike("expand_dims", a)
    require_concrete(axis, "expected a static index or sequence of indices.")
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    return lax.expand_dims(materialize(a), axes)


@takes_extended
def squeeze(a, axis=None):
    aval = aval_of(a)
    if axis is None:
        axes = tuple(i for i, d in enumerate(aval.shape) if d == 1)
    else:
        axes = checks.canonical_axes(axis, aval.ndim)
    return lax.squeeze(materialize(a), axes)


@jitted_as_jax()
def atleast_1d(*arys):
    return _atleast(arys, lambda n: range(1 - n))


@jitted_as_jax()
def atleast_2d(*arys):
    return _atleast(arys, lambda n: range(2 - n))


@jitted_as_jax()
def atleast_3d(*arys):
    return _atleast(arys, lambda n: {0: (0, 1, 2), 1: (0, 2), 2: (2,)}.get(n, ()))


def _atleast(arrays, new_dims):
    """JAX's atleast_*d (one jit): the new unit dims by lax.expand_dims (a broadcast_in_dim)."""
    out = [materialize(a) for a in arrays]
    out = [lax.expand_dims(a, tuple(new_dims(aval_of(a).ndim))) for a in out]
    return out[0] if len(out) == 1 else out


@takes_extended
def broadcast_to(array, shape, *, out_sharding=None):
    check_arraylike("broadcast_to", array)
    return sharded_by(out_sharding, "broadcast_to", lambda v: _broadcast_to(v, shape), array)


def broadcast_shapes(*shapes):
    """jnp.broadcast_shapes: the shape `shapes` broadcast to (JAX's signature; util's takes
    the operation an error names too)."""
    return util.broadcast_shapes(*shapes)


def _broadcast_to(x, shape):
    shape = checks.nonnegative_shape("broadcast_to", (shape,) if isinstance(shape, int) else shape)
    aval = aval_of(x)
    if len(aval.shape) > len(shape):
        raise MeshjitValueError(
            "Cannot broadcast to shape with fewer dimensions: arr_shape="
            f"{aval.shape} shape={shape} (cannot broadcast {aval.str_short()} to shape {shape})"
        )
    if not broadcasts_to(aval.shape, shape):
        raise IncompatibleShapesError(
            f"Incompatible types for broadcasting: input type={aval.str_long()} and requested "
            f"type={aval.update(shape=tuple(shape)).str_long()} (cannot broadcast to shape "
            f"{shape})"
        )
    return materialize(broadcast_to_shape(x, shape))


def broadcast_arrays(*args):
    if not args:  # as JAX's: no arrays, none broadcast
        return []
    return [materialize(a) for a in broadcast_all(*args)]


# ---------------------------------------------------------------------------------------------
# Joining and splitting.


def concatenate(arrays, axis=0, dtype=None):
    arrays = list(arrays)
    if not arrays:
        raise MeshjitValueError("Need at least one array to concatenate.")
    opaque = opaque_operands("concatenate", *arrays)
    if opaque is not None:  # typed keys: their data joined along the same (leading) axis
        data, trailing, rebuild = opaque
        ndim = aval_of(data[0]).ndim - trailing
        axis = checks.canonical_axis(0 if axis is None else axis, ndim, "concatenate axis")
        return rebuild(concatenate(data, axis))
    if axis is None:
        arrays, axis = [ravel(a) for a in arrays], 0
    arrays = promote(*arrays) if dtype is None else [astype(a, dtype) for a in arrays]
    ranks = {aval_of(a).ndim for a in arrays}
    if aval_of(arrays[0]).ndim == 0:  # as JAX: only a scalar first; else the ranks' TypeError
        raise MeshjitValueError("Zero-dimensional arrays cannot be concatenated.")
    if len(ranks) > 1:  # as JAX: a TypeError
        shown = ", ".join(str(aval_of(a).shape) for a in arrays)
        raise MeshjitTypeError(
            f"Cannot concatenate arrays with different numbers of dimensions: got {shown}."
        )
    axis = checks.canonical_axis(axis, ranks.pop(), "concatenate axis")
    return materialize(lax.concatenate([materialize(a) for a in arrays], axis))


def stack(arrays, axis=0, out=None, dtype=None):
    check_out(out, "stack")
    arrays = list(arrays)
    check_arraylike("stack", *arrays)
    if not arrays:
        raise MeshjitValueError("Need at least one array to stack.")
    opaque = opaque_operands("stack", *arrays)
    if opaque is not None:  # typed keys: their data stacked along the same (leading) axis
        data, trailing, rebuild = opaque
        axis = checks.canonical_axis(axis, aval_of(data[0]).ndim - trailing + 1, "stack axis")
        return rebuild(stack(data, axis))
    shapes = {aval_of(a).shape for a in arrays}
    if len(shapes) > 1:
        shown = ", ".join(str(aval_of(a).shape) for a in arrays)  # JAX's words
        raise MeshjitValueError(f"All input arrays must have the same shape. Got {shown}.")
    axis = checks.canonical_axis(axis, aval_of(arrays[0]).ndim + 1, "stack axis")
    arrays = promote(*arrays) if dtype is None else [astype(a, dtype) for a in arrays]
    return materialize(lax.stack([materialize(a) for a in arrays], axis))  # JAX's stack_p


def hstack(tup, dtype=None):
    arrays = [atleast_1d(a) for a in tup]
    return concatenate(arrays, 0 if aval_of(arrays[0]).ndim == 1 else 1, dtype)


def vstack(tup, dtype=None):
    arrays = [reshape(a, (1, -1)) if aval_of(a).ndim < 2 else a for a in tup]
    return concatenate(arrays, 0, dtype)


def dstack(tup, dtype=None):
    arrays = atleast_3d(*tup)
    return concatenate(arrays if isinstance(arrays, list) else [arrays], 2, dtype)


def column_stack(tup):
    arrays = [reshape(a, (-1, 1)) if aval_of(a).ndim < 2 else a for a in tup]
    return concatenate(arrays, 1)


def split(ary, indices_or_sections, axis=0):
    ary = materialize(ary)
    aval = aval_of(ary)
    if isinstance(axis, int) and not -aval.ndim <= axis < aval.ndim:
        err = MeshjitIndexError("tuple index out of range")  # JAX's: split reads ary.shape[axis]
        err.add_note(f"split axis {axis} is out of range for an array of rank {aval.ndim}")
        raise err
    axis = checks.canonical_axis(axis, aval.ndim)
    size_ = aval.shape[axis]
    if is_traced(indices_or_sections) or (
        isinstance(indices_or_sections, (list, tuple)) and contains_traced(indices_or_sections)
    ):
        traced = indices_or_sections
        if not is_traced(traced):  # a list holding a traced index: that index
            traced = next(i for i in traced if is_traced(i))
        require_concrete(traced, "in jax.numpy.split argument 1")  # JAX's words
    if (
        not isinstance(indices_or_sections, (int, list, tuple))
        and not is_symbolic_dim(indices_or_sections)
        and np.ndim(indices_or_sections) == 0
    ):
        indices_or_sections = int(indices_or_sections)  # as JAX's: a count of sections (1.5: 1)
    if isinstance(indices_or_sections, int):
        if indices_or_sections == 0:
            raise MeshjitZeroDivisionError(
                f"integer division or modulo by zero: split of axis {axis} into 0 sections"
            )
        if indices_or_sections < 0 or size_ % indices_or_sections:
            raise MeshjitValueError(
                "array split does not result in an equal division: rest is "
                f"{size_ % indices_or_sections} (axis {axis} of size {size_} into "
                f"{indices_or_sections} sections)"
            )
        step = size_ // indices_or_sections
        bounds = list(range(0, size_ + 1, step))
    else:
        # JAX's: the indices bound the parts as given (not wrapped or clamped as NumPy's), so
        # a decreasing one, a negative one or one past the axis is refused
        bounds = [0] + [_split_index(i) for i in indices_or_sections] + [size_]
        sizes = [np.int64(hi - lo) for lo, hi in zip(bounds, bounds[1:])]
        if any(n < 0 for n in sizes):
            raise MeshjitValueError(f"Sizes passed to split must be nonnegative, got {sizes}")
    # As JAX's: one lax.split with NumPy integer sizes (jaxprs print `sizes=(np.int64(2), ...)`)
    sizes = [hi - lo for lo, hi in zip(bounds, bounds[1:])]
    sizes = [n if is_symbolic_dim(n) else np.int64(n) for n in sizes]
    return list(lax.split(ary, sizes, axis))


def _split_index(i) -> int:
    try:
        return operator.index(i)
    except TypeError:  # a float index: JAX's (Python's) TypeError
        raise MeshjitTypeError(
            f"'{type(i).__name__}' object cannot be interpreted as an integer: split indices "
            f"must be integers, got {i!r}"
        ) from None


def hsplit(ary, indices_or_sections):
    axis = 0 if aval_of(ary).ndim == 1 else 1
    return _split_checked("hsplit", ary, indices_or_sections, axis, 1)


def vsplit(ary, indices_or_sections):
    return _split_checked("vsplit", ary, indices_or_sections, 0, 1)  # JAX's: 1-D arrays too


def dsplit(ary, indices_or_sections):
    return _split_checked("dsplit", ary, indices_or_sections, 2, 3)


def _split_checked(name, ary, indices_or_sections, axis, min_rank):
    if aval_of(ary).ndim < min_rank:
        raise MeshjitIndexError(  # JAX's (its split reads ary.shape[axis])
            f"tuple index out of range: {name} needs an array of rank >= {min_rank}, got "
            f"{aval_of(ary).str_short()}"
        )
    return split(ary, indices_or_sections, axis)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise MeshjitValueError(f"Valid values for indexing are 'xy' and 'ij', got {indexing}")
    if any(np.ndim(x) != 1 for x in xi):
        raise MeshjitValueError(
            f"Arguments to jax.numpy.meshgrid must be 1D, got shapes {[np.shape(x) for x in xi]}"
        )
    xs = [materialize(x) for x in xi]
    shape = [aval_of(x).shape[0] for x in xs]
    if indexing == "xy" and len(xs) >= 2:
        shape[0], shape[1] = shape[1], shape[0]
    out = []
    for i, x in enumerate(xs):
        dim = {0: 1, 1: 0}.get(i, i) if indexing == "xy" and len(xs) >= 2 else i
        if sparse:
            sparse_shape = [1] * len(xs)
            sparse_shape[dim] = shape[dim]
            out.append(lax.reshape(x, sparse_shape))
        else:
            out.append(lax.broadcast_in_dim(x, shape, (dim,)))
    return out
