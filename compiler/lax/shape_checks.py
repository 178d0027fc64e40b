"""Validation helpers shared by the abstract evaluation rules: they raise meshjit errors."""

from __future__ import annotations

import operator
from typing import Sequence

from meshjit.compiler.errors import (
    ConcretizationError,
    MeshjitIndexError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray


def canonical_axis(axis: int, ndim: int, what: str = "axis") -> int:
    if not isinstance(axis, (int,)) or isinstance(axis, bool):
        raise MeshjitTypeError(f"{what} must be an int, got {axis!r}")
    if not -ndim <= axis < ndim:
        raise MeshjitIndexError(  # a ValueError and an IndexError, as NumPy's AxisError
            f"{what} {axis} is out of bounds for array of dimension {ndim} (it is out of range "
            f"for an array of rank {ndim})"
        )
    return axis % ndim


def canonical_axes(axes, ndim: int, what: str = "axis") -> tuple[int, ...]:
    if axes is None:
        return tuple(range(ndim))
    if isinstance(axes, int):
        axes = (axes,)
    out = tuple(canonical_axis(a, ndim, what) for a in axes)
    if len(set(out)) != len(out):
        raise MeshjitValueError(  # NumPy's and JAX's words
            f"duplicate value in '{what}': {tuple(axes)} (a repeated {what})"
        )
    return out


def same_shapes(name: str, avals: Sequence[ShapedArray]) -> None:
    shapes = {a.shape for a in avals}
    if len(shapes) > 1:
        got = ", ".join(a.str_short() for a in avals)
        raise MeshjitTypeError(f"{name} requires operands of the same shape, got {got}")


def broadcast_binary(name: str, x: ShapedArray, y: ShapedArray) -> tuple[int, ...]:
    """The result shape of an elementwise binary primitive, broadcasting as JAX's lax does: a
    rank-0 operand, or operands of one rank whose differing dimensions are 1 on one side."""
    if not y.shape:
        return x.shape
    if not x.shape:
        return y.shape
    if len(x.shape) == len(y.shape):
        out = []
        for a, b in zip(x.shape, y.shape):
            if a != b and a != 1 and b != 1:
                break
            out.append(b if a == 1 else a)
        else:
            return tuple(out)
    raise MeshjitTypeError(
        f"{name} requires operands of the same shape (or of one rank with size-1 dimensions, or "
        f"a rank-0 operand), got {x.str_short()}, {y.str_short()}"
    )


def same_dtypes(name: str, avals: Sequence[ShapedArray]) -> None:
    if len({a.dtype for a in avals}) > 1:
        got = ", ".join(a.str_short() for a in avals)
        raise MeshjitTypeError(
            f"lax.{name} requires arguments to have the same dtypes, got {', '.join(str(a.dtype) for a in avals)}: {name} requires operands of the same dtype, got {got}"
        )


def dtype_in(name: str, aval: ShapedArray, kinds: str) -> None:
    """kinds: a string of 'f' (float), 'c' (complex), 'i' (signed/unsigned int), 's' (signed
    int), 'b' (bool)."""
    ok = (
        ("f" in kinds and dtypes.is_float(aval.dtype))
        or ("c" in kinds and dtypes.is_complex(aval.dtype))
        or ("i" in kinds and dtypes.is_int(aval.dtype))
        or ("s" in kinds and dtypes.is_int(aval.dtype) and not dtypes.is_unsigned(aval.dtype))
        or ("b" in kinds and dtypes.is_bool(aval.dtype))
    )
    if not ok:
        wanted = {
            "f": "floating",
            "c": "complexfloating",
            "i": "integer",
            "s": "signedinteger",
            "b": "bool",
        }
        names = ", ".join(wanted[k] for k in kinds)
        name = _JAX_NAMES.get(name, name)
        raise MeshjitTypeError(
            f"{name} does not accept dtype {aval.dtype}. Accepted dtypes are subtypes of "
            f"{names} (got {aval.str_short()})."
        )


_JAX_NAMES = {"round_away_from_zero": "round"}  # meshjit's primitives JAX calls otherwise


def nonnegative_shape(name: str, shape) -> tuple[int, ...]:
    shape = concrete_shape(name, shape)
    if any(d < 0 for d in shape):
        raise MeshjitTypeError(
            f"{name} shape must have every element be nonnegative, got {shape} (a negative "
            "dimension)"
        )
    return shape


def concrete_shape(name: str, shape) -> tuple[int, ...]:
    """`shape` as a tuple of Python ints (JAX's TypeError for a traced or non-integer size)."""
    try:
        shape = tuple(operator.index(d) for d in shape)
    except ConcretizationError:
        raise ConcretizationError(
            f"Shapes must be 1D sequences of concrete values of integer type, got {shape}. "
            f"{name}: a shape is static; if it comes from an argument of a jitted function, "
            "mark that argument static (static_argnums)"
        ) from None
    except TypeError:
        raise MeshjitTypeError(
            f"Shapes must be 1D sequences of concrete values of integer type, got {shape!r} "
            f"({name})"
        ) from None
    return shape
