"""meshjit.lax: JAX's lax names."""

import builtins as _builtins
import functools as _functools
from importlib import import_module as _import_module

import numpy as _np

from meshjit.compiler.ad.checkpoint import optimization_barrier  # noqa: F401
from meshjit.compiler.ad.custom_solvers import custom_linear_solve, custom_root  # noqa: F401
from meshjit.compiler.api_util import removed_names as _removed_names
from meshjit.compiler.api_util import show_as_jitted as _show_as_jitted
from meshjit.compiler.errors import MeshjitTypeError as _MeshjitTypeError
from meshjit.compiler.errors import MeshjitValueError as _MeshjitValueError
from meshjit.compiler.ir import dtypes as _dtypes
from meshjit.compiler.lax import *  # noqa: F401,F403
from meshjit.compiler.lax import __all__ as _lax_names
from meshjit.compiler.lax import shape_checks as _checks
from meshjit.compiler.lax.ad_util import aval_of as _aval_of
from meshjit.compiler.lax.elementwise import clamp as _clamp
from meshjit.compiler.lax.elementwise import convert_element_type as _convert_element_type
from meshjit.compiler.lax.elementwise import pow as _pow
from meshjit.compiler.lax.elementwise import select_n as _select_n
from meshjit.compiler.lax.igamma import igamma as _igamma
from meshjit.compiler.lax.igamma import igammac as _igammac
from meshjit.compiler.lax.shapes import pad as _pad
from meshjit.compiler.numpy.util import broadcast_shapes as _broadcast_shapes
from meshjit.compiler.numpy.util import converting_jax_arrays as _converting_jax_arrays
from meshjit.compiler.numpy.util import materialize as _materialize
from meshjit.compiler.parallel.collectives import *  # noqa: F401,F403
from meshjit.compiler.parallel.collectives import __all__ as _collective_names
from meshjit.compiler.parallel.ragged_collectives import ragged_all_to_all  # noqa: F401
from meshjit.compiler.parallel.send_recv import precv, psend  # noqa: F401
from meshjit.compiler.parallel.sharding_ops import with_sharding_constraint  # noqa: F401
from meshjit.compiler.scipy.incomplete import betainc as _betainc
from meshjit.compiler.trace.tracing import current_trace as _current_trace

__all__ = [
    *_lax_names,
    *_collective_names,
    "betainc",
    "custom_linear_solve",
    "custom_root",
    "dtype",
    "optimization_barrier",
    "precv",
    "psend",
    "ragged_all_to_all",
    "with_sharding_constraint",
]


_PYTHON_SCALARS = (
    _builtins.bool,
    _builtins.int,
    _builtins.float,
    _builtins.complex,
)  # (lax.complex)


def dtype(x):
    """lax.dtype: the dtype of a value or type; Python and NumPy scalars, types, dtypes and
    NumPy arrays canonicalized (float64 -> float32 without x64), meshjit arrays' as they are."""
    if x is None:
        raise _MeshjitValueError(f"Invalid argument to dtype: {x}.")
    if isinstance(x, (type, str, _np.dtype)):
        return _dtypes.canonicalize(_np.dtype(x))
    if isinstance(x, (*_PYTHON_SCALARS, _np.generic, _np.ndarray)):
        return _dtypes.canonicalize(_np.asarray(x).dtype)
    return _np.dtype(_aval_of(x).dtype)


def convert_element_type(operand, new_dtype):
    """lax.convert_element_type; a Python or NumPy operand gives an array, as JAX's (meshjit's
    internal one folds host values into host constants); a 64-bit dtype without x64 warns
    as JAX's does. JAX's signature: no keywords (meshjit's internal one takes weak_type=)."""
    _dtypes.check_user_dtype(new_dtype, "convert_element_type")
    return _materialize(_convert_element_type(operand, new_dtype))


# JAX's lax takes operands of one dtype: a Python scalar is an int32 / float32 / complex64 value
# (64-bit under x64) like any other, never converted to its partner's dtype. meshjit's internal
# lax functions convert weak scalars within their kind; jnp's functions promote.
_STRICT = {  # public name: (JAX's primitive name, accepted kinds as in checks.dtype_at)
    "add": ("add", "ifc"),
    "sub": ("sub", "ifc"),
    "mul": ("mul", "ifc"),
    "div": ("div", "ifc"),
    "rem": ("rem", "if"),
    "max": ("max", ""),
    "min": ("min", ""),
    "atan2": ("atan2", "fc"),
    "nextafter": ("nextafter", "f"),
    "bitwise_and": ("and", "ib"),
    "bitwise_or": ("or", "ib"),
    "bitwise_xor": ("xor", "ib"),
    "shift_left": ("shift_left", "i"),
    "shift_right_logical": ("shift_right_logical", "i"),
    "shift_right_arithmetic": ("shift_right_arithmetic", "i"),
    "eq": ("eq", ""),
    "ne": ("ne", ""),
    "lt": ("lt", ""),
    "le": ("le", ""),
    "gt": ("gt", ""),
    "ge": ("ge", ""),
    "complex": ("complex", "r"),
    "zeta": ("zeta", "f"),
    "polygamma": ("polygamma", "f"),
    "igamma": ("igamma", "f"),
    "igammac": ("igammac", "f"),
    "igamma_grad_a": ("igamma_grad_a", "f"),
    "betainc": ("regularized_incomplete_beta", "f"),
}


def _operands(name: str, kinds: str, xs) -> None:
    """JAX's checks of a lax op's operands: each of an accepted kind, then one dtype."""
    for i, x in enumerate(xs):
        if isinstance(x, _checks.NOT_VALUES):
            raise _checks.not_a_value(name, i, x, len(xs))
    avals = [_aval_of(x) for x in xs]
    if kinds:
        for i, aval in enumerate(avals):
            _checks.dtype_at(name, i, aval.dtype, kinds)
    _checks.same_dtypes(name, avals)
    if len(avals) == 2 and name != "select":  # a binary op's shape rule, in JAX's words
        _broadcast_shapes(*(a.shape for a in avals), op=name)


def _strict(public: str, fn):
    name, kinds = _STRICT[public]

    @_functools.wraps(fn)
    def op(*xs):
        _operands(name, kinds, xs)
        return fn(*xs)

    op.__name__ = op.__qualname__ = public
    op._meshjit_checked = fn  # what code recognising lax.add & co by identity sees
    return op


# (under their `__jax_array__` conversion, as JAX's promote_args)
igamma, igammac = _converting_jax_arrays(_igamma), _converting_jax_arrays(_igammac)
betainc = _betainc
for _public in _STRICT:
    globals()[_public] = _strict(_public, globals()[_public])


def pow(x, y):
    """x ** y: `x` inexact; `y` an integer, or of `x`'s dtype (Python scalars included)."""
    ax, ay = _aval_of(x), _aval_of(y)
    _checks.dtype_at("pow", 0, ax.dtype, "fc")
    if _dtypes.is_inexact(ay.dtype) and ay.dtype != ax.dtype:
        raise _MeshjitTypeError(
            "the first argument to pow must have an inexact dtype (float or complex), and the "
            "second argument must have an inexact or integer dtype, and two inexact dtypes must "
            f"match, but got {ax.dtype} and {ay.dtype} respectively."
        )
    return _pow(x, y)


def clamp(min, x, max):
    """x clamped to [min, max]; the three of one dtype, as JAX's."""
    _operands("clamp", "", (min, x, max))
    return _clamp(min, x, max)


def select_n(which, *cases):
    """cases[which]; the cases of one dtype, as JAX's."""
    _operands("select", "", cases)
    return _select_n(which, *cases)


def pad(operand, padding_value, padding_config):
    """operand padded by `padding_value`, which must be of the operand's dtype, as JAX's."""
    got, want = _aval_of(padding_value).dtype, _aval_of(operand).dtype
    if got != want:
        raise _MeshjitTypeError(
            f"pad operand and padding_value must be same dtype: got {want} and {got}."
        )
    return _pad(operand, padding_value, padding_config)


def _reduction(fn):
    """A reduction of a Python or NumPy value gives an array, as JAX's."""

    @_functools.wraps(fn)
    def reduce(operand, axes):
        return fn(_materialize(operand), axes)

    @_functools.wraps(fn)
    def reduce_typed(operand, axes, *, out_sharding=None):
        return fn(_materialize(operand), axes, out_sharding=out_sharding)

    return reduce_typed if fn is reduce_sum else reduce  # noqa: F405 (JAX's out_sharding=)


def _cumulative(fn):
    """A cumulative op along a non-negative axis of the operand, as JAX's lax takes it; a
    negative one too for a differentiated operand of the nonlinear ones (JAX's jvp rule, an
    associative_scan, takes it)."""
    nonlinear = fn.__name__ != "cumsum"

    @_functools.wraps(fn)
    def cumulative(operand, axis=0, reverse=False):
        shape = _aval_of(operand).shape
        if axis < 0 and nonlinear and _differentiated(operand):
            if reverse:  # JAX's words (its associative_scan reverses along the axis as given)
                raise _MeshjitTypeError(
                    f"rev dimensions must have every element be nonnegative, got ({axis},)."
                )
            axis += len(shape)
        if axis < 0:
            raise _MeshjitValueError("XLA operations do not allow negative axes")
        if axis >= len(shape):
            raise _MeshjitValueError(f"axis {axis} is out of bounds for array of shape {shape}")
        return fn(operand, axis, reverse)

    return cumulative


def _differentiated(x) -> bool:
    """Whether `x` is a value of the innermost trace, which is differentiated (grad, jvp)."""
    trace = _current_trace()
    return trace is not None and trace.differentiated and getattr(x, "_trace", None) is trace


def _arg_extremum(fn):
    """argmax / argmin along a non-negative axis of the operand, as JAX's lax takes it."""

    @_functools.wraps(fn)
    def arg_extremum(operand, axis, index_dtype):
        shape = _aval_of(operand).shape
        if not 0 <= axis < len(shape):
            raise _MeshjitValueError(f"Invalid axis {axis} for operand shape {shape}")
        return fn(operand, axis, index_dtype)

    return arg_extremum


_checked_mul = mul  # noqa: F405


def mul(x, y, *, out_dtype=None):
    """x * y; `out_dtype`: both operands converted to it first, as JAX's on CPU."""
    if out_dtype is not None:
        x, y = convert_element_type(x, out_dtype), convert_element_type(y, out_dtype)
    return _checked_mul(x, y)


mul._meshjit_checked = _checked_mul._meshjit_checked


for _public in ("cumsum", "cumprod", "cummax", "cummin", "cumlogsumexp"):
    globals()[_public] = _cumulative(globals()[_public])
argmax, argmin = _arg_extremum(argmax), _arg_extremum(argmin)  # noqa: F405
_REDUCTIONS = ("reduce_sum", "reduce_prod", "reduce_max", "reduce_min", "reduce_and", "reduce_or")
for _public in (*_REDUCTIONS, "reduce_xor"):
    globals()[_public] = _reduction(globals()[_public])
del _public


# the public module (the star import above bound the compiler's), as JAX's jax.lax.linalg
linalg = _import_module(__name__ + ".linalg")


def _primitives_by_jax_name() -> dict:
    """`<name>_p` for each of meshjit's lax primitives, as JAX names its `jax.lax.*_p`
    (`exp_p`, `add_p`, `dot_general_p`, ...): what custom jaxpr interpreters key tables by."""
    import sys

    from meshjit.compiler.ir.registry import Primitive

    found = {}
    families = [
        module
        for name, module in sorted(sys.modules.items())
        if name.startswith(("meshjit.compiler.lax.", "meshjit.compiler.parallel.collectives"))
        or name == "meshjit.compiler.parallel.ragged_collectives"
        or name in ("meshjit.compiler.ad.checkpoint", "meshjit.compiler.parallel.sharding_ops")
    ]
    for module in families:
        for value in vars(module).values():
            values = value.values() if isinstance(value, dict) else (value,)
            for prim in values:
                if not isinstance(prim, Primitive):
                    continue
                name = prim.name.replace("-", "_")  # scatter-add: scatter_add_p, as JAX's
                if name.isidentifier():
                    found.setdefault(f"{name}_p", prim)
    return found


for _name, _prim in _primitives_by_jax_name().items():
    if _name not in globals():
        globals()[_name] = _prim
        __all__.append(_name)
del _name, _prim


# Names JAX 0.10 removed: using them raises its AttributeError with its advice.
_REMOVED = {
    "pvary": (
        "jax.lax.pvary was deprecated in JAX v0.8.2 and removed in JAX v0.10.0; use "
        "`jax.lax.pcast(..., to='varying')"
    ),
}
__getattr__ = _removed_names(__name__, _REMOVED)

_show_as_jitted(globals(), "lax")  # printed as JAX's PjitFunctions
