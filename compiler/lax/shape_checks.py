"""Validation helpers shared by the abstract evaluation rules: they raise meshjit errors."""

from __future__ import annotations

import operator
from typing import Sequence

import numpy as np

from meshjit.compiler.errors import (
    AxisOutOfBoundsError,
    MeshjitIndexError,
    MeshjitNameError,
    MeshjitTypeError,
    MeshjitValueError,
    NotConcreteError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.shape_poly import DimExpr
from meshjit.compiler.trace.tracing import Tracer, origin_message


def canonical_axis(axis: int, ndim: int, what: str = "axis", jax_words: str = "") -> int:
    """`axis` in [0, ndim). `jax_words`: what JAX's IndexError says first where Python's or
    NumPy's indexing refuses the axis (e.g. "tuple index out of range")."""
    if isinstance(axis, str):  # JAX takes a string for a named (vmap / shard_map) axis
        raise MeshjitNameError(
            f"unbound axis name: {axis} ({what} {axis!r} is not a positional axis, and no "
            "enclosing vmap or shard_map binds that name)"
        )
    if isinstance(axis, np.integer):  # NumPy's integers too (batching rules shift axes so)
        axis = int(axis)
    if isinstance(axis, np.ndarray) or hasattr(axis, "aval") or hasattr(axis, "_var"):
        first = "only" if isinstance(axis, np.ndarray) else "Only"  # NumPy's / JAX's words
        raise MeshjitTypeError(
            f"{first} integer scalar arrays can be converted to a scalar index. ({what} must be "
            f"an int, got an array of shape {np.shape(axis)})"
        )
    if not isinstance(axis, (int,)) or isinstance(axis, bool):
        raise MeshjitTypeError(  # Python's words, as operator.index's in JAX
            f"'{type(axis).__name__}' object cannot be interpreted as an integer ({what} must "
            f"be an int, got {axis!r})"
        )
    if not -ndim <= axis < ndim:
        if jax_words:  # JAX indexes a shape or a list with the axis: its IndexError's words
            err = MeshjitIndexError(jax_words)
            err.add_note(f"{what} {axis} is out of bounds for array of dimension {ndim}")
            raise err
        # JAX's canonicalize_axis's ValueError and words: a function's axis ("sort axis") is
        # named in a note.
        words = "axis" if what.endswith(" axis") else what
        err = AxisOutOfBoundsError(f"{words} {axis} is out of bounds for array of dimension {ndim}")
        if words != what:
            err.add_note(f"({what} {axis})")
        raise err
    return axis % ndim


def canonical_axes(axes, ndim: int, what: str = "axis") -> tuple[int, ...]:
    if axes is None:
        return tuple(range(ndim))
    if isinstance(axes, int):
        axes = (axes,)
    elif not isinstance(axes, (tuple, list)):
        from meshjit.compiler.trace.tracing import require_concrete  # tracing imports lax

        require_concrete(axes, "The axis argument must be known statically.")
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
    else:  # JAX's words (a set of the ranks)
        ranks = {len(x.shape), len(y.shape)}
        raise MeshjitTypeError(
            f"{name}: arrays must have the same number of dimensions, got {ranks}"
        )
    err = MeshjitTypeError(  # JAX's words
        f"{name} got incompatible shapes for broadcasting: {x.shape}, {y.shape}."
    )
    err.add_note(
        f"{name} takes operands of one shape, of one rank with size-1 dimensions, or a rank-0 "
        "operand"
    )
    raise err


def same_dtypes(name: str, avals: Sequence[ShapedArray]) -> None:
    """JAX's check and words: lax ops take operands of one dtype (jnp's functions promote)."""
    if len({a.dtype for a in avals}) > 1:
        name = _JAX_NAMES.get(name, name)
        got = ", ".join(str(a.dtype) for a in avals)
        tip = _JNP_EQUIVALENTS.get(name)
        tip = (
            f" (Tip: jnp.{tip} is a similar function that does automatic type promotion on inputs)."
            if tip
            else ""
        )
        raise MeshjitTypeError(
            f"lax.{name} requires arguments to have the same dtypes, got {got}.{tip}"
        )


# jnp's promoting counterparts of lax's ops, as JAX's errors name them
_JNP_EQUIVALENTS = {
    "add": "add",
    "sub": "subtract",
    "mul": "multiply",
    "div": "divide",
    "max": "maximum",
    "min": "minimum",
    "atan2": "arctan2",
    "nextafter": "nextafter",
    "eq": "equal",
    "ne": "not_equal",
    "select": "where",
    "shift_left": "left_shift",
    "shift_right_logical": "right_shift",
    "shift_right_arithmetic": "right_shift",
    "concatenate": "concatenate",
}


def dtype_at(name: str, position: int, dtype, kinds: str) -> None:
    """JAX's positional dtype check. kinds, in the order JAX's message names them: 'i'
    (integer), 'f' (floating), 'c' (complexfloating), 'b' (bool), 'r' (float32 or float64)."""
    if any(_KIND_TESTS[k](dtype) for k in kinds):
        return
    accepted = ", ".join(_KIND_NAMES[k] for k in kinds)
    raise MeshjitTypeError(
        f"{name} does not accept dtype {dtype} at position {position}. Accepted dtypes at "
        f"position {position} are subtypes of {accepted}."
    )


_KIND_TESTS = {
    "i": dtypes.is_int,
    "f": dtypes.is_float,
    "c": dtypes.is_complex,
    "b": dtypes.is_bool,
    "r": lambda d: d in (dtypes.float32, dtypes.float64),
}
_KIND_NAMES = {
    "i": "integer",
    "f": "floating",
    "c": "complexfloating",
    "b": "bool",
    "r": "float32, float64",
}


def dtype_in(name: str, aval: ShapedArray, kinds: str, position: int | None = None) -> None:
    """kinds: a string of 'f' (float), 'c' (complex), 'i' (signed/unsigned int), 's' (signed
    int), 'b' (bool). `position`: the operand's, which JAX names for a binary op's."""
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
        at = "" if position is None else f" at position {position}"
        raise MeshjitTypeError(
            f"{name} does not accept dtype {aval.dtype}{at}. Accepted dtypes{at} are subtypes "
            f"of {names} (got {aval.str_short()})."
        )


def no_narrow_ints(name: str, aval: ShapedArray) -> None:
    """JAX's refusal of int4 and uint4 in the ops it does not support them in (abs)."""
    if aval.dtype in dtypes.NARROW_INTS:
        raise MeshjitTypeError(
            f"{name} does not accept dtype {aval.dtype}. Support for narrow-width integers is "
            "platform-dependent and limited to a few specific operations, e.g. basic "
            "arithmetic and type casting."
        )


# meshjit's primitives JAX calls otherwise
_JAX_NAMES = {"round_away_from_zero": "round", "select_n cases": "select"}


def _family(dtype) -> str | None:
    for name, test in (
        ("int", dtypes.is_int),
        ("float", dtypes.is_float),
        ("complex", dtypes.is_complex),
    ):
        if test(dtype):
            return name
    return None


def _signed(dtype) -> bool:
    return dtypes.is_int(dtype) and not dtypes.is_unsigned(dtype)


def preferred_element_type(input_dtype, preferred) -> None:
    """JAX's _validate_preferred_element_type (conv_general_dilated's): the preferred type of
    the input's kind (an integer's may be a float) and signedness, and not narrower (float64
    operands with float32 preferred, x64 on: fuzz vocabulary, round 19)."""
    if preferred is None:
        return
    family, wanted = _family(input_dtype), _family(preferred)
    if not (family == "int" and wanted == "float"):
        if family is not None and family != wanted:
            raise MeshjitTypeError(
                "Input type is incompatible with `preferred_element_type`. The compatible "
                "combinations of (input_type, preferred_element_type) are (integral, integral), "
                "(integral, floating), (floating, floating), (complex, complex."
            )
        if _signed(input_dtype) and not _signed(preferred):
            raise MeshjitTypeError(
                "`preferred_element_type` must have the same signedness as the original type."
            )
    if dtypes.bit_width(preferred) < dtypes.bit_width(input_dtype):
        raise MeshjitTypeError(
            "`preferred_element_type` must not be narrower than the original type."
        )


def integer_elements(name: str, shape) -> None:
    """JAX's lax `_check_shapelike`: a shape of a lax primitive with a number that is not an
    integer (a float) is its TypeError, naming the elements' types (a traced size is left to
    concrete_shape's words)."""
    try:
        elements = tuple(shape)
    except TypeError:
        return
    if any(isinstance(d, (float, complex, np.floating, np.complexfloating)) for d in elements):
        raise MeshjitTypeError(
            f"{name} shape must have every element be an integer type, got "
            f"{tuple(map(type, elements))}."
        )


def nonnegative_shape(name: str, shape) -> tuple[int, ...]:
    shape = concrete_shape(name, shape)
    if any(d < 0 for d in shape):
        err = MeshjitTypeError(  # JAX's words
            f"{name} shape must have every element be nonnegative, got {shape}."
        )
        err.add_note("a negative dimension")
        raise err
    return shape


def concrete_shape(name: str, shape, context: str = "") -> tuple[int, ...]:
    """`shape` as a tuple of Python ints (JAX's TypeError for a traced or non-integer size);
    `context`: the words JAX's canonicalize_shape adds for some callers ("argument of 'N'
    jnp.eye()"), else `name` is a note."""
    try:
        return tuple(d if isinstance(d, DimExpr) else operator.index(d) for d in shape)
    except NotConcreteError:  # JAX's plain TypeError (not a ConcretizationTypeError)
        raise traced_shape_error(shape, context) from None
    except TypeError:
        err = MeshjitTypeError(_invalid_shape_words(shape, context))
        if not context:
            err.add_note(f"the shape of {name}")
        raise err from None


def _invalid_shape_words(shape, context: str) -> str:
    text = f"Shapes must be 1D sequences of concrete values of integer type, got {shape}."
    return f"{text} {context}." if context else text


def traced_shape_error(shape, context: str = "") -> MeshjitTypeError:
    """JAX's TypeError for a shape with traced sizes, with where each came from."""
    origins = "".join(origin_message(d._trace, d._var) for d in shape if type(d) is Tracer)
    return MeshjitTypeError(
        f"{_invalid_shape_words(shape, context)}\n"
        f"If using `jit`, try using `static_argnums` or applying `jit` to smaller "
        f"subfunctions.{origins}"
    )


NOT_VALUES = (list, tuple, dict)  # (a string has JAX's words of abstractify)


def not_a_value(name: str, position: int, x, n_operands: int = 1) -> MeshjitTypeError:
    """JAX's words for a primitive's operand that is no array (a list given to lax.exp). In a
    shard_map body JAX's binary ops first read each operand's type (to insert pvary): its
    typeof's words."""
    from meshjit.compiler.ir.registry import trace_state

    if n_operands > 1 and getattr(trace_state.current, "axis_env", None) is not None:
        return MeshjitTypeError(
            f"Argument '{x}' of type '{type(x)}' is not a valid JAX type. (The operand "
            f"{position} of {name}: convert a Python list or tuple with jnp.asarray first.)"
        )
    return MeshjitTypeError(
        f"Error interpreting argument to {name} as a JAX value. The problematic value is of "
        f"type {type(x)} and was passed to {name} at position {position}.\n"
        "(Convert a Python list or tuple with jnp.asarray first.)"
    )
