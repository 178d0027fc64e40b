"""Argument checks shared by the public random functions: shapes, dtypes, broadcasting."""

from __future__ import annotations

import operator

import numpy as np

from meshjit.compiler.errors import (
    IncompatibleShapesError,
    InvalidDimensionError,
    MeshjitTypeError,
    MeshjitValueError,
    NotConcreteError,
    OperandShapesError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.shape_poly import DimExpr, is_symbolic_dim
from meshjit.compiler.lax.shape_checks import traced_shape_error
from meshjit.compiler.numpy.util import aval_of
from meshjit.compiler.parallel.collectives import pvary


def canonical_shape(shape, name: str) -> tuple:
    """`shape` as a tuple of non-negative Python ints (an int is a 1-D shape, as in JAX); JAX's
    words when it is not, `name` (the sampler) in a note."""
    if isinstance(shape, (int, np.integer, DimExpr)):
        shape = (shape,)
    if not hasattr(shape, "__iter__"):
        err = MeshjitTypeError(f"'{type(shape).__name__}' object is not iterable")
        err.add_note(f"{name} takes a shape (a sequence of integers), got {shape!r}")
        raise err
    given = shape if isinstance(shape, list) else tuple(shape)  # JAX's errors show a list
    try:
        out = tuple(d if isinstance(d, DimExpr) else operator.index(d) for d in shape)
    except NotConcreteError:
        raise traced_shape_error(given) from None
    except TypeError:
        err = MeshjitTypeError(
            f"Shapes must be 1D sequences of concrete values of integer type, got {given}."
        )
        err.add_note(f"the shape of {name}")
        raise err from None
    if any(d < 0 for d in out):
        err = _negative_shape_error(out, name)
        err.add_note(f"{name}: got shape {out}; a dimension must be non-negative")
        raise err
    return out


# The samplers JAX draws the bits of first: a negative dimension reaches jaxlib's MLIR, whose
# MLIRError refuses the type; the others broadcast their parameters to the shape first (its
# TypeError), or fill an array of it (multinomial, poisson: broadcast_in_dim's).
_DRAWN_FIRST = frozenset(
    "bits cauchy exponential gumbel laplace logistic maxwell normal split uniform "
    "weibull_min".split()
)
_FILLED_FIRST = frozenset({"multinomial", "poisson"})


def _negative_shape_error(shape: tuple, name: str) -> Exception:
    if name in _DRAWN_FIRST:
        return InvalidDimensionError("Invalid type:\nerror: unknown: invalid tensor dimension size")
    if name in _FILLED_FIRST:
        return OperandShapesError(
            f"broadcast_in_dim shape must have every element be nonnegative, got {shape}."
        )
    return OperandShapesError(
        "Only non-negative indices are allowed when broadcasting static shapes, but got "
        f"shape {shape}."
    )


def float_dtype(dtype, name: str, kinds: str = "a float dtype") -> np.dtype:
    """The float dtype a sampler draws: the default float (float32, or float64 with x64) unless
    given; with x64 off 64-bit requests give 32 bits. `kinds` names what the sampler accepts
    (normal: "a float or complex dtype", its complex case taken before)."""
    dtypes.check_user_dtype(dtype, None)  # JAX's warning, without a function name
    dtype = _canonical(dtypes.default_float if dtype is None else dtype, name)
    if not dtypes.is_float(dtype):
        raise MeshjitValueError(f"dtype argument to `{name}` must be {kinds}, got {dtype}")
    return dtype


def int_dtype(dtype, name: str) -> np.dtype:
    dtypes.check_user_dtype(dtype, None)
    dtype = _canonical(dtypes.default_int if dtype is None else dtype, name)
    if not dtypes.is_int(dtype):
        invalid = f"Invalid integer data type {np.dtype(dtype).kind!r}."  # NumPy's iinfo's
        raise MeshjitValueError(  # JAX's words (poisson's are iinfo's alone)
            f"dtype argument to `geometric` must be an int dtype, got {dtype}"
            if name == "geometric"
            else f"{invalid} (dtype argument to `{name}` must be an integer dtype, got {dtype})"
        )
    return dtype


def _canonical(dtype, name: str) -> np.dtype:
    try:
        if not (isinstance(dtype, type) and issubclass(dtype, np.generic)):  # np.float64 is
            dtype = getattr(dtype, "dtype", dtype)  # a dtype; jnp.float32 and arrays carry one
        dtype = dtypes.canonicalize(dtype)
    except TypeError:
        raise MeshjitTypeError(  # NumPy's words, as JAX's
            f"Cannot interpret '{dtype!r}' as a data type ({name}: not a dtype)"
        ) from None
    if dtype not in dtypes.SUPPORTED:
        raise MeshjitTypeError(f"{name}: dtype {dtype} is not supported")
    return dtype


def broadcast_shapes(name: str, *shapes) -> tuple:
    """NumPy broadcasting of `shapes`, or a meshjit error naming `name`."""
    try:
        if any(is_symbolic_dim(d) for s in shapes for d in s):  # shape polymorphism
            from meshjit.compiler.numpy.util import broadcast_shapes as symbolic_broadcast

            return symbolic_broadcast(*shapes)
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        err = IncompatibleShapesError(  # JAX's words; which sampler, with the traceback
            f"Incompatible shapes for broadcasting: shapes=[{', '.join(map(str, shapes))}]"
        )
        err.add_note(f"{name}: they do not broadcast")
        raise err from None


def check_shape(name: str, shape: tuple, *param_shapes) -> None:
    """The parameters broadcast to `shape` exactly (JAX's rule for a given `shape`)."""
    if not param_shapes:
        return
    joined = broadcast_shapes(name, shape, *param_shapes)
    if joined != shape:
        raise MeshjitValueError(
            f"{name} parameter shapes must be broadcast-compatible with shape argument, and the "
            f"result of broadcasting the shapes must equal the shape argument, but got result "
            f"{_broadcast_as_given(shape, *param_shapes)} for shape argument {shape}."
        )


def _broadcast_as_given(*shapes) -> tuple:
    """JAX's lax.broadcast_shapes of shapes that broadcast: per dimension the size as given
    (the first one other than 1 unless all are the same object), so a NumPy integer of a
    parameter's shape prints as JAX prints it."""
    ndim = max(len(s) for s in shapes)
    padded = [(1,) * (ndim - len(s)) + tuple(s) for s in shapes]
    out = []
    for ds in zip(*padded):
        if all(d is ds[0] for d in ds[1:]):
            out.append(ds[0])
        else:
            out.append(next((d for d in ds if d != 1), 1))
    return tuple(out)


def sample_shape(name: str, shape, *param_shapes) -> tuple:
    """The shape of the draws: the parameters' broadcast shape when `shape` is None, else `shape`
    (which the parameters must broadcast to)."""
    if shape is None:
        return broadcast_shapes(name, *param_shapes)
    shape = canonical_shape(shape, name)
    check_shape(name, shape, *param_shapes)
    return shape


def param_shape(x) -> tuple:
    return tuple(aval_of(x).shape)


def check_safe_to_cast(name: str, dtype, *args) -> None:
    """Each argument converts to `dtype` without losing precision under JAX's promotion (a
    Python scalar always does), as JAX checks before beta, t and chisquare."""
    for arg in args:
        aval = aval_of(arg)
        if aval.dtype == dtype:
            continue
        if dtypes.result_type((aval.dtype, aval.weak_type), (dtype, False))[0] != dtype:
            raise MeshjitTypeError(
                f"In arguments to {name}, cannot safely cast argument of type {aval.dtype} to "
                f"{dtype}"
            )


def varying_axes(*xs) -> frozenset:
    """The manual mesh axes (inside shard_map) any of `xs` varies over."""
    return frozenset().union(*(aval_of(x).vma for x in xs))


def vary(x, axes: frozenset):
    """`x` marked as varying over `axes` too: a loop's initial carry must vary as its body's
    results do, which mix the key's and the parameters' axes (JAX's random_insert_pvary)."""
    missing = axes - aval_of(x).vma
    return pvary(x, tuple(sorted(missing))) if missing else x
