"""Making meshjit.numpy's ufuncs: `define_unary`, `define_binary`, `define_binary_with_bool`.

A ufunc promotes its operands (NumPy's rules with JAX's weak types), broadcasts them and calls its
lax op. Every operator on a traced array comes through here, so the common cases (two traced
arrays of one strong dtype, or one with a Python scalar that takes its dtype) skip that work and
bind the primitive directly.
"""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.config import config
from meshjit.compiler.errors import KeyArrayAsArrayError, MeshjitOverflowError, MeshjitTypeError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import trace_state
from meshjit.compiler.lax.ad_util import float0
from meshjit.compiler.numpy.util import (
    aval_of,
    broadcast_rank_pair,
    broadcast_ranks,
    materialize,
    promote,
    promote_inexact,
    ref_hint,
)
from meshjit.compiler.trace.array_methods import CONCRETE_ARRAY_TYPES
from meshjit.compiler.trace.tracing import Tracer, jitted_argument_words, python_scalar_literal
from meshjit.compiler.traceback_util import filter_exception, own_boundary

__all__ = ["define_binary", "define_binary_with_bool", "define_unary"]


def _simple_binary_operands(x1, x2, inexact: bool):
    """The operands `promote` + `broadcast_ranks` would give in the two common cases, or None.

    The cases: two traced arrays of one strong dtype (broadcast as `broadcast_ranks` does), and
    a traced array with a Python scalar that takes its dtype (the scalar becomes a rank-0
    literal, which the primitive broadcasts). Every arithmetic operator on a tracer comes here,
    so this skips the general path's work.
    """
    is_t1, is_t2 = type(x1) is Tracer, type(x2) is Tracer
    if not (is_t1 or is_t2):  # eager: concrete arrays as tracers (and not under any trace)
        if trace_state.current is not None:
            return None
        is_t1, is_t2 = type(x1) in CONCRETE_ARRAY_TYPES, type(x2) in CONCRETE_ARRAY_TYPES
    if is_t1 and is_t2:
        a1, a2 = _aval(x1), _aval(x2)
        if a1.weak_type or a2.weak_type or a1.dtype != a2.dtype:
            return None
        if inexact and not dtypes.is_float(a1.dtype):
            return None
        if a1.shape == a2.shape:
            return x1, x2
        if config.rank_promotion != "allow":
            return None  # the general path checks the ranks, naming the operation
        return broadcast_rank_pair(x1, a1, x2, a2)
    tracer, scalar = (x1, x2) if is_t1 else (x2, x1) if is_t2 else (None, None)
    if tracer is None or (type(scalar) is not float and type(scalar) is not int):
        return None
    aval = _aval(tracer)
    dtype = aval.dtype
    if aval.weak_type or (inexact and not dtypes.is_float(dtype)):
        return None
    try:
        if not _adopts(dtype, scalar):  # ints: also checks the int32 range
            return None
        try:
            if type(tracer) is Tracer:  # a rank-0 literal: the primitive broadcasts it
                operand = np.asarray(scalar, dtype)
            else:  # eagerly JAX casts on the device: no NumPy overflow warning
                with np.errstate(over="ignore"):
                    operand = np.asarray(scalar, dtype)
        except OverflowError:  # a Python int (a weak int32) beyond a narrow dtype wraps, as JAX
            python_scalar_literal(scalar)  # beyond int32 it raises
            operand = lax.convert_element_type(scalar, dtype)  # int8: 200 is -56
    except MeshjitOverflowError as e:
        raise _argument_overflow(e, {"x": x1, "y": x2}) from None
    return (tracer, operand) if is_t1 else (operand, tracer)


def _aval(x):
    """A tracer's type, or a concrete array's."""
    return x._var.aval if type(x) is Tracer else x.aval


_FLOAT_ADOPTS: dict = {}  # dtype -> whether a Python float takes it (weak-type promotion)


def _adopts(dtype, scalar) -> bool:
    """Whether the Python scalar takes `dtype` when promoted with an array of it."""
    if type(scalar) is float:  # the answer depends on the dtype only: remembered
        adopts = _FLOAT_ADOPTS.get(dtype)
        if adopts is None:
            promoted = dtypes.result_type((dtype, False), (dtypes.float32, True))
            adopts = _FLOAT_ADOPTS[dtype] = promoted == (dtype, False)
        return adopts
    scalar_aval = aval_of(scalar)  # ints: also checks the int32 range
    return dtypes.result_type((dtype, False), (scalar_aval.dtype, True)) == (dtype, False)


# lax's names of the binary operations whose NumPy names differ (for messages).
_NUMPY_NAMES = {
    "sub": "subtract",
    "mul": "multiply",
    "div": "divide",
    "max": "maximum",
    "min": "minimum",
    "atan2": "arctan2",
    "eq": "equal",
    "ne": "not_equal",
    "lt": "less",
    "le": "less_equal",
    "gt": "greater",
    "ge": "greater_equal",
    "pow": "power",
    "rem": "remainder",
}


def _numpy_name(lax_fn) -> str:
    return _NUMPY_NAMES.get(lax_fn.__name__, lax_fn.__name__)


def _checked_name(lax_fn) -> str:
    """The name JAX's check of a jnp function's operands shows: the public function calling
    `_promoted` (jnp.acos's, jnp.arccos's: each checks its own), else `lax_fn`'s NumPy name."""
    import sys

    from meshjit.compiler.trace.tracing import public_numpy_name

    frame = sys._getframe(2)  # the ufunc's own function, or `_elementwise` under it
    for _ in range(2):
        name = public_numpy_name(frame)
        if name is not None:
            return name
        frame = frame.f_back
    return _numpy_name(lax_fn)


def _promoted(lax_fn, args, inexact=False):
    for i, a in enumerate(args):
        if getattr(a, "dtype", None) == float0:  # JAX's check_no_float0s
            raise MeshjitTypeError(
                f"Called {_numpy_name(lax_fn)} with a float0 array. float0s do not support any "
                "operations by design because they are not compatible with non-trivial vector "
                "spaces. No implicit dtype conversion is done. You can use "
                "np.zeros_like(arr, dtype=np.float) to cast a float0 array to a regular zeros "
                "array. \nIf you didn't expect to get a float0 you might have accidentally "
                "taken a gradient with respect to an integer argument."
            )
        if (
            a is None
            or isinstance(a, (list, tuple))
            or getattr(a, "is_sparse_array", False)
            or getattr(type(a), "is_mutable_ref", False)
        ):
            # JAX's check_arraylike (JAX's jit's words first for a string in a list)
            raise MeshjitTypeError(
                jitted_argument_words(a)
                + f"{_checked_name(lax_fn)} requires ndarray or scalar arguments, got {type(a)} "
                f"at position {i}.{ref_hint(a)}"
            )
    try:
        return promote_inexact(*args) if inexact else promote(*args)
    except MeshjitOverflowError as e:
        raise _argument_overflow(e, dict(zip(("x", "y"), args))) from None
    except KeyArrayAsArrayError as e:  # JAX's words: the op refuses the key dtype
        from meshjit.compiler.random.keys import operand_dtype_name  # random imports numpy

        names = [operand_dtype_name(a) for a in args]
        if len(set(names)) > 1:  # JAX's words for a key and another dtype
            shown = ", ".join(names)
            raise KeyArrayAsArrayError(
                f"{_numpy_name(lax_fn)} does not accept dtypes {shown}. {e.bare_message}", e.keys
            ) from None
        i = next((i for i, a in enumerate(args) if a is e.keys), 0)
        raise KeyArrayAsArrayError(
            f"{lax_fn.__name__} does not accept dtype {e.keys.dtype} at position {i}: "
            f"{e.bare_message}",
            e.keys,
        ) from None


def _elementwise(lax_fn, *args, inexact=False):
    args = _promoted(lax_fn, args, inexact)
    return lax_fn(*broadcast_ranks(*args, name=_numpy_name(lax_fn), op=lax_fn.__name__))


def _argument_overflow(e, arguments: dict) -> Exception:
    """JAX's error for a Python int too large for its dtype given to a jitted ufunc (its
    arguments are parsed as a jitted computation's)."""
    name, value = next(
        ((n, v) for n, v in arguments.items() if type(v) is int and str(v) in str(e)),
        (None, None),
    )
    if name is None:
        return e
    return MeshjitOverflowError(
        "An overflow was encountered while parsing an argument to a jitted computation, whose "
        f"argument path is {name}. Got <class 'int'> with value {value} ({e.bare_message})"
    )


def define_binary(lax_fn, inexact=False, operands=("x1", "x2")):
    # Operands of one dtype (as `_simple_binary_operands` gives) need none of lax's operand
    # checks: they bind the primitive directly. `operands`: JAX's names of the two
    # (positional-only) parameters, which Python's error for them given by name shows.
    prim = lax_fn.primitive

    def fn(x1, x2, /):
        try:
            simple = _simple_binary_operands(x1, x2, inexact)
            if simple is not None:
                trace = trace_state.current  # `bind_internal`, inlined: a call less per op
                if trace is not None:
                    return trace.process(prim, simple, {}, 2)
                return prim.bind_internal(*simple)
            return _elementwise(lax_fn, x1, x2, inexact=inexact)
        except Exception as e:
            filter_exception(e)
            raise

    if operands != ("x1", "x2"):  # positional-only: only the error shows the names
        fn.__code__ = fn.__code__.replace(co_varnames=(*operands, *fn.__code__.co_varnames[2:]))
    return own_boundary(fn)


def define_unary(lax_fn, inexact=False):
    # A traced operand the promotion below would leave as it is goes straight to the primitive
    # (when lax_fn is one): one frame less per op to call, and to walk for the user's line.
    prim = getattr(lax_fn, "primitive", None)
    direct = lax_fn if prim is None else prim.bind_internal

    def fn(x, /):
        try:
            if type(x) is Tracer and (not inexact or x._var.aval.dtype in dtypes.FLOATS):
                trace = trace_state.current
                if prim is not None and trace is not None:  # `bind_internal`, inlined
                    return trace.process(prim, (x,), {}, 2)
                return direct(x)
            if (  # eager, on a concrete array: as a tracer (promotion would leave it so)
                type(x) in CONCRETE_ARRAY_TYPES
                and trace_state.current is None
                and (not inexact or x.aval.dtype in dtypes.FLOATS)
            ):
                return direct(x)
            (x,) = _promoted(lax_fn, (x,), inexact)
            return lax_fn(materialize(x))
        except Exception as e:
            filter_exception(e)
            raise

    return own_boundary(fn)


def define_binary_with_bool(lax_fn, bool_fn):
    """As NumPy: on booleans `add` is logical or and `multiply` logical and."""

    prim, bool_prim = lax_fn.primitive, bool_fn.primitive

    def fn(x1, x2, /):
        try:
            simple = _simple_binary_operands(x1, x2, False)
            if simple is not None:  # of the dtype of the tracer of x1, x2 (a scalar takes it)
                array = x2 if type(x1) is float or type(x1) is int else x1
                boolean = _aval(array).dtype.kind == "b"
                p = bool_prim if boolean else prim
                trace = trace_state.current  # `bind_internal`, inlined
                if trace is not None:
                    return trace.process(p, simple, {}, 2)
                return p.bind_internal(*simple)
            simple = broadcast_ranks(
                *_promoted(lax_fn, (x1, x2)), name=_numpy_name(lax_fn), op=lax_fn.__name__
            )
            op = bool_fn if dtypes.is_bool(aval_of(simple[0]).dtype) else lax_fn
            return op(*simple)
        except Exception as e:
            filter_exception(e)
            raise

    return own_boundary(fn)
