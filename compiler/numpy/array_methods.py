"""Operators and methods shared by traced and concrete arrays; each forwards to meshjit.numpy."""

from __future__ import annotations

import math

_numpy_api = None


def _np():
    # Imported on first use (meshjit.numpy imports the tracer classes that use this module).
    global _numpy_api
    if _numpy_api is None:
        from meshjit.compiler.numpy import api as numpy_api

        _numpy_api = numpy_api
        _install_numpy_functions(numpy_api)
    return _numpy_api


# The forwarding methods below each look their function up in meshjit.numpy per call. Once that
# module is loaded they are replaced by the functions themselves (reflected operators by a
# closure over theirs), so an operator on a traced array costs one call less.


def _binary(name, reflected=False):
    def method(self, other):
        fn = getattr(_np(), name)
        return fn(other, self) if reflected else fn(self, other)

    method.__name__ = name
    method.numpy_function = name, reflected
    return method


def _unary(name):
    def method(self):
        return getattr(_np(), name)(self)

    method.__name__ = name
    method.numpy_function = name, False
    return method


def _forward(name):
    def method(self, *args, **kwargs):
        return getattr(_np(), name)(self, *args, **kwargs)

    method.__name__ = name
    method.numpy_function = name, False
    return method


def _reflected(fn):
    def method(self, other):
        return fn(other, self)

    method.__name__ = fn.__name__
    return method


def _install_numpy_functions(numpy_api) -> None:
    for attr, value in list(vars(ArrayMethods).items()):
        target = getattr(value, "numpy_function", None)
        # A name missing (meshjit.numpy still being imported) keeps its forwarding method.
        fn = None if target is None else getattr(numpy_api, target[0], None)
        if fn is not None:
            setattr(ArrayMethods, attr, _reflected(fn) if target[1] else fn)


class ArrayMethods:
    """Mixin: needs an `aval` attribute (a ShapedArray)."""

    __slots__ = ()
    __hash__ = None  # arrays compare elementwise, so they cannot be dict keys

    shape = property(lambda self: self.aval.shape)
    dtype = property(lambda self: self.aval.dtype)
    ndim = property(lambda self: len(self.aval.shape))
    size = property(lambda self: math.prod(self.aval.shape))
    weak_type = property(lambda self: self.aval.weak_type)
    T = property(lambda self: _np().transpose(self))
    mT = property(lambda self: _np().swapaxes(self, -1, -2))
    at = property(lambda self: _np()._IndexUpdateHelper(self))

    def __len__(self):
        if not self.aval.shape:
            raise TypeError("len() of an unsized (rank-0) array")
        return self.aval.shape[0]

    def __iter__(self):
        if not self.aval.shape:
            raise TypeError("iteration over a rank-0 array")
        return (self[i] for i in range(self.aval.shape[0]))

    __add__, __radd__ = _binary("add"), _binary("add", True)
    __sub__, __rsub__ = _binary("subtract"), _binary("subtract", True)
    __mul__, __rmul__ = _binary("multiply"), _binary("multiply", True)
    __truediv__, __rtruediv__ = _binary("true_divide"), _binary("true_divide", True)
    __floordiv__, __rfloordiv__ = _binary("floor_divide"), _binary("floor_divide", True)
    __mod__, __rmod__ = _binary("remainder"), _binary("remainder", True)
    __pow__, __rpow__ = _binary("power"), _binary("power", True)
    __matmul__, __rmatmul__ = _binary("matmul"), _binary("matmul", True)
    __and__, __rand__ = _binary("bitwise_and"), _binary("bitwise_and", True)
    __or__, __ror__ = _binary("bitwise_or"), _binary("bitwise_or", True)
    __xor__, __rxor__ = _binary("bitwise_xor"), _binary("bitwise_xor", True)
    __lt__, __le__ = _binary("less"), _binary("less_equal")
    __gt__, __ge__ = _binary("greater"), _binary("greater_equal")
    __eq__, __ne__ = _binary("equal"), _binary("not_equal")
    __neg__, __pos__ = _unary("negative"), _unary("positive")
    __abs__, __invert__ = _unary("abs"), _unary("invert")

    def __getitem__(self, index):
        return _np()._getitem(self, index)

    def reshape(self, *shape, order="C"):
        if len(shape) == 1 and not isinstance(shape[0], int):
            shape = shape[0]
        return _np().reshape(self, shape, order=order)

    def transpose(self, *axes):
        if len(axes) == 1 and not isinstance(axes[0], int):
            axes = axes[0]
        return _np().transpose(self, axes or None)

    astype = _forward("astype")
    sum = _forward("sum")
    mean = _forward("mean")
    max = _forward("max")
    min = _forward("min")
    prod = _forward("prod")
    argmax = _forward("argmax")
    argmin = _forward("argmin")
    var = _forward("var")
    std = _forward("std")
    any = _forward("any")
    all = _forward("all")
    cumsum = _forward("cumsum")
    squeeze = _forward("squeeze")
    ravel = _forward("ravel")
    flatten = _forward("ravel")
    swapaxes = _forward("swapaxes")
    clip = _forward("clip")
    dot = _forward("dot")
    sort = _forward("sort")
    argsort = _forward("argsort")
