"""device_put (values, or pytrees of them, onto a device or laid out by a sharding) and
block_until_ready."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir.tokens import Token
from meshjit.compiler.parallel.sharding import (
    AbstractMesh,
    MemorySpace,
    NamedSharding,
    PartitionSpec,
    SingleDeviceSharding,
    flatten_shardings,
    memory_space_kind,
    resolve_spec,
)
from meshjit.compiler.runtime import client
from meshjit.compiler.runtime import distributed as dist
from meshjit.compiler.runtime import distributed_checks as checks
from meshjit.compiler.runtime import placement as plc
from meshjit.compiler.runtime.array import Array
from meshjit.compiler.trace.tracing import JAX_ARRAY_WORDS, Tracer, abstractify
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten


def device_put(x, device=None, *, src=None, donate=False, may_alias=None):
    """Copies a value (or a pytree) to a device, or lays it out with a sharding (or a pytree
    prefix of shardings). `src`, `donate` and `may_alias` are accepted as JAX's best-effort
    hints: meshjit's arrays are immutable, so a copy and an alias read the same."""
    scalars = not isinstance(donate, (list, tuple, dict)) and not isinstance(
        may_alias, (list, tuple, dict)
    )
    if scalars and may_alias and donate:  # JAX's check and words
        raise MeshjitValueError("may_alias and donate cannot be True at the same time.")
    copies = scalars and may_alias is False  # as JAX: the result has buffers of its own
    del src, donate, may_alias
    leaves, treedef = tree_flatten(x)
    if isinstance(device, (dict, list, tuple)) and not isinstance(device, PartitionSpec):
        targets = flatten_shardings(device, x, "device_put", resolve=False)
    else:
        targets = [device] * len(leaves)
    for t in targets:
        _check_target(t)
    targets = [
        _in_space(v, t) if isinstance(t, MemorySpace) else t for v, t in zip(leaves, targets)
    ]
    outs = [_put_leaf(v, t) for v, t in zip(leaves, targets)]
    if copies:
        outs = [_unaliased(o, v) for o, v in zip(outs, leaves)]
    return tree_unflatten(treedef, outs)


def _unaliased(out, given):
    """`out`, or a copy of it in buffers of its own when it shares `given`'s."""
    if type(out) is not Array or type(given) is not Array or out._impl is not given._impl:
        return out
    copy = _put_leaf(np.array(out, copy=True), out.sharding)  # not a view of its buffer
    return Array.of_result(
        out.aval, copy._impl, copy._placement, out._sharding, out._committed, out._stated
    )


def _in_space(x, space: MemorySpace):
    """A memory Space as a target: the value's own sharding in that space's memory kind (a
    value not yet on a device stays where it would go: None)."""
    kind = memory_space_kind(space)
    if type(x) is Array:
        return x.sharding.with_memory_kind(kind)
    return None


def device_put_api(x, device=None, *, src=None, donate=False, may_alias=None):
    """`jax.device_put`: as `device_put`, an explicit transfer for the transfer guard."""
    with client.transfer_kind("explicit"):
        return device_put(x, device, src=src, donate=donate, may_alias=may_alias)


# Python names the function in a call's TypeError ("device_put() got an unexpected keyword
# argument 'sharding'"): JAX's name, not this module's.
device_put_api.__name__ = device_put_api.__qualname__ = "device_put"


def _check_target(target) -> None:
    known = (NamedSharding, PartitionSpec, SingleDeviceSharding, MemorySpace)
    is_device = hasattr(target, "platform") and hasattr(target, "id")
    is_device = is_device or hasattr(target, "device_set")  # any sharding
    if target is not None and not isinstance(target, known) and not is_device:
        raise MeshjitValueError(
            "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, "
            f"`Format`, `jax.memory.Space` or a pytree of these values. Received invalid value: "
            f"{target!r}"
        )


def device_get(x):
    """Copies the arrays in a pytree to NumPy arrays; other leaves are returned unchanged."""
    leaves, treedef = tree_flatten(x)
    return tree_unflatten(treedef, [_get_leaf(v) for v in leaves])


def _get_leaf(x):
    # As JAX: anything with __array__ (arrays, NumPy scalars) becomes an ndarray; a traced
    # value (device_get under jit) is returned as it is.
    if isinstance(x, Tracer):
        return x
    return np.asarray(x) if hasattr(x, "__array__") else x


def _put_leaf(x, target):
    if isinstance(x, Tracer):
        return _put_traced(x, target)
    if type(x) is Token:  # as JAX's: a token stays where it is
        return x
    if not isinstance(x, (str, bytes)) and getattr(x, "dtype", None) is None:
        if getattr(x, "__jax_array__", None) is not None:  # JAX's (its abstractification's)
            raise MeshjitValueError(JAX_ARRAY_WORDS)
        if not isinstance(x, (bool, int, float, complex)):  # JAX's words
            raise MeshjitTypeError(
                f"Cannot interpret value of type {type(x)} as an abstract array; it does not "
                "have a dtype attribute"
            )
    aval = abstractify(x)
    committed = target is not None  # as JAX: device_put(x) alone leaves x free to move
    if target is None:
        if type(x) is Array:
            return x
        target = client.default_device()
    if type(target) is SingleDeviceSharding:
        if target.memory_kind != "device":  # the device's buffers, labelled with the kind
            put = _put_leaf(x, target.device)
            return Array(aval, put._impl, put._placement, target, stated=True)
        target = target.device
    if isinstance(target, (NamedSharding, PartitionSpec)):
        return _put_sharded(x, aval, resolve_spec(target, "device_put"))
    placement = client.replicated_sharding([target])
    if type(x) is Array and plc.same_placement(x._placement, placement):
        if x.sharding.memory_kind != "device":  # to the device's memory: relabelled
            return Array(aval, x._impl, placement, committed=committed or x._committed)
        if x._committed or not committed:
            return x
        return Array(aval, x._impl, placement, x._sharding)
    value = np.asarray(x, dtype=aval.dtype)
    buffers = client.put_replicated(value, aval, placement, [target])
    return Array(aval, buffers, placement, committed=committed)


def _put_traced(x: Tracer, target):
    """Inside jit, as in JAX: a sharding is a reshard (a sharding constraint in the program); a
    device (or none) leaves the value where the program's partitioning puts it."""
    if isinstance(target, (NamedSharding, PartitionSpec)):
        from meshjit.compiler.parallel.explicit import explicit_axes_of, reshard
        from meshjit.compiler.parallel.sharding_ops import with_sharding_constraint

        sharding = resolve_spec(target, "device_put")
        sharding.check_rank(abstractify(x).ndim, "One of device_put args")  # JAX's words
        if explicit_axes_of(sharding.mesh):  # on Explicit axes: a reshard, as JAX
            return reshard(x, sharding)
        return with_sharding_constraint(x, sharding)
    return x


def _put_sharded(x, aval, sharding: NamedSharding) -> Array:
    sharding.check_rank(aval.ndim, "One of device_put args")
    if isinstance(sharding.mesh, AbstractMesh):  # JAX's words: it asks where the devices are
        raise MeshjitValueError(
            "is_fully_addressable is not implemented for `jax.sharding.AbstractMesh`. "
            f"(device_put needs a NamedSharding on a Mesh of devices, got one on {sharding.mesh})"
        )
    placement = plc.placement_for(sharding, aval.shape)
    if type(x) is Array and plc.same_placement(x._placement, placement):
        if x._stated and x._sharding == sharding:
            return x
        return Array(aval, x._impl, placement, sharding, stated=True)
    if dist.multi_process():
        checks.check_devices(placement._devices, "device_put")
        if type(x) is Array and not x.is_fully_addressable:
            from meshjit.compiler.jit.multihost_utils import reshard

            return reshard(x, sharding)
    buffers = plc.put(np.asarray(x, aval.dtype), aval, placement)
    return Array(aval, buffers, placement, sharding, stated=True)


def copy_to_host_async(x):
    """Starts the host copy of every array in the pytree `x` (leaves without one are left);
    returns `x`."""
    for leaf in tree_flatten(x)[0]:
        start = getattr(leaf, "copy_to_host_async", None)
        if start is not None:
            start()
    return x


def block_until_ready(x):
    """Waits until every array in the tree `x` is computed; returns `x`."""
    for leaf in tree_flatten(x)[0]:
        if hasattr(leaf, "block_until_ready"):
            leaf.block_until_ready()
    return x
