"""meshjit.Array: a value on devices, wrapping jaxlib's runtime array."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.array_methods import ArrayMethods
from meshjit.compiler.core import ShapedArray


class Array(ArrayMethods):
    """An array on one or more devices. `np.asarray(a)` copies it to the host."""

    __slots__ = ("aval", "_impl", "_placement", "__weakref__")
    __array_priority__ = 100

    def __init__(self, aval: ShapedArray, impl, placement):
        # placement: the jaxlib sharding (devices + layout) the buffers were made with.
        self.aval, self._impl, self._placement = aval, impl, placement

    def __array__(self, dtype=None, copy=None):
        value = np.asarray(self._impl)
        return value if dtype is None else value.astype(dtype)

    def block_until_ready(self) -> Array:
        self._impl.block_until_ready()
        return self

    def devices(self) -> set:
        return set(self._placement._devices)

    @property
    def device_list(self) -> tuple:
        return tuple(self._placement._devices)

    def item(self):
        return np.asarray(self).item()

    def tolist(self):
        return np.asarray(self).tolist()

    def __float__(self):
        return float(np.asarray(self))

    def __int__(self):
        return int(np.asarray(self))

    def __bool__(self):
        return bool(np.asarray(self))

    def __index__(self):
        return int(np.asarray(self))

    def __repr__(self):
        body = np.array2string(np.asarray(self), separator=", ", prefix="Array(")
        return f"Array({body}, dtype={self.aval.dtype})"

    def __str__(self):
        return str(np.asarray(self))

    def __reduce__(self):
        return (_rebuild, (np.asarray(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _rebuild(value):
    from meshjit.compiler.api import device_put

    return device_put(value)
