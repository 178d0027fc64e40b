"""The array methods of typed PRNG key arrays, as JAX's PRNGKeyArray has them (keys.py's class
adds the shape methods it traces on key arrays): take and copy act on the keys' dimensions of
the key data, its trailing key dimensions kept; placement and buffer methods are the data's; the
arithmetic, reduction and sorting methods JAX declares but leaves abstract raise its
NotImplementedError."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitNotImplementedError


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

    # Shape methods (T, transpose, swapaxes, squeeze, at are keys.py's, traced as key arrays).
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

        hints = {"unique_indices": unique_indices, "indices_are_sorted": indices_are_sorted}
        return take(self, indices, axis, out, mode, fill_value=fill_value, **hints)

    def copy(self):
        return self._with_data(self._data.copy())

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
