"""Pallas' semaphores and cross-device operations as TPU interpret mode runs them on CPU:
`semaphore_signal` / `semaphore_wait` / `semaphore_read`, remote DMAs and remote signals
inside a shard_map. Every device runs the kernel in lockstep (SPMD), so a remote operation is
a collective: each device's value, target device and destination window are gathered over
the shard_map's manual axes, and each device applies what was sent to it, in device order.
A wait has nothing to block on: what a race-free kernel waits for has already landed, so it
only takes its count off the semaphore."""

from __future__ import annotations

import enum

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.numpy.index_plan import Slice
from meshjit.compiler.pallas.core import check_remote_allowed, current_predicate, deliver, dma
from meshjit.compiler.parallel.axis_env import current_axis_env
from meshjit.compiler.parallel.collectives import all_gather, axis_index, pvary, pvary_p
from meshjit.compiler.state.ref import RefView
from meshjit.compiler.trace.tracing import abstractify, current_trace


class DeviceIdType(enum.Enum):
    """How a `device_id` names a device: its coordinates in the mesh, or its logical id."""

    MESH = "mesh"
    LOGICAL = "logical"


# -- semaphores ----------------------------------------------------------------------------


def _check_semaphore(sem, name: str) -> None:
    if not hasattr(sem, "ref_aval") and not isinstance(sem, RefView):
        raise MeshjitValueError(f"Cannot {name} on a non-semaphore Ref: {sem!r}")
    shape = tuple(sem.shape)
    if shape:
        raise MeshjitValueError(f"Cannot {name} on a non-()-shaped semaphore: {shape}")
    if np.dtype(sem.dtype) != np.int32:
        raise MeshjitValueError(f"Must {name} a semaphore Ref, got a {np.dtype(sem.dtype)} one")


def _count(value, what: str):
    value = lax.convert_element_type(value, np.int32) if _is_int(value) else value
    if np.dtype(abstractify(value).dtype) != np.int32:
        raise MeshjitValueError(f"Must {what} an int32 value.")
    return value


def _is_int(value) -> bool:
    return isinstance(value, int | np.integer) and not isinstance(value, bool)


def semaphore_signal(
    sem_or_view,
    inc=1,
    *,
    device_id=None,
    device_id_type: DeviceIdType = DeviceIdType.MESH,
    core_index=None,
):
    """Adds `inc` to the semaphore, here or (with `device_id`) on another device."""
    del core_index  # one core per device
    _check_semaphore(sem_or_view, "signal")
    inc = _count(inc, "signal")
    if device_id is None:
        sem_or_view[...] = lax.add(sem_or_view[...], inc)
    else:
        remote_write(sem_or_view, inc, device_id, device_id_type, accumulate=True)


def semaphore_wait(sem_or_view, value=1, *, decrement: bool = True):
    """Waits for the semaphore to reach `value` (it has: see the module) and takes it off."""
    _check_semaphore(sem_or_view, "wait")
    value = _count(value, "wait")
    if decrement:
        sem_or_view[...] = lax.sub(sem_or_view[...], value)


def semaphore_read(sem_or_view):
    """The semaphore's count (an int32 scalar)."""
    _check_semaphore(sem_or_view, "read")
    return sem_or_view[...]


def barrier_semaphore():
    """The kernel's barrier semaphore (`pltpu.get_barrier_semaphore()`): a counter of its own
    for each call, since what is signalled to it is always waited off in lockstep."""
    from meshjit.compiler.state.ref import new_ref

    return new_ref(lax.full((), 0, np.int32))


def varying_state(values: list, out_shapes) -> list:
    """A kernel's state (blocks and scratch, carried over the grid) typed as varying over what
    the kernel's writes may vary over inside a shard_map: with checked types, the operands'
    manual axes and those the outputs are declared to vary over (`ShapeDtypeStruct(...,
    manual_axis_type=...)`, required there as in JAX); unchecked, every manual axis (a
    remote write or `axis_index` makes any buffer vary)."""
    trace = current_trace()
    env = None if trace is None else trace.axis_env
    if env is None or not env.manual:
        return values
    if env.check_vma:
        axes = frozenset().union(*(abstractify(v).vma or frozenset() for v in values))
        axes |= frozenset().union(*(_declared_varying(s) for s in out_shapes))
    else:
        axes = frozenset(env.manual)
    return [_vary(v, axes) for v in values]


def _declared_varying(out_shape) -> frozenset:
    from meshjit.compiler.jit.api import ShapeDtypeStruct  # a later room

    if not isinstance(out_shape, ShapeDtypeStruct):
        return frozenset()
    if out_shape.manual_axis_type is None:
        raise MeshjitValueError(
            "When `check_vma=True` on `jax.shard_map`, `manual_axis_type` on "
            "`jax.ShapeDtypeStruct` must not be `None`. Please specify how the output should "
            "be varying across mesh axes using the `manual_axis_type` argument of "
            "`jax.ShapeDtypeStruct` or set `check_vma=False` on `jax.shard_map`."
        )
    return frozenset(out_shape.manual_axis_type.varying)


def _vary(value, axes: frozenset):
    missing = tuple(a for a in axes if a not in (abstractify(value).vma or ()))
    return pvary_p.bind(value, axes=missing) if missing else value


# -- remote writes ---------------------------------------------------------------------------


def remote_write(dst, value, device_id, device_id_type, *, accumulate: bool = False) -> None:
    """Writes `value` (or adds it, with `accumulate`) into `dst` on the device `device_id`
    names, as every device does at once; `dst`'s window is the sender's."""
    check_remote_allowed()
    env = current_axis_env("a remote DMA or semaphore signal")
    axes = env.manual
    sizes = [env.mesh.shape[a] for a in axes]
    me = _linear([axis_index(a) for a in axes], sizes)
    sent_if = current_predicate()
    target = _target(device_id, device_id_type, env, axes, sizes)
    if sent_if is not None:  # unsent: to no device
        target = lax.select(sent_if, target, np.int32(-1))
    root, chain = _unview(dst)
    leaves = _dynamic_leaves(chain)
    sent, targets, *windows = (_gather(x, axes, env) for x in (value, target, *leaves))

    def delivery():
        with dma():
            _deliver(root, chain, sent, targets, windows, me, accumulate)

    deliver(delivery)


def _deliver(root, chain, sent, targets, windows, me, accumulate: bool) -> None:
    """What each device sent (in device order) written where it was sent, on its target."""
    for i in range(targets.shape[0]):
        view = _view(root, _substituted(chain, [w[i] for w in windows]))
        old = view[...]
        new = sent[i]
        new = lax.add(old, new) if accumulate else lax.convert_element_type(new, old.dtype)
        hit = lax.broadcast_in_dim(lax.eq(targets[i], me), tuple(old.shape), ())
        view[...] = lax.select(hit, new, old)


def _linear(coords, sizes):
    index = np.int32(0)
    for c, n in zip(coords, sizes):
        index = lax.add(lax.mul(index, np.int32(n)), lax.convert_element_type(c, np.int32))
    return index


def _target(device_id, device_id_type, env, axes, sizes):
    """The target's linear index over the manual axes (row-major, in mesh order)."""
    if DeviceIdType(device_id_type) is DeviceIdType.LOGICAL:
        ids = device_id if isinstance(device_id, tuple | list) else (device_id,)
        if len(ids) != 1:
            raise MeshjitValueError(f"A logical device id is one integer, got {device_id!r}")
        return lax.convert_element_type(ids[0], np.int32)
    names = env.mesh.axis_names
    if isinstance(device_id, dict):
        unknown = [a for a in device_id if a not in names]
        if unknown:
            raise MeshjitValueError(
                f"device_id names axes {unknown} that are not in the mesh (its axes: {names})"
            )
        coords = [device_id.get(a, axis_index(a)) for a in axes]
        return _linear(coords, sizes)
    coords = tuple(device_id) if isinstance(device_id, tuple | list) else (device_id,)
    if len(coords) == len(names):
        coords = tuple(c for c, a in zip(coords, names) if a in axes)
    elif len(coords) != len(axes):
        raise MeshjitValueError(
            f"device_id {device_id!r} has {len(coords)} coordinates; the mesh has "
            f"{len(names)} axes {names}"
        )
    if len(axes) != len(names):
        raise MeshjitNotImplementedError(
            "remote DMAs in a shard_map that is manual over only some mesh axes"
        )
    return _linear(coords, sizes)


def _gather(x, axes, env):
    """`x` from every device, stacked in device order."""
    aval = abstractify(x)
    if env.check_vma:
        missing = tuple(a for a in axes if a not in (getattr(aval, "vma", None) or ()))
        if missing:
            x = pvary(x, missing)
    return all_gather(x, axes)


def _unview(dst):
    """The reference under a chain of views, and the views' indices (outermost last)."""
    chain = []
    while isinstance(dst, RefView):
        chain.append(dst.index)
        dst = dst.ref
    return dst, chain[::-1]


def _view(root, chain):
    for index in chain:
        root = RefView(root, index)
    return root


def _items(index) -> tuple:
    return index if type(index) is tuple else (index,)


def _is_static(item) -> bool:
    return item is None or item is Ellipsis or isinstance(item, int | np.integer | slice)


def _dynamic_leaves(chain) -> list:
    leaves = []
    for index in chain:
        for item in _items(index):
            if isinstance(item, Slice):
                if not _is_int(item.start):
                    leaves.append(item.start)
            elif not _is_static(item):
                leaves.append(item)
    return leaves


def _substituted(chain, values) -> list:
    """The chain with its dynamic leaves replaced by `values`, in `_dynamic_leaves` order."""
    values = iter(values)

    def item_of(item):
        if isinstance(item, Slice):
            start = item.start if _is_int(item.start) else next(values)
            return Slice(start, item.size, item.stride)
        return item if _is_static(item) else next(values)

    out = []
    for index in chain:
        items = tuple(item_of(i) for i in _items(index))
        out.append(items if type(index) is tuple else items[0])
    return out
