"""Helpers every meshjit.numpy module shares: turning operands into arrays, NumPy's dtype
promotion with JAX's weak types, NumPy broadcasting, and axis and dtype arguments.

Public within the package: the modules import them by name. Two are also meshjit.numpy
functions, `result_type` and `broadcast_shapes`.
"""

from __future__ import annotations

import builtins
import functools
import inspect
import operator
import warnings

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.config import config
from meshjit.compiler.errors import (
    IncompatibleShapesError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
    OperandShapesError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import Literal
from meshjit.compiler.ir.registry import trace_state
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.shapes import broadcast_in_dim_p
from meshjit.compiler.trace.tracing import (
    JAX_ARRAY_WORDS,
    Tracer,
    abstractify,
    current_trace,
    dtype_words,
    jitted_argument_words,
    not_numeric_words,
    require_concrete,
)

aval_of = abstractify  # the aval of an operand: arrays, scalars, tracers

__all__ = [
    "arraylike",
    "as_bool",
    "check_arraylike",
    "placed",
    "sharded_by",
    "aval_of",
    "bool_as_int32",
    "broadcast_all",
    "broadcast_rank_pair",
    "broadcast_ranks",
    "broadcast_shapes",
    "broadcast_to_shape",
    "contains_traced",
    "is_meshjit_array",
    "is_meshjit_value",
    "is_traced",
    "materialize",
    "promote",
    "promote_inexact",
    "result_type",
    "static_axis",
    "sum_dtype",
    "unary_operand",
]


# ---------------------------------------------------------------------------------------------
# Operands: traced, on devices, or Python and NumPy values.


# Arrays of an element type made of several numbers (typed PRNG keys): type -> (the data
# array, with the element's dims last; the number of those dims; rebuild from data like `x`).
_OPAQUE_ARRAYS: dict = {}


def register_opaque_array(cls, data_of, trailing_of, rebuild) -> None:
    """Lets concatenate / stack / where join arrays of `cls` by joining their data."""
    _OPAQUE_ARRAYS[cls] = (data_of, trailing_of, rebuild)


def opaque_trailing(x) -> int:
    """The trailing element dims of an opaque array's data (a typed key's words); else 0."""
    entry = _OPAQUE_ARRAYS.get(type(x))
    return 0 if entry is None else entry[1](x)


def opaque_operands(name: str, *xs):
    """None when no operand is an opaque array; else (the data of each, the number of trailing
    element dims, rebuild): all must then be of one opaque type (JAX's TypeError otherwise)."""
    kinds = {type(x) for x in xs if type(x) in _OPAQUE_ARRAYS}
    if not kinds:
        return None
    mixed = len({str(getattr(x, "dtype", "")) for x in xs}) > 1  # keys of two implementations
    if len(kinds) > 1 or mixed or any(type(x) not in _OPAQUE_ARRAYS for x in xs):
        key = next(x for x in xs if type(x) in _OPAQUE_ARRAYS)
        raise MeshjitValueError(  # (JAX's error and words)
            f"dtype={key.dtype} is not a valid dtype for JAX type promotion. ({name} joins "
            "typed PRNG keys only with keys of one kind; to mix keys with other arrays, do not "
            "mix them: take random.key_data of the keys)"
        )
    data_of, trailing_of, rebuild = _OPAQUE_ARRAYS[kinds.pop()]
    return [data_of(x) for x in xs], trailing_of(xs[0]), lambda data: rebuild(xs[0], data)


def is_traced(x) -> bool:
    return isinstance(x, Tracer)


def is_meshjit_array(x) -> bool:
    """Whether `x` is an array on devices (the runtime's `Array`)."""
    from meshjit.compiler.runtime.array import Array

    return type(x) is Array


def is_meshjit_value(x) -> bool:
    """Whether `x` is traced or on devices, rather than a Python or NumPy value."""
    return isinstance(x, Tracer) or is_meshjit_array(x)


def contains_traced(seq) -> bool:
    return builtins.any(
        isinstance(x, Tracer) or (isinstance(x, (list, tuple)) and contains_traced(x)) for x in seq
    )


def materialize(x):
    """Python and NumPy values become meshjit arrays: a device array, or a traced constant."""
    if isinstance(x, Tracer) or is_meshjit_array(x):
        return x
    aval = aval_of(x)
    dtypes.check_not_token(aval.dtype)
    trace = current_trace()
    trace = None if trace is None else trace.staging()
    if trace is not None:
        if not aval.shape:  # a scalar is inlined as a literal, as JAX's jaxprs show it
            return Tracer(trace, Literal(np.asarray(x, aval.dtype), aval))
        return Tracer(trace, trace.capture_const(np.asarray(x, aval.dtype), aval))
    from meshjit.compiler.runtime.device_put import device_put

    return device_put(x)


def ref_hint(x) -> str:
    """What to do with a mutable array reference given where an array is wanted."""
    if not getattr(type(x), "is_mutable_ref", False):
        return ""
    return (
        f" (a mutable array reference of type {x.ref_aval} is not an array: read its value "
        "with ref[...] (or freeze(ref)))"
    )


def converting_jax_arrays(fn, in_sequences: bool = False):
    """`fn` with its `__jax_array__` operands converted first, as JAX's functions that call
    `ensure_arraylike` before their jit do (`in_sequences`: the elements of its list / tuple
    operands instead, as JAX's stack and concatenate)."""
    convert = _converted_elements if in_sequences else from_jax_array

    @functools.wraps(fn)
    def converting(*args, **kwargs):
        args = [convert(a) for a in args]
        kwargs = {k: convert(v) for k, v in kwargs.items()}
        return fn(*args, **kwargs)

    return converting


def _converted_elements(x):
    if isinstance(x, (list, tuple)) and builtins.any(map(_protocol, x)):
        return type(x)(from_jax_array(e) for e in x)
    return x


def _protocol(x) -> bool:
    return not isinstance(x, Tracer) and getattr(x, "__jax_array__", None) is not None


def from_jax_array(x):
    """An object of the `__jax_array__` protocol as the array it gives; anything else as is."""
    return x.__jax_array__() if _protocol(x) and not is_meshjit_array(x) else x


def refusing_jax_arrays(fn, in_sequences: bool = False):
    """`fn` refusing `__jax_array__` operands with JAX's ValueError, as JAX's functions whose
    jit sees them first (jnp.i0, jnp.partition, jnp.linalg.inv, ...; `in_sequences`: in its
    nested lists too, as jnp.block's and jnp.lexsort's)."""

    @functools.wraps(fn)
    def refusing(*args, **kwargs):
        for a in (*args, *kwargs.values()):
            if _holds_protocol(a, in_sequences):
                raise MeshjitValueError(JAX_ARRAY_WORDS)
        return fn(*args, **kwargs)

    return refusing


def _holds_protocol(x, in_sequences: bool) -> bool:
    if isinstance(x, (list, tuple)):
        return in_sequences and builtins.any(_holds_protocol(e, True) for e in x)
    return _protocol(x) and not is_meshjit_array(x)


def check_arraylike(name: str, *xs, promoted: bool = False) -> None:
    """Lists, tuples, dicts and sets refused with JAX's message (a function of arrays does not
    take containers, as JAX's `check_arraylike`). `promoted`: the arguments' dtypes are read
    next (JAX's promote_args*, outside a jit): a str or bytes passes JAX's check
    (np.isscalar) and its dtype is refused in JAX's words."""
    for i, x in enumerate(xs):
        if isinstance(x, (list, tuple, str, bytes, dict, set, frozenset)):
            words = _string_words(name, x)
            if promoted and isinstance(x, (str, bytes)) and not words:
                raise MeshjitTypeError(dtype_words(x))
            raise MeshjitTypeError(  # a string: the words of JAX's asarray or jit first
                words
                + f"{name} requires ndarray or scalar arguments, got {type(x)} at position {i}."
            )


# The functions JAX gives a string to asarray (its words then), not to a jitted function
_ASARRAY_FIRST = frozenset(
    {"isin", "polymul", "unique", "unique_values", "unique_counts", "unique_inverse", "unique_all"}
)


def _string_words(name: str, x) -> str:
    if isinstance(x, (list, tuple)):  # a string inside: JAX's jit names it first
        return jitted_argument_words(x, depth=4)
    if not isinstance(x, str):
        return ""
    if name in _ASARRAY_FIRST:
        return f"asarray: expected ArrayLike, got {x} of type {type(x)}. "
    return jitted_argument_words(x, depth=4)


def check_coefficients(name: str, *ps) -> None:
    """Polynomial coefficient arrays: a scalar has no length (JAX's TypeError)."""
    if any(np.ndim(p) == 0 for p in ps):
        raise MeshjitTypeError(
            f"{name} takes 1-D coefficient arrays, got a scalar: len() of unsized object"
        )


def arraylike(name: str, *xs) -> list:
    """The operands materialized, lists and tuples refused (JAX's `ensure_arraylike`)."""
    check_arraylike(name, *xs)
    return [materialize(x) for x in xs]


# ---------------------------------------------------------------------------------------------
# Dtype promotion (NumPy's rules with JAX's weak types).


def result_type(*args) -> np.dtype:
    return weak_result_type(*args)[0]


def requested_result_type(*args) -> tuple[np.dtype, bool]:
    """jnp.result_type / jax.dtypes.result_type: `weak_result_type`, warning as JAX does of
    each dtype asked for by name (np.int64, 'float64', np.dtype) that x64 being off truncates."""
    for a in args:
        if isinstance(a, (str, np.dtype)) or (isinstance(a, type) and issubclass(a, np.generic)):
            dtypes.check_user_dtype(a, "dtype")
    return weak_result_type(*args)


def public_result_type(*args) -> np.dtype:
    """JAX's `jnp.result_type`."""
    return requested_result_type(*args)[0]


def weak_result_type(*args) -> tuple[np.dtype, bool]:
    """The promoted dtype of `args` and whether it is weak (Python scalars alone)."""
    if not args:  # JAX's ValueError and words
        raise MeshjitValueError("at least one array or dtype is required")
    return dtypes.result_type(*[_typed(a) for a in args])


def _typed(a):
    if a is int or a is float or a is complex:  # Python's types are weak, as in JAX
        return dtypes.python_scalar_dtype(a(0)), True
    if isinstance(a, (np.dtype, type, str)):
        return dtypes.canonicalize(a), False
    if not hasattr(a, "shape") and isinstance(getattr(a, "dtype", None), np.dtype):
        return dtypes.canonicalize(a.dtype), False  # a scalar type: jnp.float32
    aval = aval_of(a)
    return aval.dtype, aval.weak_type


def _operand_typed(a):
    if isinstance(a, (str, bytes)):
        jitted = jitted_argument_words(a)
        err = MeshjitTypeError(  # JAX's words: its jit's, or its asarray's
            jitted.rstrip() + "\nThis typically means that a jit-wrapped function was called "
            "with a non-array argument, and this argument was not marked as static using the "
            "static_argnums or static_argnames parameters of jax.jit."
            if jitted
            else not_numeric_words(a).strip()
        )
        err.add_note(
            f"meshjit.numpy takes arrays and numbers as operands, got the {type(a).__name__} "
            f"{a!r}; convert it first (e.g. float({a!r})) if it holds a number"
        )
        raise err
    aval = aval_of(a)
    return aval.dtype, aval.weak_type


def operands_result_type(*args) -> tuple[np.dtype, bool]:
    """The promoted dtype of the operands `args` and whether it is weak; a string among them is
    JAX's TypeError (weak_result_type reads it as a dtype's name)."""
    return dtypes.result_type(*[_operand_typed(a) for a in args])


def promote(*args):
    if _same_strong_tracers(args):
        return list(args)
    if len(args) == 1 and _is_weak_bool(args[0]):
        # JAX promotes a single operand by asarray alone: a weak bool (a comparison of weak
        # values) stays weak through invert / abs / floor / real ...; promotion with another
        # operand makes it strong (JAX's lattice has no weak bool)
        return [materialize(args[0])]
    typed = [_operand_typed(a) for a in args]
    return _converted(args, typed, *dtypes.result_type(*typed))


def promote_product(preferred_element_type, *args) -> list:
    """The operands of a jnp product (dot, matmul, tensordot, einsum...) in their common dtype;
    with a preferred_element_type, operands of different dtypes one of which is a float8 (no
    implicit promotion) stay as they are: JAX's products hand them to dot_general unpromoted
    (an e5m2 gradient times e4m3fn weights, or float32 activations times e4m3fn weights,
    accumulated in float32)."""
    if preferred_element_type is not None:
        arrays = [materialize(a) for a in args]
        formats = {aval_of(a).dtype for a in arrays}
        if len(formats) > 1 and any(np.dtype(d).name.startswith("float8") for d in formats):
            return arrays
    return promote(*args)


def _is_weak_bool(x) -> bool:
    aval = getattr(x, "aval", None)
    return aval is not None and aval.weak_type and dtypes.is_bool(aval.dtype)


def _converted(args, typed, dtype, weak) -> list:
    """Each operand as `dtype` with weak type `weak` (traced ones already so kept as they are)."""
    return [
        a
        if t == (dtype, weak) and type(a) is Tracer
        else lax.convert_element_type(a, dtype, weak_type=weak)
        for a, t in zip(args, typed)
    ]


def _same_strong_tracers(args) -> bool:
    """The common case, which needs no promotion: traced operands of one strong dtype."""
    first = args[0]
    if type(first) is not Tracer:
        return False
    aval = first._var.aval
    if aval.weak_type:
        return False
    dtype = aval.dtype
    for a in args[1:]:
        if type(a) is not Tracer:
            return False
        other = a._var.aval
        if other.weak_type or (other.dtype is not dtype and other.dtype != dtype):
            return False
    return True


def promote_inexact(*args):
    """The operands in their promoted dtype made inexact (JAX's promote_args_inexact): an
    integer or boolean result type becomes float32 (float64 from 64-bit integers), and each
    operand converts to it directly, so a Python int does not wrap in the integer type first
    (uint8 / -2 is -1.5)."""
    if _same_strong_tracers(args) and dtypes.is_inexact(args[0]._var.aval.dtype):
        return list(args)
    typed = [_operand_typed(a) for a in args]
    dtype, weak = dtypes.result_type(*typed)
    return _converted(args, typed, dtypes.to_inexact(dtype), weak)


def const_like(x, value):
    """`value` as JAX's lax._const makes it: a weak scalar `x` gets a Python scalar (the result
    stays weak); any other `x` a constant of its dtype (the result is strong)."""
    aval = aval_of(x)
    if aval.weak_type and not aval.ndim:
        return value
    return np.asarray(value, aval.dtype)


def strong(x):
    """`x` with its weak type dropped (what JAX's typed constants do to a result)."""
    aval = aval_of(x)
    return lax.convert_element_type(x, aval.dtype, weak_type=False) if aval.weak_type else x


def unary_operand(x):
    """`x` promoted alone (a Python scalar becomes a weakly typed array) and materialized."""
    (x,) = promote(x)
    return materialize(x)


def as_bool(x):
    """x != 0, as JAX's logical ops take their operands: the zero is weak for a weak scalar
    only (JAX's lax._const), so a weak scalar gives a weak result, a weak array a strong one."""
    aval = aval_of(x)
    if dtypes.is_bool(aval.dtype):
        return x
    weak = aval.weak_type and not aval.shape
    zero = lax.convert_element_type(np.zeros((), aval.dtype), aval.dtype, weak_type=weak)
    return lax.ne(x, zero)


def bool_as_int32(*args):
    """As JAX, integer arithmetic on booleans (floor_divide, remainder, power) runs in int32
    (with x64 too)."""
    if not dtypes.is_bool(aval_of(args[0]).dtype):
        return args
    return [lax.convert_element_type(a, dtypes.int32) for a in args]


def sum_dtype(dtype):
    """The dtype sums and products accumulate in, as in JAX: booleans and signed ints in the
    default int (int32; int64 with x64), unsigned ints in the default uint, floats in their own
    dtype. int2, uint2, int4 and uint4 have none: JAX's error (its promotion asks NumPy's iinfo, which does
    not know them); a dtype= given is used as it is."""
    if dtype in dtypes.NARROW_INTS:
        raise MeshjitValueError(
            "Invalid integer data type 'V'. (JAX 0.10.2 does not promote the "
            f"{dtypes.bit_width(dtype)}-bit integer {dtype} in sums and products: pass dtype=, e.g. dtype='int32')"
        )
    if dtypes.is_bool(dtype) or (dtypes.is_int(dtype) and not dtypes.is_unsigned(dtype)):
        return dtypes.default_int
    if dtypes.is_unsigned(dtype):
        return dtypes.default_uint
    return dtype


# ---------------------------------------------------------------------------------------------
# Broadcasting.


def _broadcast_avals(a: tuple, b: tuple):
    """`_broadcast_two` of two avals' shapes (tuples), remembered: arithmetic on arrays of
    two shapes comes here, and hashing two short tuples costs less than the loop."""
    out = _BROADCASTS.get((a, b), _broadcast_two)  # the function: not known yet
    if out is _broadcast_two:
        if len(_BROADCASTS) > 4096:  # bound it: programs with ever new shapes
            _BROADCASTS.clear()
        out = _BROADCASTS[a, b] = _broadcast_two(a, b)
    return out


_BROADCASTS: dict[tuple, tuple | None] = {}  # (shape, shape) -> _broadcast_two's answer


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


def broadcasts_to(shape, target) -> bool:
    """Whether an array of `shape` broadcasts to exactly `target` (NumPy's rules)."""
    try:
        return broadcast_shapes(shape, target) == tuple(target)
    except ValueError:
        return False


def broadcast_shapes(*shapes, op: str | None = None) -> tuple[int, ...]:
    """The shape `shapes` broadcast to; `op`: the binary operation broadcasting them, which
    the error names as JAX's does (lax's TypeError where the ranks agree; where they differ,
    jnp promotes the ranks first, and its broadcast_shapes' ValueError speaks)."""
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
            shown = [tuple(s) for s in shapes]
            if op is not None and _lax_broadcasts(shapes):
                listed = ", ".join(map(str, shown))
                raise OperandShapesError(
                    f"{op} got incompatible shapes for broadcasting: {listed}."
                )
            raise IncompatibleShapesError(f"Incompatible shapes for broadcasting: shapes={shown}")
        result.append(sizes.pop() if sizes else 1)
    return tuple(result)


def _lax_broadcasts(shapes) -> bool:
    """Whether JAX's binary ops leave these shapes to lax (its error names the op): operands
    of one rank, or one non-scalar rank; otherwise jnp's rank promotion broadcasts them first
    (JAX's "Incompatible shapes for broadcasting: shapes=[...]")."""
    return len({len(s) for s in shapes}) == 1 or len({len(s) for s in shapes if len(s)}) < 2


def broadcast_to_shape(x, shape, aval=None):
    """`x` broadcast NumPy-style to `shape`, a tuple of ints it broadcasts to (callers check)."""
    aval = aval_of(x) if aval is None else aval
    shape = tuple(shape)
    if aval.shape == shape:
        return x
    # Size-1 dimensions expand in place: broadcast_in_dim allows it, so no reshape is needed.
    dims = tuple(range(len(shape) - aval.ndim, len(shape)))
    return broadcast_in_dim_p.bind_internal(
        x, shape=shape, broadcast_dimensions=dims, sharding=None
    )


def broadcast_all(*args, op: str | None = None):
    """`args` broadcast to one shape; `op`: the binary operation the error names."""
    avals = [aval_of(a) for a in args]
    shapes = [v.shape for v in avals]
    first = shapes[0]
    if builtins.all(s == first for s in shapes):
        return list(args)
    ranked = [s for s in shapes if s]
    if ranked and builtins.all(s == ranked[0] for s in ranked):
        shape = ranked[0]  # only scalars to broadcast
    else:
        shape = broadcast_shapes(*shapes, op=op)
    return [a if v.shape == shape else broadcast_to_shape(a, shape, v) for a, v in zip(args, avals)]


def broadcast_ranks(*args, name: str = "broadcasting", op: str | None = None):
    """`broadcast_all` for the binary primitives, which broadcast rank-0 operands and size-1
    dimensions themselves (as JAX's lax does): only operands of a lower, nonzero rank are
    broadcast here, to the result's rank with leading size-1 dimensions (as JAX's)."""
    avals = [aval_of(a) for a in args]
    shape = broadcast_shapes(*[v.shape for v in avals], op=op)
    ndim = len(shape)
    if config.rank_promotion != "allow" and len({v.ndim for v in avals if v.shape}) > 1:
        rank_promotion_check(name, [v.shape for v in avals])
    return [
        a if not v.shape or v.ndim == ndim else _to_rank(a, v, ndim) for a, v in zip(args, avals)
    ]


def _to_rank(x, aval, ndim: int):
    """`x` with leading size-1 dimensions up to rank `ndim` (JAX's broadcast_to_rank): the
    binary primitive broadcasts size-1 dimensions itself."""
    lead = ndim - aval.ndim  # > 0, and the shape is the aval's: none of lax's checks apply
    params = {
        "shape": (1,) * lead + aval.shape,
        "broadcast_dimensions": tuple(range(lead, ndim)),
        "sharding": None,
    }
    trace = trace_state.current  # `bind_internal`, inlined: a call less per op
    if trace is None:
        return broadcast_in_dim_p.bind_internal(x, **params)
    return trace.process(broadcast_in_dim_p, (x,), params, 2)


def broadcast_rank_pair(x1, a1, x2, a2, name: str = "broadcasting"):
    """`broadcast_ranks(x1, x2)` for two traced operands of avals `a1` and `a2`, without its
    lists (arithmetic on arrays of two shapes comes here)."""
    shape = _broadcast_avals(a1.shape, a2.shape)
    if shape is None:
        return None  # the caller's general path raises the error, naming the operation
    if config.rank_promotion != "allow":
        return broadcast_ranks(x1, x2, name=name)  # raises the error, or checks the ranks
    ndim = len(shape)
    if a1.shape and len(a1.shape) != ndim:
        x1 = _to_rank(x1, a1, ndim)
    if a2.shape and len(a2.shape) != ndim:
        x2 = _to_rank(x2, a2, ndim)
    return x1, x2


def rank_promotion_check(name: str, shapes) -> None:
    """jax_numpy_rank_promotion="warn" / "raise": operands of different nonzero ranks."""
    shown = " ".join(map(str, shapes))
    if config.rank_promotion == "warn":
        warnings.warn(
            f"Following NumPy automatic rank promotion for {name} on shapes {shown}. Set the "
            "jax_numpy_rank_promotion config option to 'allow' to disable this warning; for "
            "more information, see https://docs.jax.dev/en/latest/rank_promotion_warning.html.",
            stacklevel=2,
        )
    elif config.rank_promotion == "raise":
        raise MeshjitValueError(
            f"Operands could not be broadcast together for {name} on shapes {shown} and with "
            "the config option jax_numpy_rank_promotion='raise'. For more information, see "
            "https://docs.jax.dev/en/latest/rank_promotion_warning.html."
        )


# ---------------------------------------------------------------------------------------------
# Axes.


def static_axis(axis, ndim, what="axis"):
    """`axis`, any integer (NumPy's too), checked against `ndim` and made nonnegative."""
    require_concrete(axis, "expected a static index or sequence of indices.")
    try:
        index = operator.index(axis)
    except TypeError:  # JAX's (operator.index's) TypeError for a float axis
        raise MeshjitTypeError(
            f"'{type(axis).__name__}' object cannot be interpreted as an integer ({what} {axis!r})"
        ) from None
    return checks.canonical_axis(index, ndim, what)


# ---------------------------------------------------------------------------------------------
# out_sharding= and device= (explicit sharding lives in parallel/, a later family).


def sharded_by(out_sharding, what: str, fun, *args):
    """`fun(*args)`, typed by `out_sharding` when one is given (JAX's out_sharding=)."""
    if out_sharding is None:
        return fun(*args)
    from meshjit.compiler.parallel.explicit import computed_with  # a later family

    return computed_with(out_sharding, what, fun, *args)


def placed(x, device, out_sharding, what: str):
    """A created array put where `device=` / `out_sharding=` say (a device or a sharding)."""
    target = out_sharding if out_sharding is not None else device
    if target is None:
        return x
    from meshjit.compiler.parallel.explicit import place  # a later family

    return place(x, target, what, device)


def refuse_complex(message: str, *xs, error=MeshjitTypeError) -> None:
    """JAX's errors for the functions undefined on complex numbers (orderings, signs, ...)."""
    if builtins.any(dtypes.is_complex(aval_of(x).dtype) for x in xs):
        raise error(message)


def check_out(out, name: str) -> None:
    """NumPy's `out=`: JAX's arrays are immutable, so only None is taken (JAX's error)."""
    if out is not None:
        raise MeshjitNotImplementedError(
            f"The 'out' argument to jnp.{name} is not supported (arrays are immutable)."
        )


@functools.cache
def jitted(
    fn, static_argnames: tuple[str, ...] = (), name: str | None = None, inline: bool = False
):
    """`fn` compiled as one program, as JAX's `@jit` jnp functions are: run op by op, XLA fuses
    and rounds differently (the last bits differ), and inside a jit the jaxpr shows the call,
    named `name` (the function JAX jits: `hypot` for meshjit's `_hypot`), else fn's name;
    `inline` (JAX's `jit(..., inline=True)`: mean, average, ...): one program when called
    eagerly, its equations inlined in a trace."""
    from meshjit.compiler.jit.api import JitFunction  # jit/ sits above numpy/

    name = name or fn.__name__
    program = JitFunction(fn, static_argnames=static_argnames, name=name, inline=inline)
    traced = _traced_positions(fn, static_argnames)
    params = list(inspect.signature(fn).parameters.values())
    takes_any = builtins.any(p.kind is p.VAR_KEYWORD for p in params)
    known = None if takes_any else {p.name for p in params if p.kind is not p.VAR_POSITIONAL}
    var_from = next((i for i, p in enumerate(params) if p.kind is p.VAR_POSITIONAL), None)

    def call(*args, **kwargs):
        if kwargs and known is not None and not kwargs.keys() <= known:  # Python's words:
            unknown = next(k for k in kwargs if k not in known)  # the first one given
            raise TypeError(f"{fn.__name__}() got an unexpected keyword argument '{unknown}'")
        operands = [args[i] for i in traced if i < len(args)]
        operands += args[var_from:] if var_from is not None else ()  # atleast_1d(*arys)
        if any(isinstance(a, (list, tuple)) for a in operands):
            # JAX's functions check their arguments inside the jit (ensure_arraylike): a list
            # is refused in its words, not traced as a pytree of scalars
            check_arraylike(_ARRAYLIKE_NAMES.get(name, name.lstrip("_")), *operands)
        return program(*args, **kwargs)

    return call


# The function whose argument check refuses a list first in JAX, where it is not the jitted one.
_ARRAYLIKE_NAMES = {
    "matrix_power": "jnp.linalg.matrix_power",
    "norm": "jnp.linalg.norm",
    "celu": "maximum",
    "relu": "maximum",
    "relu6": "maximum",
    "selu": "elu",
    "logmeanexp": "logsumexp",
    "vecmat": "matvec",
    "around": "round",
    "softplus": "logaddexp",
    "cholesky": "jnp.linalg.cholesky",
    "eigh": "jnp.linalg.eigh",
    "eigvalsh": "jnp.linalg.eigvalsh",
    "qr": "jnp.linalg.qr",
    "iscomplex": "imag",
    "isreal": "imag",
    "fmax": "greater",
    "fmin": "less",
}


@functools.lru_cache(maxsize=None)
def _traced_positions(fn, static_argnames: tuple[str, ...]) -> tuple[int, ...]:
    """The positions of fn's positional parameters that are not static."""
    params = inspect.signature(fn).parameters.values()
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return tuple(i for i, p in enumerate(positional) if p.name not in static_argnames)


def jitted_as_jax(*static_argnames: str, inline: bool = False):
    """Decorator: the function called runs as `jitted` (one program, named as itself), as JAX's
    `@jit(static_argnames=...)` function of the same name."""

    def wrap(fn):
        @functools.wraps(fn)
        def call(*args, **kwargs):
            return jitted(fn, static_argnames, fn.__name__, inline)(*args, **kwargs)

        return call

    return wrap
