"""Host callbacks (debug_callback, behind `meshjit.debug.print` / `debug.callback`) with all
their rules.

Inside a compiled program a callback is a `stablehlo.custom_call @xla_ffi_python_cpu_callback`
(jaxlib's FFI CPU callback, as JAX emits it) placed on device 0 by a maximal sharding, so it
runs once per call, not once per device. Its `index` is the callback's position in the module's
list (`meshjit.host_callbacks`, ids into `HOST_CALLBACKS`), which the compile step hands to XLA.
Outside a trace the callback runs at once on the concrete values.
"""

from __future__ import annotations

import itertools

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    effectful,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import keep
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.lax.batching import moveaxis
from meshjit.compiler.trace.tracing import current_trace

debug_callback_p = Primitive("debug_callback", multiple_results=True)
effectful.add(debug_callback_p)  # kept by dead-code elimination though nothing reads it

# id -> the Python function a compiled program calls back (kept for the process's life: an
# executable may run long after its module was built).
HOST_CALLBACKS: dict[int, object] = {}
_ids = itertools.count()
MODULE_ATTR = "meshjit.host_callbacks"
TARGET = "xla_ffi_python_cpu_callback"


@abstract_eval_rules.register(debug_callback_p)
def _debug_callback_rule(*avals, callback):
    return []


sharding_rules.register(debug_callback_p, keep)


def _host_function(callback):
    def call(*arrays):
        callback(*[np.asarray(a) for a in arrays])
        return ()

    return call


def _debug_callback_lowering(ctx, *args, callback):
    mctx = ctx.module_ctx
    index = _register(mctx, _host_function(callback))
    u64 = ir.IntegerType.get_unsigned(64)
    layouts = [_layout(a.ndim) for a in ctx.avals_in]
    attrs = {
        "call_target_name": ir.StringAttr.get(TARGET),
        "has_side_effect": ir.BoolAttr.get(True),
        "api_version": ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 4),
        "backend_config": ir.DictAttr.get({"index": ir.IntegerAttr.get(u64, index)}),
        "operand_layouts": ir.ArrayAttr.get(layouts),
        "result_layouts": ir.ArrayAttr.get([]),
        "sdy.sharding": _on_device_zero(mctx),
    }
    ir.Operation.create("stablehlo.custom_call", [], list(args), attrs)
    return []


lowering_rules.register(debug_callback_p, _debug_callback_lowering)


def _layout(ndim: int) -> ir.Attribute:
    index = ir.IndexType.get()
    values = list(range(ndim - 1, -1, -1))
    return ir.DenseElementsAttr.get(
        np.asarray(values, np.int64), type=ir.RankedTensorType.get([ndim], index)
    )


def _register(mctx, fn) -> int:
    """The callback's position in the module's list (`MODULE_ATTR`)."""
    ident = next(_ids)
    HOST_CALLBACKS[ident] = fn
    attrs = mctx.module.operation.attributes
    ids = list(attrs[MODULE_ATTR]) if MODULE_ATTR in attrs else []
    i64 = ir.IntegerType.get_signless(64)
    ids.append(ir.IntegerAttr.get(i64, ident))
    attrs[MODULE_ATTR] = ir.ArrayAttr.get(ids)
    return len(ids) - 1


def _on_device_zero(mctx) -> ir.Attribute:
    """`#sdy.sharding_per_value<[<@maximal_mesh_0, []>]>`, its mesh emitted once."""
    name = "maximal_mesh_0"
    if name not in mctx.symbol_names:
        mctx.symbol_names.add(name)
        with ir.InsertionPoint.at_block_begin(mctx.module.body):
            sdy.MeshOp(name, sdy.MeshAttr.get([], device_ids=[0]))
    sharding = sdy.TensorShardingAttr.get(name, [], [], [])
    return sdy.TensorShardingPerValueAttr.get([sharding])


def module_callbacks(module: ir.Module) -> list:
    """The host callbacks a module's custom calls name, in index order (for the compiler)."""
    attrs = module.operation.attributes
    if MODULE_ATTR not in attrs:
        return []
    return [HOST_CALLBACKS[ir.IntegerAttr(a).value] for a in attrs[MODULE_ATTR]]


# ---------------------------------------------------------------------------------------------
# Autodiff: the callback sees primal values only; it has no tangent and nothing to transpose.


@jvp_rules.register(debug_callback_p)
def _debug_callback_jvp(primals, tangents, *, callback):
    return debug_callback_p.bind(*primals, callback=callback), []


@transpose_rules.register(debug_callback_p)
def _debug_callback_transpose(cts, *args, callback):
    return [None] * len(args)


# ---------------------------------------------------------------------------------------------
# Batching: the callback runs once per example (as JAX's debug.print under vmap).


@batching_rules.register(debug_callback_p)
def _debug_callback_batcher(args, dims, *, callback):
    size = next(aval_of(a).shape[d] for a, d in zip(args, dims) if d is not None)
    moved = [a if d is None else moveaxis(a, d, 0) for a, d in zip(args, dims)]
    mapped = [d is not None for d in dims]

    def per_example(*arrays):
        for i in range(size):
            callback(*[a[i] if m else a for a, m in zip(arrays, mapped)])

    debug_callback_p.bind(*moved, callback=per_example)
    return [], []


def debug_callback(callback, *args) -> None:
    """Calls `callback(*arrays)` with the values of `args` (arrays), when the program runs."""
    if not callable(callback):
        raise MeshjitTypeError(
            f"debug.callback expects a callable, got {type(callback).__name__} {callback!r}"
        )
    if current_trace() is None:
        callback(*[np.asarray(a) for a in args])
        return
    debug_callback_p.bind(*args, callback=callback)
