"""custom_partitioning: a function that brings its own SPMD partitioning, as JAX's
`jax.experimental.custom_partitioning`.

`f = custom_partitioning(fun)` then `f.def_partition(partition, ..., sharding_rule="i j -> i j")`.
Under jit on several devices the call lowers to `stablehlo.custom_call @CustomSPMDPartitioning`
with an `sdy.sharding_rule` (which meshjit's passes and XLA's Shardy propagate through) and a
backend config naming the call's callbacks. XLA's SPMD partitioner calls back with the operands'
and results' shardings; `partition(*static_args, mesh, arg_shapes, result_shape)` returns
`(mesh, lower_fn, result_shardings, arg_shardings)` and `lower_fn`, traced at the per-device
shapes, becomes the module XLA inlines for each device. On one device, inside a fully manual
shard_map and outside jit, the function itself runs.
"""

from __future__ import annotations

import inspect as _inspect
import itertools
import sys
import weakref

import numpy as np
from jaxlib import xla_client
from jaxlib.mlir import ir

from meshjit.compiler.errors import (
    MeshjitAttributeError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
    UnexpectedTracerError,
)
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
)
from meshjit.compiler.ir.sharding_rules import keep
from meshjit.compiler.lowering import ModuleContext, jaxpr_subcomp, lower_function, make_module
from meshjit.compiler.parallel.axis_env import AxisEnv
from meshjit.compiler.parallel.custom_partitioning_rule import (
    SdyShardingRule,
    rule_attribute,
    rule_from_text,
)
from meshjit.compiler.parallel.inspect import keyed_call, program_mesh
from meshjit.compiler.parallel.sharding import (
    Mesh,
    NamedSharding,
    PartitionSpec,
    Sharding,
    get_context_mesh,
    get_resource_mesh,
    spec_from_hlo,
)
from meshjit.compiler.trace.jaxprs import eval_closed
from meshjit.compiler.trace.tracing import Tracer, abstractify, current_trace, trace_flat
from meshjit.compiler.tree_util import tree_flatten, tree_leaves, tree_unflatten
from meshjit.dialects.context import make_context

__all__ = ["custom_partitioning", "custom_partitioning_p"]

TARGET = "CustomSPMDPartitioning"
custom_partitioning_p = Primitive("custom_partitioning", multiple_results=True)
# backend config -> the call XLA asks about; each lives as long as the call in its jaxpr (the
# jaxpr outlives the compile: Lowered holds it), so retracing programs do not accumulate them.
_CALLS: weakref.WeakValueDictionary[bytes, _CallInfo] = weakref.WeakValueDictionary()
_keys = itertools.count()
_TARGETS: list[str] = []  # the call target meshjit's callbacks are registered under


class custom_partitioning:
    """Wraps `fun` (positional arguments; `static_argnums` passed to the callbacks first)."""

    def __init__(self, fun, static_argnums=()):
        self.fun = fun
        self.static_argnums = tuple(static_argnums)
        self.partition = None
        self.propagate_user_sharding = None
        self.infer_sharding_from_operands = None
        self.sharding_rule = None
        self.defined = False  # JAX's calls fail (AttributeError) before def_partition
        self.__wrapped__ = fun

    def __getattr__(self, name):  # the function's attributes (__name__, __doc__, ...)
        if name == "fun":
            raise AttributeError(name)
        return getattr(self.fun, name)

    def def_partition(
        self,
        partition,
        infer_sharding_from_operands=None,
        propagate_user_sharding=None,
        decode_shardings=True,
        sharding_rule=None,
        *,
        reduction_factors=(),
        need_replication_factors=(),
        permutation_factors=(),
        **factor_sizes,
    ):
        self.partition = partition
        self.infer_sharding_from_operands = infer_sharding_from_operands
        self.propagate_user_sharding = propagate_user_sharding
        self.decode_shardings = decode_shardings
        self.defined = True
        kinds = {
            k: v
            for k, v in (
                ("reduction_factors", reduction_factors),
                ("need_replication_factors", need_replication_factors),
                ("permutation_factors", permutation_factors),
            )
            if len(v)
        }
        if (
            sharding_rule is None
            or callable(sharding_rule)
            or isinstance(sharding_rule, SdyShardingRule)
        ):
            if factor_sizes or kinds:
                raise MeshjitValueError(f"Unknown keyword arguments: {dict(factor_sizes, **kinds)}")
        else:
            sharding_rule = rule_from_text(sharding_rule, **kinds, **factor_sizes)
        self.sharding_rule = sharding_rule
        return partition

    def __call__(self, *args, **kwargs):
        args = _positional(self.fun, args, kwargs)
        if not self.defined:
            raise MeshjitAttributeError(
                f"custom_partitioning function {getattr(self.fun, '__name__', self.fun)} was "
                "called before its partitioning was defined with def_partition"
            )
        statics = set(self.static_argnums)
        static_args = tuple(args[i] for i in self.static_argnums)
        if any(isinstance(x, Tracer) for x in tree_leaves(static_args)):
            raise UnexpectedTracerError(
                "Found a JAX Tracer object passed as an argument to acustom_partitioning "
                "function in a position indicated as static bystatic_argnums. "
            )
        dynamic = tuple(a for i, a in enumerate(args) if i not in statics)
        leaves, in_tree = tree_flatten(dynamic)

        def flat(*xs):
            it = iter(tree_unflatten(in_tree, xs))
            full = [args[i] if i in statics else next(it) for i in range(len(args))]
            return self.fun(*full)

        closed, out_tree = trace_flat(flat, [abstractify(x) for x in leaves])
        if self.sharding_rule is None and (
            self.propagate_user_sharding is not None
            or self.infer_sharding_from_operands is not None
        ):
            raise MeshjitNotImplementedError(
                "Shardy is used, but sharding propagation callbacks instead of sharding_rule "
                "are provided. Need to provide sharding_rule to migrate to Shardy."
            )
        if current_trace() is None:  # as JAX's impl: the function itself, op by op
            return tree_unflatten(out_tree, eval_closed(closed, leaves))
        call = _Call(self, closed, in_tree, out_tree, static_args)
        return tree_unflatten(out_tree, custom_partitioning_p.bind(*leaves, call=call))


def _positional(fun, args, kwargs) -> tuple:
    """Every argument by position, defaults included (as JAX's)."""
    bound = _inspect.signature(fun).bind(*args, **kwargs)
    bound.apply_defaults()
    if bound.kwargs:
        raise MeshjitTypeError("keyword arguments could not be resolved to positions")
    return bound.args


class _Call:
    """One traced call: the function's jaxpr and what the callbacks need (compared by
    identity, so each call lowers on its own)."""

    __slots__ = ("spec", "closed", "in_tree", "out_tree", "static_args", "lowerings")

    def __init__(self, spec, closed, in_tree, out_tree, static_args):
        self.spec, self.closed = spec, closed
        self.in_tree, self.out_tree, self.static_args = in_tree, out_tree, static_args
        self.lowerings: list[_CallInfo] = []  # keeps the callbacks' entries alive

    def __repr__(self):
        return f"custom_partitioning({getattr(self.spec.fun, '__name__', 'fun')})"


@abstract_eval_rules.register(custom_partitioning_p)
def _abstract_eval(*avals, call):
    return list(call.closed.out_avals)


sharding_rules.register(custom_partitioning_p, keep)


@jvp_rules.register(custom_partitioning_p)
def _no_jvp(primals, tangents, *, call):
    raise MeshjitNotImplementedError(
        "Differentiation rule for 'custom_partitioning' not implemented"
    )


@batching_rules.register(custom_partitioning_p)
def _no_batching(args, dims, *, call):
    raise MeshjitNotImplementedError("Batching rule for 'custom_partitioning' not implemented")


# ---------------------------------------------------------------------------------------------
# Lowering.


def _inline(ctx, values, call) -> list:
    return jaxpr_subcomp(ctx.module_ctx, call.closed.jaxpr, call.closed.consts, list(values))


def _one_device(mctx) -> bool:
    if not mctx.meshes:
        return True
    envs = mctx.axis_envs
    if envs and set(envs[-1].manual) == set(envs[-1].mesh.axis_names):
        return True
    return all(int(np.prod(m.sizes)) <= 1 for m in mctx.meshes)


@lowering_rules.register(custom_partitioning_p)
def _lowering(ctx, *values, call):
    mctx = ctx.module_ctx
    if _one_device(mctx):
        return _inline(ctx, values, call)
    info = _CallInfo(call, _callback_mesh(mctx))
    key = f"meshjit_cp_{next(_keys)}"
    _CALLS[key.encode()] = info
    call.lowerings.append(info)
    result_types = [ctx.tensor_type(a) for a in ctx.avals_out]
    op = keyed_call(
        _register_callbacks(), key, result_types, list(values), side_effect=False, api_version=2
    )
    rule = _resolved_rule(call, info.mesh, ctx)
    if rule is not None:
        shapes_in = [a.shape for a in ctx.avals_in]
        op.attributes["sdy.sharding_rule"] = rule_attribute(
            rule, shapes_in, [a.shape for a in ctx.avals_out]
        )
    return list(op.results)


def _callback_mesh(mctx) -> Mesh:
    """The mesh the callbacks get: the program's, on the devices of the program's shardings
    (XLA's device assignment, as JAX's) or else of the context mesh (`with mesh:`), when they
    are the same shape."""
    mesh = program_mesh(mctx)
    for known in (mctx.device_mesh, get_resource_mesh(), get_context_mesh()):
        if isinstance(known, Mesh) and known.mesh_shape == mesh.mesh_shape:
            return Mesh(known.devices, mesh.axis_names)
    return mesh


def _resolved_rule(call, mesh, ctx) -> SdyShardingRule | None:
    """The rule, a callable's result too (`rule(*static_args, mesh, operand_types,
    result_types)` giving a rule, its text, or (text, keyword arguments))."""
    rule = call.spec.sharding_rule
    if rule is None or isinstance(rule, SdyShardingRule):
        return rule
    if not callable(rule):
        raise MeshjitValueError(
            "sharding_rule must be an SdyShardingRule object, an Einsum-like notation string or "
            "a callable producing either"
        )
    types_in = [ctx.tensor_type(a) for a in ctx.avals_in]
    types_out = [ctx.tensor_type(a) for a in ctx.avals_out]
    rule = rule(*call.static_args, mesh, types_in, types_out)
    options = {}
    if isinstance(rule, (list, tuple)) and len(rule) == 2:
        rule, options = rule
    if isinstance(rule, str):
        return rule_from_text(rule, **options)
    if not isinstance(rule, SdyShardingRule):
        raise MeshjitValueError(
            "sharding_rule callable must produce either an SdyShardingRule object or an "
            "Einsum-like notation string."
        )
    return rule


# ---------------------------------------------------------------------------------------------
# XLA's callbacks.


class _CallInfo:
    __slots__ = ("call", "mesh", "__weakref__")

    def __init__(self, call, mesh):
        self.call, self.mesh = call, mesh

    def shaped(self, shape, hlo_sharding):
        """A ShapeDtypeStruct of XLA's shape with its sharding as a NamedSharding."""
        from meshjit.compiler.jit.api import ShapeDtypeStruct  # jit/ sits above parallel/

        dims = tuple(shape.dimensions())
        sharding = (
            None
            if hlo_sharding is None
            else _padded(spec_from_hlo(hlo_sharding, self.mesh, dims), len(dims))
        )
        return ShapeDtypeStruct(dims, shape.numpy_dtype(), sharding=sharding)

    def args(self, shapes, shardings):
        return tree_unflatten(
            self.call.in_tree, [self.shaped(s, h) for s, h in zip(shapes, shardings)]
        )

    def results(self, shape, sharding):
        shapes, shardings = _elements(shape, sharding)
        return tree_unflatten(
            self.call.out_tree, [self.shaped(s, h) for s, h in zip(shapes, shardings)]
        )


def _padded(sharding, ndim: int):
    """As JAX's: a NamedSharding's spec names every dimension (None where unsharded)."""
    if not isinstance(sharding, NamedSharding):
        return sharding
    spec = tuple(sharding.spec)
    return NamedSharding(sharding.mesh, PartitionSpec(*spec, *(None,) * (ndim - len(spec))))


def _elements(shape, sharding) -> tuple[list, list]:
    if shape.is_tuple():
        shapes = list(shape.tuple_shapes())
        return shapes, (
            list(sharding.tuple_elements()) if sharding is not None else [None] * len(shapes)
        )
    return [shape], [sharding]


def _hlo_shardings(tree, shardings, shapes) -> list:
    from meshjit.compiler.runtime.placement import hlo_sharding  # runtime sits above parallel/

    out = []
    for s, shape in zip(tree.flatten_up_to(shardings), shapes):
        if not isinstance(s, Sharding):
            raise MeshjitValueError("Custom Partitioning rules must return Sharding.")
        out.append(hlo_sharding(s, tuple(shape.dimensions())))
    return out


def _packed(shape, shardings):
    if shape.is_tuple():
        return xla_client.HloSharding.tuple_sharding(shape, shardings)
    return shardings[0]


def _partition(arg_shapes, arg_shardings, result_shape, result_sharding, backend_string):
    info = _CALLS[bytes(backend_string)]
    call = info.call
    mesh, lower_fn, result_shardings, arg_out = call.spec.partition(
        *call.static_args,
        info.mesh,
        info.args(arg_shapes, arg_shardings),
        info.results(result_shape, result_sharding),
    )
    result_shapes, _ = _elements(result_shape, None)
    result_hlo = _hlo_shardings(call.out_tree, result_shardings, result_shapes)
    arg_hlo = _hlo_shardings(call.in_tree, arg_out, arg_shapes)
    tiled_args = [_tiled(h, s) for h, s in zip(arg_hlo, arg_shapes)]
    tiled_results = [_tiled(h, s) for h, s in zip(result_hlo, result_shapes)]
    module = _per_device_module(mesh, lower_fn, call.in_tree, tiled_args, tiled_results)
    return _bytecode(module), arg_hlo, _packed(result_shape, result_hlo)


def _tiled(hlo_sharding, shape) -> ShapedArray:
    """The per-device block of `shape` laid out by `hlo_sharding`."""
    tile = hlo_sharding.tile(shape)
    return ShapedArray(tuple(tile.dimensions()), np.dtype(tile.numpy_dtype()))


def _per_device_module(mesh, lower_fn, in_tree, tiled_args, tiled_results) -> ir.Module:
    names = tuple(mesh.axis_names)
    env = AxisEnv(mesh.abstract_mesh, names, check_vma=False)

    def flat(*xs):
        current_trace().axis_env = env
        return lower_fn(*tree_unflatten(in_tree, xs))

    closed, _ = trace_flat(flat, tiled_args)
    got = [(a.shape, a.dtype) for a in closed.out_avals]
    if got != [(a.shape, a.dtype) for a in tiled_results]:
        raise MeshjitValueError(
            f"Mismatch in result shapes. {list(closed.out_avals)!r} vs {tiled_results!r}"
        )
    context, module = make_module("tmp_xla_computation", context=make_context())
    with context, ir.Location.unknown():
        mctx = ModuleContext(context, module)
        mctx.axis_envs.append(env)
        lower_function(mctx, "main", closed, public=True)
    return module


def _bytecode(module: ir.Module) -> bytes:
    import io

    out = io.BytesIO()
    module.operation.write_bytecode(out)
    return out.getvalue()


def _propagate_user_sharding(user_sharding, shape, backend_string):
    return user_sharding  # Shardy's path: the sharding rule propagates, not these callbacks


def _infer_sharding_from_operands(arg_shapes, arg_shardings, result_shape, backend_string):
    return None


def calls_partitioner(module: ir.Module) -> bool:
    """Whether a module has custom_partitioning calls (their callbacks live in this process)."""
    found = []

    def visit(op):
        if op.name == "stablehlo.custom_call":
            target = ir.StringAttr(op.attributes["call_target_name"]).value
            if target in _TARGETS:
                found.append(op)
                return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    if _TARGETS:
        module.operation.walk(visit)
    return bool(found)


def _register_callbacks() -> str:
    """The call target naming meshjit's callbacks, registered on first use. XLA's registry is
    the process's and keeps the first function registered under a name: when JAX is loaded in
    the same process it has registered its own under JAX's name, so meshjit takes another."""
    if not _TARGETS:
        taken = "jax._src.custom_partitioning" in sys.modules  # read, never imported
        _TARGETS.append(f"meshjit_{TARGET}" if taken else TARGET)
        xla_client.register_custom_call_partitioner(
            _TARGETS[0],
            _propagate_user_sharding,
            _partition,
            _infer_sharding_from_operands,
            can_side_effecting_have_replicated_sharding=True,
        )
    return _TARGETS[0]
