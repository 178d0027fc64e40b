"""Dispatch: compiling a module for a device assignment and running it on a call's arguments.

- `Executable`: a loaded XLA executable with the placements XLA chose for its arguments and
  results; `execute` places the arguments (device buffers already laid out right pass as they
  are) and wraps the results as Arrays.
- `CallCache`: one jitted function's executables, by abstract signature and device assignment,
  and the fast path in front of them: by the types and placements of all-array arguments.
- `fast_key` and `context_key`: the parts of those cache keys that depend on the call.
"""

from __future__ import annotations

import atexit
from typing import Sequence

import numpy as np
from jaxlib import xla_client

from meshjit.compiler.api_util import alias
from meshjit.compiler.config import PRNG_IMPL_SCOPE, USER_CONTEXTS, config, user_context_values
from meshjit.compiler.errors import XLA_METADATA, MeshjitTypeError
from meshjit.compiler.ir.tokens import TOKEN_BUFFER_AVAL, Token, abstract_token, is_token_aval
from meshjit.compiler.parallel.explicit import array_aval, divides_evenly
from meshjit.compiler.parallel.sharding import MESH_CONTEXT, Mesh, NamedSharding, spec_from_hlo
from meshjit.compiler.runtime import client
from meshjit.compiler.runtime import distributed_checks as checks
from meshjit.compiler.runtime import placement as plc
from meshjit.compiler.runtime.array import Array
from meshjit.compiler.runtime.assignment import DeviceAssignment


class Executable:
    """A compiled computation on its devices: callable on flat arguments, returning Arrays."""

    __slots__ = (
        "loaded",
        "devices",
        "in_placements",
        "out_placements",
        "_ins",
        "_outs",
        "_handlers",
        "_one_array",
        "effects",
        "_commits",
        "_in_requested",
        "kept",
        "donated",
        "ran",
    )

    def __init__(
        self,
        loaded,
        in_avals,
        out_avals,
        devices: DeviceAssignment,
        out_shardings,
        effects=False,
        in_shardings=None,
        kept=None,
        donated=None,
    ):
        self.loaded, self.devices, self.kept = loaded, devices, kept
        self.ran = False  # a call went through (JAX's fast path then takes the next ones)
        # per argument the module takes, whether it is donated; None when none is
        self.donated = tuple(map(bool, donated)) if donated and any(donated) else None
        self._in_requested = in_shardings or [None] * len(in_avals)  # the arguments' own
        self.effects = effects  # it calls back into Python: its runs are waited for at exit
        self.in_placements = _placements(loaded.get_parameter_shardings(), in_avals, devices)
        self.out_placements = _placements(loaded.get_output_shardings(), out_avals, devices)
        # What execute reads on every call, computed once.
        # per argument: its type, placement, and the devices a host value is copied to when
        # the placement replicates it (None otherwise)
        self._ins = [
            (aval, p, _replicated_devices(p)) for aval, p in zip(in_avals, self.in_placements)
        ]
        first = _first_arg_sharding(self._in_requested, in_avals)
        # per result: its type, placement, NamedSharding, handler, and whether the user stated
        # that sharding (out_shardings, or an Explicit type): then jit does not reshard it
        self._outs = [
            (_result_aval(aval, s, u), p, u, _result_handler(aval, p), s is not None)
            for aval, p, s in zip(out_avals, self.out_placements, out_shardings)
            for u in [None if is_token_aval(aval) else _user_sharding(p, aval, devices, s, first)]
        ]
        self._handlers = [out[3] for out in self._outs]
        one = len(self._outs) == 1 and self._outs[0][0] is not abstract_token
        # one Array result's (aval, p, s, stated)
        self._one_array = (*self._outs[0][:3], self._outs[0][4]) if one else None
        # As JAX: results on several devices or on a mesh's are committed; a one-device
        # program's results are committed when one of its arguments is.
        self._commits = devices.mesh is not None or devices.num_partitions > 1

    @property
    def input_shardings(self) -> list:
        return [
            _user_sharding(p, aval, self.devices, s)
            for (aval, p, _), s in zip(self._ins, self._in_requested)
        ]

    @property
    def output_shardings(self) -> list:
        return [out[2] for out in self._outs]

    def execute(self, leaves: Sequence) -> list[Array]:
        # One frame for the common call (every argument taken, one Array result): each call
        # and lookup here costs on every cached call.
        if self.kept is None:
            committed = self._commits
            buffers = []
            for x, (aval, p, replicas) in zip(leaves, self._ins):
                t = type(x)
                if t is Array:
                    if x._committed:
                        committed = True
                    buffers.append(x._impl if x._placement is p else device_arg(x, aval, p))
                elif t is np.ndarray and replicas is not None and x.dtype == aval.dtype:
                    if x.shape or self.donated is not None:
                        buffers.append(client.put_shards(aval, p, [x] * len(replicas), replicas))
                    else:  # a scalar operand (`x * 0.5` run eagerly): its buffers are kept
                        buffers.append(_scalar_buffer(x, aval, p, replicas))
                elif t in _SCALAR_TYPES and replicas is not None and self.donated is None:
                    buffers.append(_scalar_buffer(np.asarray(x, aval.dtype), aval, p, replicas))
                else:
                    buffers.append(device_arg(x, aval, p))
        else:
            buffers, committed = self._place_kept(leaves)
        if self.donated is not None:
            _check_donations(buffers, self.donated)
        try:
            if self.effects:
                results = self.loaded.execute_sharded(buffers, with_tokens=True)
                _pending(results.consume_token())
            else:
                results = self.loaded.execute_sharded(buffers)
            results = results.consume_with_handlers(self._handlers)
        except Exception as e:
            checks.raise_if_peer_failed(e, "running a computation")
            _raise_if_deleted(leaves, first_call=not self.ran)
            raise
        self.ran = True
        if self.donated is not None:
            _delete_moved_donations(leaves, buffers, self.donated, self.kept)
        one = self._one_array
        if one is not None:
            array = _new_array(Array)
            array.aval, array._placement, array._sharding, array._stated = one
            array._impl, array._committed = results[0], committed
            return [array]
        return [
            Token(r)
            if aval is abstract_token
            else Array.of_result(aval, r, p, s, committed, stated)
            for (aval, p, s, _, stated), r in zip(self._outs, results)
        ]

    def _place_kept(self, leaves: Sequence) -> tuple[list, bool]:
        """The buffers of the arguments the program kept, and whether the results are
        committed (a dropped argument's commitment counts too)."""
        buffers = [device_arg(leaves[i], aval, p) for i, (aval, p, _) in zip(self.kept, self._ins)]
        committed = self._commits or any(type(x) is Array and x._committed for x in leaves)
        return buffers, committed


_new_array = object.__new__

# (dtype, bytes, placement) -> the device buffer of a host scalar: a program's scalar operands
# repeat (learning rates, `x * 0.5` run eagerly), and a buffer just copied in is waited for by
# the run that reads it. Buffers are immutable; a donated argument never comes from here.
_SCALAR_BUFFERS: dict = {}


def _scalar_buffer(x: np.ndarray, aval, placement, devices):
    if config.jax_transfer_guard_host_to_device or config.jax_transfer_guard:
        return client.put_shards(aval, placement, [x] * len(devices), devices)  # guarded
    key = (x.dtype, x.tobytes(), placement)
    buffer = _SCALAR_BUFFERS.get(key)
    if buffer is None:
        if len(_SCALAR_BUFFERS) >= 512:
            _SCALAR_BUFFERS.clear()
        buffer = _SCALAR_BUFFERS[key] = client.put_shards(
            aval, placement, [x] * len(devices), devices
        )
    return buffer


def _result_handler(aval, placement):
    if is_token_aval(aval):  # a token's buffer: an empty array PJRT cannot read (JAX's)
        return client.result_handler(TOKEN_BUFFER_AVAL, placement)
    return client.result_handler(aval, placement)


def _check_donations(buffers: list, donated: tuple) -> None:
    """PJRT's errors (JAX's) for one buffer given twice to a call that donates one of them,
    raised before XLA sees it: PJRT crashes on it when the program spans several devices."""
    first: dict[int, int] = {}
    for i, buffer in enumerate(buffers):
        j = first.setdefault(id(buffer), i)
        if j == i or not (donated[i] or donated[j]):
            continue
        if donated[i] and donated[j]:
            what, toy = "donate the same buffer twice in", "f(donate(a), donate(a))"
        elif donated[j]:
            what, toy = (
                "use a buffer that was previously donated in the same call to",
                "f(donate(a), a)",
            )
        else:
            what, toy = "donate a buffer which is also used by the same call to", "f(a, donate(a))"
        raise client.JaxRuntimeError(
            f"INVALID_ARGUMENT: Attempt to {what} Execute() (flattened argument {i}, replica 0, "
            f"partition 0, first use: {j}). Toy example for this bug: `{toy}`."
        )


def _delete_moved_donations(leaves, buffers: list, donated: tuple, kept) -> None:
    """A donated Array the call had to copy to its layout first (an uncommitted array placed
    on a global mesh): when the program took the copy's buffer (XLA deleted it), the array is
    deleted too, as JAX's copy with donation semantics (`x.is_deleted()` after the call)."""
    positions = range(len(buffers)) if kept is None else kept
    for i, buffer, gives in zip(positions, buffers, donated):
        x = leaves[i]
        if gives and type(x) is Array and x._impl is not buffer and buffer.is_deleted():
            x._impl.delete()


def _result_aval(aval, requested, placed):
    """A result's type: the program's, or the one the out_sharding asked for gives; an untyped
    result XLA laid out over Explicit axes evenly is typed by that layout (as JAX's Arrays)."""
    if is_token_aval(aval):
        return aval
    if requested is not None:
        return array_aval(aval, requested)
    if aval.sharding is None and type(placed) is NamedSharding and divides_evenly(aval, placed):
        return array_aval(aval, placed)
    return aval


def _raise_if_deleted(leaves, first_call: bool) -> None:
    for i, x in enumerate(leaves):
        if type(x) is Array:
            x.check_argument_live(i, first_call)


def compile_executable(
    module: bytes,
    in_avals,
    out_avals,
    devices: DeviceAssignment,
    out_shardings,
    callbacks=(),
    compiler_options=(),
    in_shardings=None,
    kept=None,
    donated=None,
    fun_name=None,
) -> Executable:
    """XLA's executable for a (propagated) StableHLO module on `devices`; `in_shardings` (the
    arguments' shardings, None where unknown) name its input layouts as the user gave them;
    `kept`: the positions of the call's arguments the module takes (None: all); `donated`: per
    argument it takes, whether it is donated; `fun_name`: the compile's monitoring name."""
    loaded = client.compile_module(
        module, devices.device_list, callbacks, compiler_options, fun_name
    )
    return Executable(
        loaded,
        in_avals,
        out_avals,
        devices,
        out_shardings,
        bool(callbacks),
        in_shardings,
        kept,
        donated,
    )


_PENDING: list = []  # the runs of programs with host callbacks not yet known to be done


def _pending(token) -> None:
    """Remembers a run with host callbacks; before the interpreter exits, every such run is
    waited for (a callback running during exit would abort the process)."""
    if not _PENDING:
        atexit.register(_wait_for_callbacks)
    _PENDING.append(token)
    if len(_PENDING) > 64:
        _PENDING.pop(0).block_until_ready()


def _wait_for_callbacks() -> None:
    while _PENDING:
        _PENDING.pop(0).block_until_ready()


effects_barrier = alias(
    _wait_for_callbacks, "effects_barrier"
)  # jax.effects_barrier: every callback has run


def _placements(protos, avals, devices: DeviceAssignment) -> list:
    if protos is None:
        return [client.replicated_sharding(devices.device_list)] * len(avals)
    return [
        plc.placement_from_hlo(xla_client.HloSharding.from_proto(p), devices.device_list)
        for p in protos
    ]


def _user_sharding(p, aval, devices: DeviceAssignment, requested, first=None):
    """What the executable's layout means as a NamedSharding (None: one device); `first`: the
    first argument's (sharding, aval) of _first_arg_sharding, or None."""
    if devices.mesh is None:
        return None
    mesh = requested.mesh if requested is not None and isinstance(requested.mesh, Mesh) else None
    if mesh is not None and _same_layout(requested, p, aval.shape):
        return requested  # as JAX: the out_sharding asked for, when XLA kept its layout
    if requested is None and first is not None and _like_first(p, aval, *first):
        return first[0].with_memory_kind("device")  # results go to device memory, as JAX's
    return spec_from_hlo(p._hlo_sharding, mesh or devices.mesh, aval.shape)


def _first_arg_sharding(in_requested, in_avals):
    """The first argument's sharding (given or its own) and aval, when it is a NamedSharding on
    a concrete mesh: JAX's `maybe_recover_user_shardings` reads only it (an uncommitted first
    argument's is replicated, which a result's layout reads back as anyway)."""
    if not in_requested or not in_avals:
        return None
    s = in_requested[0]
    return (s, in_avals[0]) if type(s) is NamedSharding and isinstance(s.mesh, Mesh) else None


def _like_first(p, aval, first: NamedSharding, first_aval) -> bool:
    """As JAX: a result laid out as the first argument, of its rank and on its mesh, has its
    sharding as written (`P(None,)`, not the `P()` its layout reads back as)."""
    if is_token_aval(aval) or aval.ndim != first_aval.ndim:
        return False
    mesh = aval.mesh if aval.sharding is None else aval.sharding.mesh
    return mesh == first.mesh.abstract_mesh and _same_layout(first, p, aval.shape)


def _same_layout(named: NamedSharding, p, shape) -> bool:
    """Whether `named` puts the same block on each device as the placement `p` (size-1 axes
    and partial replication make several specs describe one layout)."""
    mine = plc.placement_for(named, shape)
    return list(mine._devices) == list(p._devices) and plc.shard_indices(
        mine, shape
    ) == plc.shard_indices(p, shape)


def device_arg(x, aval, placement):
    """The device buffers of argument `x` laid out as `placement` asks."""
    if type(x) is Token:  # as JAX's: once it is ready, an empty array on each device
        x.block_until_ready()
        empty = np.zeros((0,), np.bool_)
        devices = plc.addressable_devices(placement)
        return client.put_shards(TOKEN_BUFFER_AVAL, placement, [empty] * len(devices), devices)
    if type(x) is Array:
        if plc.same_placement(x._placement, placement):
            return x._impl
        if not x.is_fully_addressable:  # spans processes: reshard on the devices
            from meshjit.compiler.jit.multihost_utils import reshard_to_placement

            return reshard_to_placement(x, placement)._impl
        with client.transfer_kind("internal"):  # a different layout: through the host
            return plc.put(np.asarray(x), aval, placement)
    elif type(x) is np.ndarray and x.dtype == aval.dtype:  # the common host argument
        devices = _replicated_devices(placement)
        if devices is not None:
            return client.put_shards(aval, placement, [x] * len(devices), devices)
        return plc.put(x, aval, placement)
    else:
        try:
            value = np.asarray(x, dtype=aval.dtype)
        except (TypeError, ValueError):  # a ShapeDtypeStruct describes an argument, is none
            from meshjit.compiler.trace.tracing import check_not_leaked  # the error path only

            check_not_leaked(x, "it was passed to a compiled call")
            raise MeshjitTypeError(
                f"Argument of shape {aval.str_long()} of type {type(x)} is not a valid JAX "
                "type. A compiled call takes arrays and scalars (ShapeDtypeStructs are for "
                ".lower, .trace and eval_shape)"
            ) from None
        devices = _replicated_devices(placement)
        if devices is not None:  # the common case, without plc.put's per-call device listing
            return client.put_replicated(value, aval, placement, devices)
    return plc.put(value, aval, placement)


_REPLICATED_DEVICES: dict = {}  # placement -> its device list if replicated, else None


def _replicated_devices(placement):
    if placement not in _REPLICATED_DEVICES:  # listing a DeviceList costs microseconds
        replicated = placement._hlo_sharding.is_replicated()
        _REPLICATED_DEVICES[placement] = plc.addressable_devices(placement) if replicated else None
    return _REPLICATED_DEVICES[placement]


def context_key():
    # The concrete mesh, not its abstract one: a bare P resolves against it while tracing
    # (constraints) and lowering (out_shardings), so its devices are baked into what is cached.
    # The PRNG implementation decides what the random functions trace; the default device
    # where a call without committed arguments runs (as JAX's jit key).
    # User contexts (make_user_context) too, once there are any.
    # The set_xla_metadata context: traced equations carry it.
    # (Read on every call: attribute and list reads, no calls.)
    key = (
        MESH_CONTEXT.key,
        PRNG_IMPL_SCOPE[-1] if PRNG_IMPL_SCOPE else config.jax_default_prng_impl,
        config.jax_default_device,
        XLA_METADATA[0],
    )
    return key + user_context_values() if USER_CONTEXTS else key


def fast_key(args):
    """The dispatch cache key of a call whose arguments are all arrays or scalars, else None.

    Per argument its abstract type and placement (which decide the signature, the devices and
    so the executable), plus the context mesh. Arrays with a NamedSharding take the full path.
    """
    key = []  # (a list: adding to a tuple per argument is quadratic in their number)
    for x in args:
        t = type(x)
        if t is Array:
            if type(x._sharding) is NamedSharding:
                return None
            key += (x.aval, x._placement, x._committed)
        elif t is np.ndarray:
            key += (x.shape, x.dtype)
        elif t in _SCALAR_TYPES:  # its type decides its (weak) type; x64 changes clear `calls`
            if t is int and not _INT32_MIN <= x <= _INT32_MAX:  # the slow path's overflow check
                return None
            key.append(t)
        else:
            return None
    key.append(context_key())
    return tuple(key)


# Python scalars (weakly typed) and NumPy scalars (typed): exact types, not subclasses.
_SCALAR_TYPES = frozenset(
    {bool, int, float, complex} | {type(np.dtype(c).type(0)) for c in "?bBhHiIlLqQefdgFDG"}
)
_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1


class CallCache:
    """One jitted function's executables: `compiled` by (abstract signature key, device
    assignment key), and `calls` by `fast_key(args)` for calls that can skip the signature."""

    __slots__ = ("compiled", "calls")
    MAX_CALLS = 64

    def __init__(self):
        self.compiled: dict = {}
        self.calls: dict = {}

    def remember_call(self, key, compiled) -> None:
        if len(self.calls) >= self.MAX_CALLS:
            self.calls.clear()
        self.calls[key] = compiled
