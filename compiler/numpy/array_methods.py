"""The operators and methods of meshjit arrays, traced or on devices: `x + y`, `x @ w`,
`x.sum()`, `x.reshape(...)`, `x[i]`, `x.at[i].set(v)`, `x.T` ...

Each is the meshjit.numpy function itself (a reflected operator swaps its operands first), so an
operator on a traced array costs no lookup. The package registers `METHODS` on the array types
(trace.array_methods.register_array_methods) when it is imported.
"""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir.shape_poly import DimExpr
from meshjit.compiler.numpy.bits import byteswap, view
from meshjit.compiler.numpy.complex_parts import conj, imag, real
from meshjit.compiler.numpy.creation import asarray, copy
from meshjit.compiler.numpy.cumulative import cumprod, cumsum
from meshjit.compiler.numpy.diagonals import diagonal, trace
from meshjit.compiler.numpy.elementwise import (
    abs,
    add,
    astype,
    bitwise_and,
    bitwise_or,
    bitwise_xor,
    clip,
    divmod,
    equal,
    floor_divide,
    greater,
    greater_equal,
    invert,
    less,
    less_equal,
    multiply,
    negative,
    not_equal,
    positive,
    power,
    remainder,
    round,
    subtract,
    true_divide,
)
from meshjit.compiler.numpy.indexing import _IndexUpdateHelper, getitem, take
from meshjit.compiler.numpy.products import dot, matmul
from meshjit.compiler.numpy.rearranging import repeat
from meshjit.compiler.numpy.reductions import (
    all,
    any,
    argmax,
    argmin,
    max,
    mean,
    min,
    prod,
    ptp,
    std,
    sum,
    var,
)
from meshjit.compiler.numpy.routines import (
    argpartition,
    choose,
    compress,
    left_shift,
    right_shift,
)
from meshjit.compiler.numpy.shapes import ravel, reshape, squeeze, swapaxes, transpose
from meshjit.compiler.numpy.sorting import argsort, nonzero, searchsorted, sort
from meshjit.compiler.numpy.util import check_arraylike
from meshjit.compiler.trace.tracing import Tracer
from meshjit.compiler.traceback_util import filter_exception, own_boundary

__all__ = ["METHODS"]


def _operator(fn, reflected: bool = False, symbol: str = "?"):
    """`fn` as an operator method (`reflected`: with the operands swapped) that leaves the
    operation to a type declaring `_defer_binop = True` (sparse arrays: `dense @ sparse` is the
    sparse `__rmatmul__`), as JAX's operators return NotImplemented for types they do not know."""

    def method(self, other):
        try:
            if type(other) not in _PLAIN_OPERANDS:
                if getattr(type(other), "_defer_binop", False) or type(other) in _NOT_OPERANDS:
                    return NotImplemented  # Python's TypeError: "unsupported operand type(s)"
                if type(other) in _SEQUENCES:  # JAX's TypeError: no concatenation, broadcasting
                    left, right = (other, self) if reflected else (self, other)
                    raise MeshjitTypeError(
                        f"unsupported operand type(s) for {symbol}: {type(left).__name__!r} "
                        f"and {type(right).__name__!r}"
                    )
                other = _from_protocol(other)
            return fn(other, self) if reflected else fn(self, other)
        except Exception as e:
            filter_exception(e)
            raise

    method.__name__, method.__wrapped__ = fn.__name__, fn
    return own_boundary(method)  # as arrays' operators are boundaries


# As JAX's operators: a str, bytes, None, dict or set operand leaves the operation to Python
# (NotImplemented: Python's TypeError names the operator); a list or tuple is refused in those
# words (JAX's message), neither concatenated nor converted to an array.
_NOT_OPERANDS = frozenset({str, bytes, type(None), dict, set})
_SEQUENCES = frozenset({list, tuple})


# Operands of these exact types neither defer nor convert: the common ones skip the two checks
# (a missing attribute of a type costs an exception raised and dropped, about 0.5 us an op).
_PLAIN_OPERANDS = frozenset({Tracer, float, int})


def _comparison(fn, equality: bool = False):
    """`fn` as a comparison method (`==`, `<`, ...). As JAX's: `==` and `!=` refuse a list,
    tuple, dict or set in its words (no elementwise comparison, no Python False); other
    operands that are not values leave the comparison to Python (NotImplemented)."""

    def method(self, other):
        if type(other) not in _PLAIN_OPERANDS:
            if equality and type(other) in _SEQUENCES | {dict, set}:
                raise MeshjitTypeError(  # JAX's words (its != says == too)
                    f"unsupported operand type(s) for ==: {type(self).__name__!r} and "
                    f"{type(other).__name__!r}"
                )
            if type(other) in _NOT_OPERANDS | _SEQUENCES:
                return NotImplemented
        return fn(self, _from_protocol(other))

    method.__name__, method.__wrapped__ = fn.__name__, fn
    return method


def _from_protocol(other):
    """As JAX's operators: an object of the `__jax_array__` protocol converts."""
    if (
        getattr(other, "__jax_array__", None) is not None
        and not hasattr(other, "aval")
        and type(other) is not DimExpr  # symbolic dimensions: as values inside a trace only
    ):
        return other.__jax_array__()
    return other


def _reshape(self, *shape, order="C", out_sharding=None):
    if len(shape) == 1:  # as JAX's: one argument is the shape itself (its errors show it so)
        shape = shape[0]
    return reshape(self, shape, order=order, out_sharding=out_sharding)


def _compress(self, condition, axis=None, *, out=None, size=None, fill_value=0):
    return compress(condition, self, axis, size=size, fill_value=fill_value, out=out)


# Methods whose parameters are not their jnp function's, as JAX's Array methods.
def _astype(self, dtype, copy=False, device=None):
    return astype(self, dtype, copy=copy, device=device)


def _byteswap(self):
    return byteswap(self)


def _copy(self):
    return copy(self)


def _transpose(self, *axes):
    if len(axes) == 1 and not isinstance(axes[0], int):
        axes = axes[0]
    return transpose(self, axes or None)


def _operator_round(number, ndigits=None):
    """round(x): as a builtin float's, an integer without `ndigits` (JAX's __round__)."""
    out = round(number, ndigits or 0)
    return out.astype(int) if ndigits is None else out


def _contains(self, other):
    """`other in x` (JAX's __contains__, unlike NumPy's): `x` one-dimensional, `other` a
    scalar; the answer an array (`in` makes it a bool)."""
    if other is None or isinstance(other, str):
        raise MeshjitTypeError(f"Array.__contains__: unsupported operand type {type(other)}.")
    check_arraylike("Array.__contains__", other)
    query = asarray(other)
    if self.ndim != 1:
        raise MeshjitValueError(
            f"Array.__contains__: search array must be one-dimensional, got arr.shape={self.shape}."
        )
    if query.ndim != 0:
        raise MeshjitValueError(
            f"Array.__contains__: query value must be a scalar, got query.shape={query.shape}"
        )
    return any(equal(self, query))


# Python's binary operators, by the name inside `__name__` / `__rname__`: the function and the
# operator's symbol (for the words of a refused operand).
_BINARY_OPERATORS = {
    "add": (add, "+"),
    "sub": (subtract, "-"),
    "mul": (multiply, "*"),
    "truediv": (true_divide, "/"),
    "floordiv": (floor_divide, "//"),
    "mod": (remainder, "%"),
    "pow": (power, "** or pow()"),
    "matmul": (matmul, "@"),
    "and": (bitwise_and, "&"),
    "or": (bitwise_or, "|"),
    "xor": (bitwise_xor, "^"),
    "lshift": (left_shift, "<<"),
    "rshift": (right_shift, ">>"),
    "divmod": (divmod, "divmod()"),
}

METHODS = {
    **{f"__{name}__": _operator(fn, False, sym) for name, (fn, sym) in _BINARY_OPERATORS.items()},
    **{f"__r{name}__": _operator(fn, True, sym) for name, (fn, sym) in _BINARY_OPERATORS.items()},
    "__lt__": _comparison(less),
    "__le__": _comparison(less_equal),
    "__gt__": _comparison(greater),
    "__ge__": _comparison(greater_equal),
    "__eq__": _comparison(equal, equality=True),
    "__ne__": _comparison(not_equal, equality=True),
    "__neg__": negative,
    "__pos__": positive,
    "__abs__": abs,
    "__invert__": invert,
    "__getitem__": getitem,
    "__contains__": _contains,
    "T": property(transpose),
    "mT": property(lambda self: swapaxes(self, -1, -2)),
    "at": property(_IndexUpdateHelper),
    "reshape": _reshape,
    "transpose": _transpose,
    "astype": _astype,
    "sum": sum,
    "mean": mean,
    "max": max,
    "min": min,
    "prod": prod,
    "argmax": argmax,
    "argmin": argmin,
    "var": var,
    "std": std,
    "any": any,
    "all": all,
    "cumsum": cumsum,
    "squeeze": squeeze,
    "ravel": ravel,
    "flatten": ravel,
    "swapaxes": swapaxes,
    "clip": clip,
    "dot": dot,
    "sort": sort,
    "argsort": argsort,
    "real": property(real),
    "imag": property(imag),
    "conj": conj,
    "conjugate": conj,
    "argpartition": argpartition,
    "byteswap": _byteswap,
    "choose": choose,
    "compress": _compress,
    "copy": _copy,
    "cumprod": cumprod,
    "diagonal": diagonal,
    "nonzero": nonzero,
    "ptp": ptp,
    "repeat": repeat,
    "round": round,
    "__round__": _operator_round,
    "searchsorted": searchsorted,
    "take": take,
    "trace": trace,
    "view": view,
}
