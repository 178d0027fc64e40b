"""The array methods of typed PRNG key arrays, as JAX's PRNGKeyArray has them: the shape methods
(T, transpose, swapaxes, squeeze, take, copy, at[...]) act on the keys' dimensions of the key
data, its trailing key dimensions kept; placement and buffer methods are the data's; the
arithmetic, reduction and sorting methods JAX declares but leaves abstract raise its
NotImplementedError."""

from __future__ import annotations

from meshjit.compiler import lax
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.lax import shape_checks as checks


def _abstract(name: str):
    def method(self, *args, **kwargs):
        raise MeshjitNotImplementedError(f"Cannot call abstract method {name}")

    method.__name__ = name
    return method


class KeyArrayMethods:
    """Mixed into PRNGKeyArray (whose `_data` holds the key data and `_impl` the PRNG)."""

    __slots__ = ()

    def _with_data(self, data):
        return type(self)(data, self._impl)

    def _trailing(self) -> tuple[int, ...]:
        return tuple(range(self.ndim, self.ndim + len(self._impl.key_shape)))

    # Shape methods.
    @property
    def T(self):
        return self.transpose()

    def transpose(self, *axes):
        if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (tuple, list))):
            axes = axes[0] or ()
        if not axes:
            axes = tuple(reversed(range(self.ndim)))
        perm = tuple(checks.canonical_axes(tuple(axes), self.ndim))
        if sorted(perm) != list(range(self.ndim)):
            raise MeshjitTypeError(  # JAX's words (its transpose shape rule's)
                f"transpose permutation isn't a permutation of operand dimensions, got "
                f"permutation {tuple(axes)} for operand shape {self.shape}."
            )
        return self._with_data(lax.transpose(self._data, perm + self._trailing()))

    def swapaxes(self, axis1, axis2):
        perm = list(range(self.ndim))
        a, b = (checks.canonical_axis(x, self.ndim) for x in (axis1, axis2))
        perm[a], perm[b] = perm[b], perm[a]
        return self.transpose(tuple(perm))

    def squeeze(self, axis=None):
        if axis is None:
            axis = tuple(i for i, n in enumerate(self.shape) if n == 1)
        axis = (axis,) if isinstance(axis, int) else tuple(axis)
        axis = tuple(checks.canonical_axes(axis, self.ndim))
        for a in axis:
            if self.shape[a] != 1:
                raise MeshjitValueError(  # JAX's words
                    "cannot select an axis to squeeze out which has size not equal to one, got "
                    f"shape={self.shape} and dimensions={axis}"
                )
        return self._with_data(lax.squeeze(self._data, axis))

    def take(
        self,
        indices,
        axis=None,
        out=None,
        mode=None,
        unique_indices=False,
        indices_are_sorted=False,
        fill_value=None,
    ):
        from meshjit.compiler.numpy.indexing import take  # numpy/ sits above random/'s keys

        keys = self.ravel() if axis is None else self
        axis = 0 if axis is None else checks.canonical_axis(axis, keys.ndim)
        hints = {"unique_indices": unique_indices, "indices_are_sorted": indices_are_sorted}
        data = take(keys._data, indices, axis, out, mode, fill_value=fill_value, **hints)
        return self._with_data(data)

    def copy(self):
        return self._with_data(self._data.copy())

    @property
    def at(self):
        return _KeyIndexUpdateHelper(self)

    # Sizes, placement and buffers: the key data's.
    @property
    def itemsize(self) -> int:
        return self.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self.itemsize

    @property
    def device(self):
        return self._data.device

    def is_deleted(self) -> bool:
        return self._data.is_deleted()

    def delete(self) -> None:
        self._data.delete()

    def addressable_data(self, index: int):
        return self._with_data(self._data.addressable_data(index))

    @property
    def global_shards(self) -> list:
        return [
            s._replace(index=s.index[: self.ndim], data=self._with_data(s.data))
            for s in self._data.global_shards
        ]

    def on_device_size_in_bytes(self) -> int:
        return self._data.on_device_size_in_bytes()

    def copy_to_host_async(self) -> None:
        self._data.copy_to_host_async()

    def to_device(self, device, *, stream=None):
        return self._with_data(self._data.to_device(device, stream=stream))

    def unsafe_buffer_pointer(self) -> int:
        return self._data.unsafe_buffer_pointer()


# JAX's abstract methods of key arrays: declared, refused when called (or, properties, read).
_ABSTRACT_METHODS = (
    "all any argmax argmin argpartition argsort byteswap choose clip compress conj conjugate "
    "cumprod cumsum diagonal dot item max mean min nonzero prod ptp repeat round searchsorted "
    "sort std sum trace var view __array_namespace__"
).split()
for _name in _ABSTRACT_METHODS:
    setattr(KeyArrayMethods, _name, _abstract(_name))
for _name in ("flat", "imag", "real", "mT"):
    setattr(KeyArrayMethods, _name, property(_abstract(_name)))


class _KeyIndexUpdateHelper:
    """`keys.at[index]`: `.get()` the indexed keys, `.set(other_keys)` a copy with them set."""

    __slots__ = ("keys",)

    def __init__(self, keys):
        self.keys = keys

    def __getitem__(self, index):
        return _KeyIndexUpdateRef(self.keys, index)


class _KeyIndexUpdateRef:
    __slots__ = ("keys", "index")

    def __init__(self, keys, index):
        self.keys, self.index = keys, index

    def get(self, **kwargs):
        return self.keys._with_data(self.keys._data.at[self.index].get(**kwargs))

    def set(self, values, **kwargs):
        if type(values) is not type(self.keys):
            raise MeshjitTypeError(
                f"keys.at[...].set() takes keys of dtype {self.keys.dtype.name}, got "
                f"{type(values).__name__} (make them with random.key or random.split)"
            )
        return self.keys._with_data(self.keys._data.at[self.index].set(values._data, **kwargs))
