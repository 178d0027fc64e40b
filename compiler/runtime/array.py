"""meshjit.Array: a value on one or more devices, wrapping jaxlib's runtime array, with its
placement (the buffers' layout) and the user-facing sharding that layout stands for."""

from __future__ import annotations

import enum
import math
import operator
import weakref
from typing import NamedTuple

import numpy as np

from meshjit.compiler.errors import (
    DeletedArgumentError,
    DeletedArrayError,
    DistributedError,
    MeshjitIndexError,
    MeshjitNotImplementedError,
    MeshjitRuntimeError,
    MeshjitValueError,
)
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.parallel.explicit import array_aval
from meshjit.compiler.parallel.sharding import NamedSharding, SingleDeviceSharding, public_index
from meshjit.compiler.runtime import placement as plc
from meshjit.compiler.runtime.client import (
    JaxRuntimeError,
    device_put_replicated,
    replicated_sharding,
    transfer_kind,
)
from meshjit.compiler.trace.array_methods import (
    CONCRETE_ARRAY_TYPES,
    ArrayMethods,
    register_boundary_type,
)
from meshjit.compiler.traceback_util import api_boundary, boundary_methods


class DLDeviceType(enum.IntEnum):
    """DLPack's device types (JAX's `jax._src.dlpack.DLDeviceType`)."""

    kDLCPU = 1
    kDLCUDA = 2
    kDLCUDAHost = 3
    kDLROCM = 10


class Shard(NamedTuple):
    """One device's piece of an array: the device, the global index it covers, which copy of
    that piece it is (0 for the first device holding it), its data."""

    device: object
    index: tuple
    replica_id: int
    data: Array


def replica_ids(indices) -> list:
    """Per device position, how many earlier positions hold the same piece (JAX's replica_id)."""
    seen: dict = {}
    out = []
    for index in indices:
        key = tuple((s.start, s.stop) for s in index)
        out.append(seen.get(key, 0))
        seen[key] = out[-1] + 1
    return out


def _removed(advice: str) -> property:
    """An attribute JAX removed: reading it raises JAX's AttributeError with its advice (a
    property, not a __getattr__, so that other missing names stay as cheap as Python's)."""

    def get(self):
        raise AttributeError(advice)

    return property(api_boundary(get))


# Arrays freed with `delete()` (not by a donation), by id (Arrays are unhashable, as JAX's).
_FREED: dict[int, weakref.ref] = {}

# What the runtime calls the operations that refuse a deleted buffer (JAX's JaxRuntimeErrors).
_DELETED_RUNTIME_WORDS = {
    "waiting for": "BlockHostUntilReady()",
    "reading the buffer pointer of": "UnsafeBufferPointer(",  # sic
}


def _deleted_note(what: str) -> str:
    return (
        f"({what} an Array that was donated to a jit call (donate_argnums / donate_argnames) or "
        "freed with .delete(); use the call's result instead)"
    )


@boundary_methods(
    "__array__",
    "__float__",
    "__complex__",
    "__int__",
    "__bool__",
    "__index__",
    "__iter__",
    "item",
    "to_device",
    "tobytes",
    "addressable_data",
)
class Array(ArrayMethods):
    """An array on devices. `np.asarray(a)` gathers the global value to the host."""

    __slots__ = ("aval", "_impl", "_placement", "_sharding", "_committed", "_stated", "__weakref__")
    __array_priority__ = 100

    def __init__(
        self, aval: ShapedArray, impl, placement, sharding=None, committed=True, stated=False
    ):
        # placement: the jaxlib GSPMDSharding (device list + HLO sharding) of the buffers;
        # sharding: the user-facing NamedSharding / SingleDeviceSharding it stands for;
        # committed: put on its devices by the user (device_put to a device or sharding), so
        # a jit call may not move it (JAX's `committed`); stated: its sharding is the one the
        # user named (device_put, make_array_from_*), so jit's in_shardings may not reshard it
        # (as JAX); a computed array's layout is meshjit's choice, which jit may change.
        if type(sharding) is NamedSharding:  # on Explicit axes: in its type
            aval = array_aval(aval, sharding)
        self.aval, self._impl, self._placement = aval, impl, placement
        self._sharding, self._committed, self._stated = sharding, committed, stated

    @classmethod
    def of_result(
        cls, aval: ShapedArray, impl, placement, sharding, committed=True, stated=False
    ) -> Array:
        """A program's result: its aval (type sharding included) is already final."""
        self = object.__new__(cls)
        self.aval, self._impl, self._placement, self._sharding = aval, impl, placement, sharding
        self._committed, self._stated = committed, stated
        return self

    @property
    def committed(self) -> bool:
        """Whether the array was placed by the user (device_put to a device or sharding) or
        computed from such arrays: jit then runs on its devices rather than moving it."""
        return self._committed

    @property
    def sharding(self):
        if self._sharding is None:
            self._sharding = SingleDeviceSharding(self._placement._devices[0])
        return self._sharding

    @property
    def format(self):
        """JAX's `Array.format`: the buffers' memory layout with the array's sharding."""
        from meshjit.compiler.runtime.layout import Format, Layout

        return Format(Layout.from_pjrt_layout(self._impl._pjrt_layout), self.sharding)

    def platform(self) -> str:
        """The platform of the array's devices ('cpu')."""
        return next(iter(self.sharding.device_set)).platform

    @property
    def device(self):
        """The device, for an array on one device; else its sharding (as JAX's)."""
        sharding = self.sharding
        return sharding.device if type(sharding) is SingleDeviceSharding else sharding

    def is_deleted(self) -> bool:
        """Whether the buffers are gone: donated to a jit call, or freed with `delete()`."""
        return self._impl.is_deleted()

    def delete(self) -> None:
        """Frees the device buffers now; the array cannot be used afterwards."""
        self._impl.delete()
        _FREED[id(self)] = weakref.ref(self, lambda _, key=id(self): _FREED.pop(key, None))

    def check_live(self, what: str = "reading", argument: int | None = None) -> None:
        """Refuses a deleted array in JAX's words: its RuntimeError when the array is read, the
        runtime's words when it is waited for or its buffer pointer read, XLA's ValueError when
        it is a cached call's `argument` (`argument`, `first_call` in `check_argument_live`)."""
        if not self._impl.is_deleted():
            return
        runtime = _DELETED_RUNTIME_WORDS.get(what)
        if runtime is not None:
            error = JaxRuntimeError(
                f"INVALID_ARGUMENT: {runtime} called on deleted or donated buffer"
            )
        else:
            error = DeletedArrayError(f"Array has been deleted with shape={self.aval.str_long()}.")
        error.add_note(_deleted_note(what))
        raise error

    def check_argument_live(self, argument: int, first_call: bool) -> None:
        """As `check_live`, for argument `argument` of a jitted call: JAX checks the arguments
        of a call that compiles (its RuntimeError), XLA those of a cached call (its
        ValueError); JAX's fast path checks the arrays freed with `delete()` itself."""
        freed = _FREED.get(id(self))
        if first_call or (freed is not None and freed() is self) or not self._impl.is_deleted():
            return self.check_live(f"argument {argument} of the call is")
        error = DeletedArgumentError(
            f"INVALID_ARGUMENT: Invalid buffer passed to Execute() as argument {argument} to "
            "replica 0: INVALID_ARGUMENT: Buffer has been deleted or donated."
        )
        error.add_note(_deleted_note(f"argument {argument} of the call is"))
        raise error

    def to_device(self, device, *, stream=None) -> Array:
        """The array copied to `device` (or laid out by a sharding): the array API's spelling
        of device_put (`stream` is not implemented, as in JAX)."""
        from meshjit.compiler.runtime.device_put import device_put  # it makes Arrays

        if stream is not None:
            raise MeshjitNotImplementedError("stream argument of array.to_device()")
        return device_put(self, device)

    def __array__(self, dtype=None, copy=None):
        self.check_live()
        value = plc.assemble(self._impl, self.aval, self._placement)
        if dtype is not None:
            return value.astype(dtype)
        return value.copy() if copy else value  # np.array(x) asks for a (writeable) copy

    @property
    def addressable_shards(self) -> list[Shard]:
        """This process's pieces: one per local device, with the global index it covers."""
        self.check_live()
        shards = []
        indices = plc.shard_indices(self._placement, self.aval.shape)
        padded = plc.padded_shard_shape(self._placement, self.aval.shape)
        devices = self._placement._devices
        replicas = replica_ids(indices)
        for position, single in zip(
            plc.addressable_positions(self._placement), plc.device_buffers(self._impl)
        ):
            device, index = devices[position], indices[position]
            local = self.aval.update(shape=tuple(s.stop - s.start for s in index))
            # An uneven shard is stored padded; jaxlib reports its unpadded shape regardless.
            if padded != local.shape:
                value = plc.host_value(single)[tuple(slice(0, n) for n in local.shape)]
                with transfer_kind("internal"):
                    single = device_put_replicated(value, local, [device])
            piece = Array(local, single, replicated_sharding([device]))
            index_shown = public_index(index, self.aval.shape)
            shards.append(Shard(device, index_shown, replicas[position], piece))
        return shards

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """DLPack export of the gathered host value (the devices are CPU devices): a copy, as
        DLPack before version 1 cannot mark the read-only host value as such."""
        if max_version is None:
            return np.array(self).__dlpack__(stream=stream)
        return np.asarray(self).__dlpack__(stream=stream, max_version=max_version)

    def unsafe_buffer_pointer(self) -> int:
        """The address of the single device buffer (JAX's ValueError for a sharded array)."""
        self.check_live("reading the buffer pointer of")
        pieces = plc.device_buffers(self._impl)
        if len(pieces) != 1:
            raise MeshjitValueError(
                "unsafe_buffer_pointer() is supported only for unsharded arrays."
            )
        return pieces[0].unsafe_buffer_pointer()

    def __dlpack_device__(self) -> tuple:
        """(DLDeviceType.kDLCPU, 0), as JAX reports for any CPU array."""
        return DLDeviceType.kDLCPU, 0

    def addressable_data(self, index: int) -> Array:
        """The piece on this process's `index`-th device holding one."""
        shards = self.addressable_shards
        if not -len(shards) <= operator.index(index) < len(shards):  # Python's words, as JAX's
            raise MeshjitIndexError(
                f"list index out of range: addressable_data({index}) of an array with "
                f"{len(shards)} addressable shards"
            )
        return shards[index].data

    @property
    def is_fully_addressable(self) -> bool:
        """Whether every device holding a piece belongs to this process."""
        return self._placement._internal_device_list.is_fully_addressable

    def copy_to_host_async(self) -> None:
        """Starts copying the value to the host, so a later `np.asarray` waits less."""
        self.check_live("copying")
        for piece in self._impl._arrays:  # one single-device array per addressable shard
            piece._copy_single_device_array_to_host_async()

    def block_until_ready(self) -> Array:
        self.check_live("waiting for")
        try:
            if not self._impl.is_ready():
                from meshjit.compiler.runtime.distributed_checks import wait_until_ready

                wait_until_ready(self._impl, f"waiting for an array of {self.aval.str_short()}")
            self._impl.block_until_ready()
        except DistributedError:
            raise
        except Exception as e:
            from meshjit.compiler.runtime.distributed_checks import raise_if_peer_failed

            raise_if_peer_failed(e, f"waiting for an array of {self.aval.str_short()}")
            raise
        return self

    def is_ready(self) -> bool:
        """Whether the value is computed (a later read does not wait)."""
        self.check_live("checking")
        return bool(self._impl.is_ready())

    def clone(self) -> Array:
        """A copy in buffers of its own, laid out as this one."""
        from meshjit.compiler.runtime.device_put import device_put  # it makes Arrays

        return device_put(np.asarray(self), self.sharding)

    def __iter__(self):
        """The rows. Of an array split over several devices (no device holds a whole row
        block), as JAX's: each row through the host, on the default device, so iterating an
        explicitly sharded array needs no indexing sharding rule."""
        if not self.aval.shape or len(self._placement._devices) == 1 or self.is_fully_replicated:
            return ArrayMethods.__iter__(self)
        from meshjit.compiler.runtime.device_put import device_put  # it makes Arrays

        value = np.asarray(self)
        return (device_put(value[i]) for i in range(value.shape[0]))

    def tobytes(self, order="C") -> bytes:
        return np.asarray(self).tobytes(order)

    @property
    def global_shards(self) -> list[Shard]:
        """Every device's piece (in one process, the addressable ones)."""
        if not self.is_fully_addressable:
            raise MeshjitRuntimeError(
                "global_shards of an array spanning processes: each process sees only its "
                "addressable_shards"
            )
        return self.addressable_shards

    def on_device_size_in_bytes(self) -> int:
        """The bytes the pieces take on their devices (each device's piece counted)."""
        shards = self.addressable_shards
        return sum(s.data.aval.dtype.itemsize * math.prod(s.data.aval.shape) for s in shards)

    @property
    def flat(self):
        raise MeshjitNotImplementedError(
            "JAX Arrays do not implement the arr.flat property: consider arr.flatten() instead."
        )

    def devices(self) -> set:
        return set(self._placement._devices)

    @property
    def device_list(self) -> tuple:
        return tuple(self._placement._devices)

    @property
    def is_fully_replicated(self) -> bool:
        return self._placement._hlo_sharding.is_replicated()

    def item(self, *args):
        return np.asarray(self).item(*args)

    device_buffer = _removed("arr.device_buffer has been deprecated. Use arr.addressable_data(0)")
    device_buffers = _removed(
        "arr.device_buffers has been deprecated. Use [x.data for x in arr.addressable_shards]"
    )

    def tolist(self):
        return np.asarray(self).tolist()

    def __float__(self):
        return float(self._scalar())

    def __complex__(self):
        return complex(self._scalar())

    def __int__(self):
        return int(self._scalar())

    def __bool__(self):
        return bool(np.asarray(self))

    def __index__(self):  # JAX's check_integer_conversion: integer scalars only
        if self.ndim or not np.issubdtype(self.dtype, np.integer):
            raise TypeError("Only integer scalar arrays can be converted to a scalar index.")
        return int(self._scalar())

    def _scalar(self):
        if self.ndim:
            raise TypeError(
                f"Only scalar arrays can be converted to Python scalars; got arr.ndim={self.ndim}"
            )
        return np.asarray(self)

    def __repr__(self):
        if not self.is_fully_addressable and not plc.host_readable(self.aval, self._placement):
            return f"Array({self.aval.str_short()}, spanning processes; not readable here)"
        return array_repr(np.asarray(self), self.aval.weak_type)

    def __str__(self):
        return str(np.asarray(self))

    def __format__(self, format_spec):
        value = np.asarray(self)
        return format(value[()] if value.ndim == 0 else value, format_spec)

    def __reduce__(self):
        return (_rebuild, (np.asarray(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def array_repr(value: np.ndarray, weak_type: bool) -> str:
    """JAX's `Array(...)` text: the dtype (and weak type) after the values, on a line of its own
    when it would pass NumPy's line width; an empty array by its shape."""
    prefix, width = "Array(", np.get_printoptions()["linewidth"]
    dtype = f"dtype={value.dtype.name}" + (", weak_type=True" if weak_type else "")
    if value.size == 0:
        body = f"[], shape={value.shape}"
    else:
        body = np.array2string(
            value, prefix=prefix, suffix=",", separator=", ", max_line_width=width
        )
    last_line = len(body) - body.rfind("\n") + 1
    sep = " " * len(prefix) if last_line + len(dtype) + 2 > width else " "
    return f"{prefix}{body},{sep}{dtype})"


def _rebuild(value):
    from meshjit.compiler.runtime.device_put import device_put  # it makes Arrays

    return device_put(value)


register_boundary_type(Array)
CONCRETE_ARRAY_TYPES.add(Array)
# Its instances' type is named as JAX's concrete array type is (`type(x).__name__` is
# "ArrayImpl"); `meshjit.Array` is PublicArray below, as jax.Array.
Array.__name__ = Array.__qualname__ = "ArrayImpl"
ArrayImpl = Array


class _PublicArrayType(type):
    """`isinstance` / `issubclass` as jax.Array's: concrete arrays, typed key arrays and, as
    JAX's tracers, traced values ("True both inside and outside traced functions")."""

    _types: tuple = ()

    def __instancecheck__(cls, x):
        return isinstance(x, cls._types or _array_types(cls))

    def __subclasscheck__(cls, sub):
        return issubclass(sub, cls._types or _array_types(cls))


def _array_types(cls) -> tuple:
    from meshjit.compiler.random.keys import PRNGKeyArray  # random and trace build on runtime
    from meshjit.compiler.trace.tracing import Tracer

    cls._types = (ArrayImpl, PRNGKeyArray, Tracer)
    return cls._types


class PublicArray(metaclass=_PublicArrayType):
    """`meshjit.Array` (and `meshjit.numpy.ndarray`), as jax.Array: the type to annotate and
    check arrays with (an ArrayImpl, a typed key array, or a traced value); arrays are made by
    meshjit.numpy's functions."""

    __slots__ = ()


PublicArray.__name__ = PublicArray.__qualname__ = "Array"


def live_arrays(platform=None) -> list[Array]:
    """The Arrays alive (not deleted) in this process, as jax.live_arrays lists them. Found
    through the garbage collector's list of objects, so creating an Array costs nothing more."""
    import gc

    if platform not in (None, "cpu"):
        raise MeshjitValueError(f"live_arrays: meshjit runs on 'cpu' only, got {platform!r}")
    return [obj for obj in gc.get_objects() if type(obj) is Array and not obj.is_deleted()]
