"""What every meshjit array type shares, traced (`Tracer`) or on devices (`Array`).

`ArrayMethods` answers what the aval alone answers: shape, dtype, len, iteration. The operators
and methods that compute (`x + y`, `x.sum()`, `x[i]`, `x.at[i].set(v)`) are meshjit.numpy's
functions, which sits above tracing and the runtime: meshjit.numpy registers them here with
`register_array_methods` when it is imported, and `import meshjit` imports it, whatever module
the user names first.
"""

from __future__ import annotations

import math
import types
from typing import Mapping

from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.traceback_util import boundary_methods

# What x[idx] = y raises, on arrays and on typed key arrays.
IMMUTABLE = (
    "JAX arrays are immutable and do not support in-place item assignment. Instead of "
    "x[idx] = y, use x = x.at[idx].set(y) or another .at[] method: "
    "https://docs.jax.dev/en/latest/_autosummary/jax.numpy.ndarray.at.html"
)

__all__ = ["ArrayMethods", "register_array_methods", "register_boundary_type"]


@boundary_methods("__setitem__", "__len__", "__iter__", "__array_namespace__")
class ArrayMethods:
    """Mixin: needs an `aval` attribute (a ShapedArray)."""

    __slots__ = ()
    __hash__ = None  # arrays compare elementwise, so they cannot be dict keys

    shape = property(lambda self: self.aval.shape)
    dtype = property(lambda self: self.aval.dtype)
    ndim = property(lambda self: len(self.aval.shape))
    size = property(lambda self: math.prod(self.aval.shape))
    itemsize = property(lambda self: self.aval.dtype.itemsize)
    nbytes = property(lambda self: self.aval.dtype.itemsize * math.prod(self.aval.shape))
    weak_type = property(lambda self: self.aval.weak_type)

    def __array_namespace__(self, *, api_version=None):
        """The array API namespace of meshjit's arrays (and tracers): meshjit.numpy."""
        import importlib

        from meshjit.compiler.errors import MeshjitValueError

        if api_version is not None and api_version != "2024.12":
            raise MeshjitValueError(
                f"{api_version=!r} is not available; available versions are: ['2024.12']"
            )
        return importlib.import_module("meshjit.numpy")  # the facade, above the library

    def __len__(self):
        if not self.aval.shape:
            raise TypeError("len() of unsized object")
        n = self.aval.shape[0]
        if not isinstance(n, int):  # a symbolic dimension
            raise MeshjitTypeError(  # JAX's words (Python's, for its dimension class)
                "'_DimExpr' object cannot be interpreted as an integer (len() of an array whose "
                f"first dimension is symbolic, {n}: use x.shape[0])"
            )
        return n

    def __iter__(self):
        if not self.aval.shape:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(self.aval.shape[0]))

    def __setitem__(self, index, value):
        raise TypeError(IMMUTABLE)


_OWN = frozenset(vars(ArrayMethods))


_METHODS: dict[str, object] = {}
_BOUNDARY_TYPES: list[tuple[type, bool]] = []

# The classes of concrete (device) arrays, registered by their module (runtime's Array, a later
# room): outside any trace meshjit.numpy's operators take the path of tracers on them, binding
# the primitive without the general promotion when nothing needs promoting.
CONCRETE_ARRAY_TYPES: set[type] = set()


def register_array_methods(methods: Mapping[str, object]) -> None:
    """Gives every array type `methods`: attribute name -> function (called with the array
    first) or property. meshjit.numpy calls it once, with its operators and methods."""
    for name, method in methods.items():
        assert name not in _OWN, f"array method {name!r} would replace ArrayMethods' own"
        setattr(ArrayMethods, name, method)
    _METHODS.update(methods)
    for cls, operators_only in _BOUNDARY_TYPES:
        _set_boundaries(cls, methods, operators_only)


def register_boundary_type(cls: type, operators_only: bool = False) -> None:
    """`cls` (the arrays users hold) gets its methods as API boundaries, so their errors show
    without meshjit's frames. Tracers live under a transformation's boundary, but one that
    leaked out of its trace is used outside any: they get their operators (`__add__`, ...) as
    boundaries (`operators_only`), their other attributes being their own."""
    _BOUNDARY_TYPES.append((cls, operators_only))
    _set_boundaries(cls, _METHODS, operators_only)


def _set_boundaries(cls: type, methods: Mapping[str, object], operators_only: bool) -> None:
    from meshjit.compiler.traceback_util import api_boundary

    for name, method in methods.items():
        if operators_only and not (name.startswith("__") and name.endswith("__")):
            continue
        if isinstance(method, types.FunctionType):
            setattr(cls, name, api_boundary(method))
