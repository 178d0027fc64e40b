"""jit, make_jaxpr, device_put and the staged objects: Traced -> Lowered -> Compiled."""

from __future__ import annotations

import collections
import functools
import inspect
import re
from typing import Callable, Sequence

import numpy as np
from jaxlib import xla_client

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, ShapedArray, typecheck_jaxpr
from meshjit.compiler.jit import shardings as js
from meshjit.compiler.jit.propagation import check_propagation, propagated
from meshjit.compiler.lax.primitives import pjit_p
from meshjit.compiler.lowering import lower_jaxpr_to_module, verify
from meshjit.compiler.parallel.sharding import (
    Mesh,
    NamedSharding,
    PartitionSpec,
    SingleDeviceSharding,
    resolve_spec,
    spec_from_hlo,
)
from meshjit.compiler.runtime import client as backend
from meshjit.compiler.runtime import distributed as dist
from meshjit.compiler.runtime import distributed_checks as checks
from meshjit.compiler.runtime import placement as plc
from meshjit.compiler.runtime.array import Array
from meshjit.compiler.trace.tracing import abstractify, current_trace, trace_flat
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten

# How often each stage ran; tests read these to prove the caches hit.
COUNTERS: collections.Counter = collections.Counter()
TYPECHECK = {"enabled": False}


class ShapeDtypeStruct:
    """An abstract argument for `jit(f).lower(...)`: a shape and a dtype, no data."""

    __slots__ = ("shape", "dtype", "weak_type", "sharding")

    def __init__(self, shape, dtype, *, weak_type: bool = False, sharding=None):
        self.shape, self.dtype = tuple(shape), np.dtype(dtype)
        self.weak_type, self.sharding = weak_type, sharding

    @property
    def ndim(self):
        return len(self.shape)

    def __repr__(self):
        return f"ShapeDtypeStruct(shape={self.shape}, dtype={self.dtype.name})"


def _function_name(fun) -> str:
    name = getattr(fun, "__name__", None) or type(fun).__name__
    return re.sub(r"[^A-Za-z0-9_]", "_", name)


class _Signature:
    """Static and dynamic parts of one call, and the (abstract) cache key they make."""

    __slots__ = ("leaves", "in_tree", "in_avals", "statics", "shardings", "key")

    def __init__(self, leaves, in_tree, in_avals, statics, shardings):
        self.leaves, self.in_tree, self.in_avals, self.statics = leaves, in_tree, in_avals, statics
        self.shardings = shardings
        abstract = tuple(None if s is None else s.abstract for s in shardings)
        self.key = (in_tree, tuple(in_avals), statics, abstract, js.context_key())


class Traced:
    """The result of tracing: the closed jaxpr, the output structure, the constraints in it."""

    __slots__ = ("jaxpr", "out_tree", "in_tree", "name", "_constraints")

    def __init__(self, jaxpr: ClosedJaxpr, in_tree, out_tree, name: str):
        self.jaxpr, self.in_tree, self.out_tree, self.name = jaxpr, in_tree, out_tree, name
        self._constraints = None

    @property
    def constraints(self) -> list:
        """The shardings its constraints and shard_maps name (found once, when lowering)."""
        if self._constraints is None:
            self._constraints = js.constraint_shardings(self.jaxpr)
        return self._constraints


class JitFunction:
    """`jit(f)`: traces once per abstract signature, lowers, compiles and runs on XLA."""

    def __init__(
        self,
        fun: Callable,
        *,
        static_argnums=(),
        static_argnames=(),
        in_shardings=None,
        out_shardings=None,
        propagation: str = "meshjit",
        name=None,
    ):
        if not callable(fun):
            raise MeshjitTypeError(f"jit expects a callable, got {type(fun).__name__}")
        js.check_no_unconstrained(in_shardings, "jit in_shardings")
        js.check_no_unconstrained(out_shardings, "jit out_shardings")
        self.fun = fun
        self.in_shardings, self.out_shardings = in_shardings, out_shardings
        self.propagation = check_propagation(propagation)
        self.name = name or _function_name(fun)
        self.static_argnums, self.static_argnames = _resolve_statics(
            fun, static_argnums, static_argnames
        )
        self._traces: dict = {}
        self._lowerings: dict = {}
        self._executables: dict = {}
        # Cached calls whose leaves are all arrays: _fast_key(args) -> Compiled.
        self._fast_calls: dict = {}
        self._fast_ok = not (self.static_argnums or self.static_argnames or in_shardings)
        functools.update_wrapper(self, fun, updated=())

    # -- signature ---------------------------------------------------------------------------

    def _signature(self, args, kwargs) -> _Signature:
        statics = []
        dyn_args = []
        for i, a in enumerate(args):
            if i in self.static_argnums:
                statics.append((i, _hashable_static(a, f"static argument {i}")))
            else:
                dyn_args.append(a)
        dyn_kwargs = {}
        for k, v in kwargs.items():
            if k in self.static_argnames:
                statics.append((k, _hashable_static(v, f"static argument {k!r}")))
            else:
                dyn_kwargs[k] = v
        leaves, in_tree = tree_flatten((tuple(dyn_args), dyn_kwargs))
        in_avals = [_arg_aval(x, i, self.name) for i, x in enumerate(leaves)]
        shardings = self._arg_shardings(tuple(dyn_args), leaves)
        return _Signature(leaves, in_tree, in_avals, tuple(statics), shardings)

    def _arg_shardings(self, dyn_args: tuple, leaves) -> tuple:
        """Per leaf: the in_sharding given to jit, else the argument's own NamedSharding."""
        explicit = (
            js.flatten_shardings(self.in_shardings, dyn_args, "jit in_shardings")
            if self.in_shardings is not None
            else ()
        )
        out = []
        for i, leaf in enumerate(leaves):
            s = explicit[i] if i < len(explicit) else None
            if s is None:
                own = leaf._sharding if type(leaf) is Array else getattr(leaf, "sharding", None)
                s = own if type(own) is NamedSharding else None
            elif type(leaf) is Array:
                js.check_arg_devices(s, leaf._sharding, i)
            out.append(s)
        return tuple(out)

    def _rebuild_args(self, sig: _Signature, tracers):
        dyn_args, dyn_kwargs = tree_unflatten(sig.in_tree, tracers)
        statics = dict(sig.statics)
        args, it = [], iter(dyn_args)
        for i in range(len(dyn_args) + sum(isinstance(k, int) for k in statics)):
            args.append(statics[i] if i in statics else next(it))
        kwargs = dict(dyn_kwargs)
        kwargs.update({k: v for k, v in statics.items() if isinstance(k, str)})
        return args, kwargs

    # -- stages ------------------------------------------------------------------------------

    def _trace(self, sig: _Signature) -> Traced:
        traced = self._traces.get(sig.key)
        if traced is None:
            COUNTERS["trace"] += 1

            def flat_fun(*tracers):
                args, kwargs = self._rebuild_args(sig, tracers)
                return self.fun(*args, **kwargs)

            closed, out_tree = trace_flat(flat_fun, sig.in_avals)
            if TYPECHECK["enabled"]:
                typecheck_jaxpr(closed)
            traced = Traced(closed, sig.in_tree, out_tree, self.name)
            if not _captures_tracers(closed):
                self._traces[sig.key] = traced
        return traced

    def _lower(self, sig: _Signature) -> Lowered:
        lowered = self._lowerings.get(sig.key)
        if lowered is None:
            traced = self._trace(sig)
            COUNTERS["lower"] += 1
            out_shardings = self._out_shardings(traced)
            js.check_ranks(sig.shardings, sig.in_avals, "in_shardings")
            js.check_ranks(out_shardings, traced.jaxpr.out_avals, "out_shardings")
            static = [s for s in out_shardings + traced.constraints if s is not None]
            known = [s for s in sig.shardings if s is not None] + static
            placement = js.choose_placement(known, sig.leaves)
            module = lower_jaxpr_to_module(
                traced.jaxpr,
                name=self.name,
                num_partitions=placement.num_partitions,
                arg_shardings=sig.shardings,
                result_shardings=out_shardings,
            )
            if TYPECHECK["enabled"]:
                verify(module, f"lowering jit({self.name})")
            lowered = Lowered(module, traced, self._executables, sig.key, out_shardings, static)
            lowered.propagation = self.propagation
            lowered.default_placement = placement
            self._lowerings[sig.key] = lowered
        return lowered

    def _out_shardings(self, traced: Traced) -> list:
        if self.out_shardings is None:
            return [None] * len(traced.jaxpr.out_avals)
        placeholder = tree_unflatten(traced.out_tree, [0] * len(traced.jaxpr.out_avals))
        return js.flatten_shardings(self.out_shardings, placeholder, "jit out_shardings")

    # -- public ------------------------------------------------------------------------------

    def trace(self, *args, **kwargs) -> Traced:
        return self._trace(self._signature(args, kwargs))

    def lower(self, *args, **kwargs) -> Lowered:
        return self._lower(self._signature(args, kwargs))

    def __call__(self, *args, **kwargs):
        fast_key = None
        if self._fast_ok and not kwargs and current_trace() is None:
            fast_key = _fast_key(args)
            executable = self._fast_calls.get(fast_key)
            if executable is not None:
                return executable.call_flat(args)
        sig = self._signature(args, kwargs)
        if current_trace() is not None:
            return self._bind_nested(sig)
        lowered = self._lowerings.get(sig.key) or self._lower(sig)
        placement = lowered.placement_for(sig)
        executable = self._executables.get((sig.key, placement.key))
        if executable is None:
            executable = lowered.compile_for(placement)
        if fast_key is not None:
            if len(self._fast_calls) >= 64:
                self._fast_calls.clear()
            self._fast_calls[fast_key] = executable
        return executable.call_flat(sig.leaves)

    def _bind_nested(self, sig: _Signature):
        """jit inside a trace: a call to the traced function; its in/out shardings become
        sharding constraints around the call, as in JAX."""
        traced = self._trace(sig)
        jaxpr = closure_convert(traced.jaxpr)
        leaves = _constrain_all(sig.leaves, sig.shardings)
        outs = pjit_p.bind(*traced.jaxpr.consts, *leaves, jaxpr=jaxpr, name=self.name)
        outs = _constrain_all(outs, self._out_shardings(traced))
        return tree_unflatten(traced.out_tree, outs)

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return functools.partial(self, obj)

    def __repr__(self):
        return f"<jit({self.name})>"


def _constrain_all(values, shardings) -> list:
    from meshjit.compiler.parallel.sharding_ops import sharding_constraint_p

    return [
        v if s is None else sharding_constraint_p.bind(v, sharding=s)
        for v, s in zip(values, shardings)
    ]


def closure_convert(closed: ClosedJaxpr) -> ClosedJaxpr:
    """Turns constvars into leading invars so consts can be passed as arguments."""
    jaxpr = closed.jaxpr
    if not jaxpr.constvars:
        return closed
    converted = Jaxpr([], jaxpr.constvars + jaxpr.invars, jaxpr.outvars, jaxpr.eqns)
    return ClosedJaxpr(converted, [])


def _captures_tracers(closed: ClosedJaxpr) -> bool:
    from meshjit.compiler.trace.tracing import Tracer

    return any(type(c) is Tracer for c in closed.consts)


class Lowered:
    """A lowered computation: StableHLO text, and `.compile()`."""

    __slots__ = (
        "_module",
        "traced",
        "_executables",
        "_key",
        "out_shardings",
        "_static_shardings",
        "default_placement",
        "propagation",
        "_propagated",
    )

    def __init__(self, module, traced: Traced, executables: dict, key, out_shardings, static):
        self._module, self.traced = module, traced
        self._executables, self._key = executables, key
        self.out_shardings, self._static_shardings = out_shardings, static
        self.default_placement = None
        self.propagation = "meshjit"
        self._propagated = None

    @property
    def in_avals(self):
        return self.traced.jaxpr.in_avals

    @property
    def out_avals(self):
        return self.traced.jaxpr.out_avals

    @property
    def jaxpr(self) -> ClosedJaxpr:
        return self.traced.jaxpr

    def as_text(self, *, debug_info: bool = False, stage: str = "emitted") -> str:
        """The module as meshjit emitted it, or (stage="propagated") as compiled: after the
        propagation chosen with jit(..., propagation=...)."""
        return self.compiler_ir(stage).operation.get_asm(enable_debug_info=debug_info)

    def compiler_ir(self, stage: str = "emitted"):
        if stage == "emitted":
            return self._module
        if stage != "propagated":
            raise MeshjitValueError(f"stage must be 'emitted' or 'propagated', got {stage!r}")
        if self._propagated is None:
            self._propagated = propagated(self._module, self.propagation, self.traced.name)
        return self._propagated

    def as_bytecode(self, stage: str = "emitted") -> bytes:
        import io

        buf = io.BytesIO()
        self.compiler_ir(stage).operation.write_bytecode(buf)
        return buf.getvalue()

    def placement_for(self, sig: _Signature) -> js.Placement:
        """The devices this call runs on: concrete devices come only from the arguments."""
        if not self._static_shardings and not any(sig.shardings):
            return js.choose_placement((), sig.leaves)
        known = [s for s in sig.shardings if s is not None] + self._static_shardings
        return js.choose_placement(known, sig.leaves)

    def compile(self) -> Compiled:
        return self.compile_for(self.default_placement)

    def compile_for(self, placement: js.Placement) -> Compiled:
        key = (self._key, placement.key)
        compiled = self._executables.get(key)
        if compiled is None:
            COUNTERS["compile"] += 1
            if dist.multi_process():
                checks.before_compile(self, placement.device_list)
            loaded = backend.compile_module(self.as_bytecode("propagated"), placement.device_list)
            compiled = Compiled(loaded, self.traced, placement, self.out_shardings)
            self._executables[key] = compiled
        return compiled

    def __repr__(self):
        return f"<Lowered jit({self.traced.name})>"


class Compiled:
    """An executable: callable with arguments of the signature it was compiled for."""

    __slots__ = (
        "loaded",
        "traced",
        "placement",
        "in_placements",
        "out_placements",
        "_outs",
        "_ins",
        "_handlers",
    )

    def __init__(self, loaded, traced: Traced, placement: js.Placement, out_shardings):
        self.loaded, self.traced, self.placement = loaded, traced, placement
        jaxpr = traced.jaxpr
        self.in_placements = _placements(
            loaded.get_parameter_shardings(), jaxpr.in_avals, placement
        )
        self.out_placements = _placements(loaded.get_output_shardings(), jaxpr.out_avals, placement)
        self._outs = [
            (aval, p, _user_sharding(p, aval, placement, s), backend.result_handler(aval, p))
            for aval, p, s in zip(jaxpr.out_avals, self.out_placements, out_shardings)
        ]
        # What call_flat reads on every call, computed once.
        self._ins = list(zip(jaxpr.in_avals, self.in_placements))
        self._handlers = [out[3] for out in self._outs]

    @property
    def input_shardings(self) -> list:
        avals = self.traced.jaxpr.in_avals
        return [
            _user_sharding(p, a, self.placement, None) for p, a in zip(self.in_placements, avals)
        ]

    @property
    def output_shardings(self) -> list:
        return [sharding for _, _, sharding, _ in self._outs]

    def call_flat(self, leaves: Sequence):
        buffers = [
            x._impl if type(x) is Array and x._placement is p else _device_arg(x, a, p)
            for x, (a, p) in zip(leaves, self._ins)
        ]
        try:
            results = self.loaded.execute_sharded(buffers).consume_with_handlers(self._handlers)
        except Exception as e:
            checks.raise_if_peer_failed(e, f"running jit({self.traced.name})")
            raise
        outs = [Array(aval, r, p, s) for (aval, p, s, _), r in zip(self._outs, results)]
        out_tree = self.traced.out_tree
        return outs[0] if out_tree.kind is None else tree_unflatten(out_tree, outs)

    def __call__(self, *args, **kwargs):
        leaves, in_tree = tree_flatten((tuple(args), kwargs))
        if in_tree != self.traced.in_tree:
            raise MeshjitTypeError(
                f"jit({self.traced.name}) was compiled for arguments structured as "
                f"{self.traced.in_tree} but was called with {in_tree}"
            )
        expected = self.traced.jaxpr.in_avals
        got = [_arg_aval(x, i, self.traced.name) for i, x in enumerate(leaves)]
        for i, (e, g) in enumerate(zip(expected, got)):
            if e.shape != g.shape or e.dtype != g.dtype:
                raise MeshjitTypeError(
                    f"jit({self.traced.name}) was compiled for argument {i} of type "
                    f"{e.str_short()} but was called with {g.str_short()}"
                )
        return self.call_flat(leaves)

    def as_text(self) -> str:
        return self.loaded.hlo_modules()[0].to_string()

    def cost_analysis(self) -> dict:
        return self.loaded.cost_analysis()

    def memory_analysis(self):
        return self.loaded.get_compiled_memory_stats()

    def __repr__(self):
        return f"<Compiled jit({self.traced.name})>"


def _placements(protos, avals, placement: js.Placement) -> list:
    if protos is None:
        return [backend.replicated_sharding(placement.device_list)] * len(avals)
    return [
        plc.placement_from_hlo(xla_client.HloSharding.from_proto(p), placement.device_list)
        for p in protos
    ]


def _user_sharding(p, aval, placement: js.Placement, requested):
    """What the executable's layout means as a NamedSharding (None: one device)."""
    if placement.mesh is None:
        return None
    mesh = requested.mesh if requested is not None and isinstance(requested.mesh, Mesh) else None
    if mesh is not None and _same_layout(requested, p, aval.shape):
        return requested  # as JAX: the out_sharding asked for, when XLA kept its layout
    return spec_from_hlo(p._hlo_sharding, mesh or placement.mesh, aval.ndim)


def _same_layout(named: NamedSharding, p, shape) -> bool:
    """Whether `named` puts the same block on each device as the placement `p` (size-1 axes
    and partial replication make several specs describe one layout)."""
    mine = plc.placement_for(named, len(shape))
    return list(mine._devices) == list(p._devices) and plc.shard_indices(
        mine, shape
    ) == plc.shard_indices(p, shape)


def _device_arg(x, aval, placement):
    if type(x) is Array:
        if plc.same_placement(x._placement, placement):
            return x._impl
        if not x.is_fully_addressable:  # spans processes: reshard on the devices
            from meshjit.compiler.jit.multihost_utils import reshard_to_placement

            return reshard_to_placement(x, placement)._impl
        value = np.asarray(x)  # a different layout: reshard through the host
    else:
        value = np.asarray(x, dtype=aval.dtype)
        devices = _replicated_devices(placement)
        if devices is not None:  # the common case, without plc.put's per-call device listing
            return backend.put_replicated(value, aval, placement, devices)
    return plc.put(value, aval, placement)


_REPLICATED_DEVICES: dict = {}  # placement -> its device list if replicated, else None


def _replicated_devices(placement):
    if placement not in _REPLICATED_DEVICES:  # listing a DeviceList costs microseconds
        replicated = placement._hlo_sharding.is_replicated()
        _REPLICATED_DEVICES[placement] = plc.addressable_devices(placement) if replicated else None
    return _REPLICATED_DEVICES[placement]


def _fast_key(args):
    """The dispatch cache key of a call whose arguments are all arrays, else None.

    Per argument its abstract type and placement (which decide the signature, the devices and
    so the executable), plus the context mesh. Arrays with a NamedSharding take the full path.
    """
    key = []
    for x in args:
        t = type(x)
        if t is Array:
            if type(x._sharding) is NamedSharding:
                return None
            key += (x.aval, x._placement)
        elif t is np.ndarray:
            key += (x.shape, x.dtype)
        else:
            return None
    key.append(js.context_key())
    return tuple(key)


def _arg_aval(x, i: int, name: str) -> ShapedArray:
    try:
        return abstractify(x)
    except MeshjitTypeError as e:
        raise MeshjitTypeError(
            f"argument {i} of jit({name}): {e.bare_message}. Non-array arguments must be "
            "marked static with static_argnums / static_argnames."
        ) from None


def _hashable_static(value, what: str):
    try:
        hash(value)
    except TypeError:
        raise MeshjitValueError(
            f"{what} must be hashable, got a {type(value).__name__}; pass a tuple instead of "
            "a list, or make it a dynamic (array) argument"
        ) from None
    return value


def _resolve_statics(fun, static_argnums, static_argnames):
    nums = {static_argnums} if isinstance(static_argnums, int) else set(static_argnums or ())
    names = {static_argnames} if isinstance(static_argnames, str) else set(static_argnames or ())
    try:
        params = list(inspect.signature(fun).parameters.values())
    except (TypeError, ValueError):
        return frozenset(nums), frozenset(names)
    positional = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    for n in list(nums):
        if 0 <= n < len(positional):
            names.add(positional[n])
    for name in list(names):
        if name in positional:
            nums.add(positional.index(name))
    return frozenset(nums), frozenset(names)


def jit(
    fun: Callable | None = None,
    *,
    in_shardings=None,
    out_shardings=None,
    static_argnums=(),
    static_argnames=(),
    propagation: str = "meshjit",
    **options,
):
    """Compiles `fun` with XLA. Usable as `@jit` or `@jit(static_argnums=..., ...)`."""
    if options:
        unknown = ", ".join(sorted(options))
        raise MeshjitTypeError(f"jit got unsupported options: {unknown}")
    kwargs = dict(
        in_shardings=in_shardings,
        out_shardings=out_shardings,
        static_argnums=static_argnums,
        static_argnames=static_argnames,
        propagation=propagation,
    )
    if fun is None:
        return functools.partial(jit, **kwargs)
    return JitFunction(fun, **kwargs)


def make_jaxpr(fun: Callable, *, static_argnums=(), static_argnames=(), return_shape=False):
    """`make_jaxpr(f)(*args)` -> the ClosedJaxpr of f at those argument types."""
    jitted = JitFunction(fun, static_argnums=static_argnums, static_argnames=static_argnames)

    @functools.wraps(fun)
    def make(*args, **kwargs):
        traced = jitted.trace(*args, **kwargs)
        if not return_shape:
            return traced.jaxpr
        shapes = [
            ShapeDtypeStruct(a.shape, a.dtype, weak_type=a.weak_type)
            for a in traced.jaxpr.out_avals
        ]
        return traced.jaxpr, tree_unflatten(traced.out_tree, shapes)

    return make


def device_put(x, device=None):
    """Copies a value (or a pytree) to a device, or lays it out with a sharding (or a pytree
    prefix of shardings)."""
    leaves, treedef = tree_flatten(x)
    if isinstance(device, (dict, list, tuple)) and not isinstance(device, PartitionSpec):
        targets = js.flatten_shardings(device, x, "device_put")
    else:
        targets = [device] * len(leaves)
    return tree_unflatten(treedef, [_device_put_leaf(v, t) for v, t in zip(leaves, targets)])


def _device_put_leaf(x, target):
    aval = abstractify(x)
    if target is None:
        if type(x) is Array:
            return x
        target = backend.default_device()
    if type(target) is SingleDeviceSharding:
        target = target.device
    if isinstance(target, (NamedSharding, PartitionSpec)):
        sharding = resolve_spec(target, "device_put")
        sharding.check_rank(aval.ndim, f"device_put of {aval.str_short()}")
        placement = plc.placement_for(sharding, aval.ndim)
        if type(x) is Array and plc.same_placement(x._placement, placement):
            return x if x._sharding == sharding else Array(aval, x._impl, placement, sharding)
        if dist.multi_process():
            checks.check_devices(placement._devices, "device_put")
            if type(x) is Array and not x.is_fully_addressable:
                from meshjit.compiler.jit.multihost_utils import reshard

                return reshard(x, sharding)
        return Array(aval, plc.put(np.asarray(x, aval.dtype), aval, placement), placement, sharding)
    placement = backend.replicated_sharding([target])
    if type(x) is Array and plc.same_placement(x._placement, placement):
        return x
    value = np.asarray(x, dtype=aval.dtype)
    return Array(aval, backend.device_put_replicated(value, aval, [target]), placement)


def block_until_ready(tree):
    for leaf in tree_flatten(tree)[0]:
        if hasattr(leaf, "block_until_ready"):
            leaf.block_until_ready()
    return tree
