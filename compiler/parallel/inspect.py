"""inspect_array_sharding: calls back with the sharding XLA gives a value inside jit.

As in JAX, the value goes through an `InspectSharding` custom call whose backend config is a
key jaxlib made for the callback: XLA's SPMD partitioner calls it, while compiling, with the
value's final HloSharding, read back as a NamedSharding on the program's mesh. A program without
a mesh runs on one device: the callback gets its SingleDeviceSharding when the call lowers.
Outside jit the array's own sharding is passed.
"""

from __future__ import annotations

import numpy as np
from jaxlib import xla_client
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    effectful,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    vma_rules,
)
from meshjit.compiler.ir.sharding_rules import keep
from meshjit.compiler.lax.callbacks import check_callable
from meshjit.compiler.parallel.sharding import (
    Mesh,
    NamedSharding,
    PartitionSpec,
    SingleDeviceSharding,
    spec_from_hlo,
)
from meshjit.compiler.trace.tracing import current_trace

__all__ = ["inspect_array_sharding"]

inspect_sharding_p = Primitive("inspect_sharding", multiple_results=True)
effectful.add(inspect_sharding_p)  # kept by dead-code elimination though nothing reads it
vma_rules.add(inspect_sharding_p)
_KEEP_ALIVE: list = []  # XLA holds only a key to each callback: the objects must outlive it


def inspect_array_sharding(value, *, callback) -> None:
    """`callback(sharding)` with `value`'s sharding: inside jit, the one XLA decides."""
    check_callable(callback, "inspect_array_sharding")
    from meshjit.compiler.tree_util import tree_leaves

    for leaf in tree_leaves(value):
        if current_trace() is None:
            callback(leaf.sharding)
        else:
            inspect_sharding_p.bind(leaf, callback=callback)


@abstract_eval_rules.register(inspect_sharding_p)
def _abstract_eval(aval, *, callback):
    return []


sharding_rules.register(inspect_sharding_p, keep)


@jvp_rules.register(inspect_sharding_p)
def _jvp(primals, tangents, *, callback):
    return inspect_sharding_p.bind(*primals, callback=callback), []


@batching_rules.register(inspect_sharding_p)
def _batch(args, dims, *, callback):
    inspect_sharding_p.bind(*args, callback=callback)
    return [], []


@lowering_rules.register(inspect_sharding_p)
def _lowering(ctx, value, *, callback):
    mctx, aval = ctx.module_ctx, ctx.avals_in[0]
    if not mctx.meshes:
        from meshjit.compiler.runtime.client import devices

        callback(SingleDeviceSharding(devices()[0]))
        return []

    def from_xla(hlo_sharding):
        callback(_named(mctx, hlo_sharding, aval.shape))

    _KEEP_ALIVE.append(from_xla)
    key = xla_client.encode_inspect_sharding_callback(from_xla)
    keyed_call("InspectSharding", key, [value.type], [value], side_effect=True, api_version=1)
    return []


def keyed_call(target, key, result_types, operands, *, side_effect: bool, api_version: int):
    """A `stablehlo.custom_call @target` whose backend config is the key of a Python callback
    XLA's partitioner calls (InspectSharding, CustomSPMDPartitioning)."""
    return hlo.CustomCallOp(
        result_types,
        operands,
        call_target_name=ir.StringAttr.get(target),
        has_side_effect=ir.BoolAttr.get(side_effect),
        api_version=ir.IntegerAttr.get(ir.IntegerType.get_signless(32), api_version),
        called_computations=ir.ArrayAttr.get([]),
        backend_config=ir.StringAttr.get(key),
        operand_layouts=None,
        result_layouts=None,
    )


def program_mesh(mctx) -> Mesh:
    """The program's (first) mesh, on the first devices."""
    from meshjit.compiler.runtime.client import devices  # runtime sits after parallel

    mesh_shape = next(iter(mctx.meshes))
    size = int(np.prod(mesh_shape.sizes))
    return Mesh(
        np.array(devices()[:size], dtype=object).reshape(mesh_shape.sizes), mesh_shape.names
    )


def _named(mctx, hlo_sharding, shape):
    """The NamedSharding on the program's (first) mesh that lays out `shape` as XLA does."""
    mesh = program_mesh(mctx)
    if hlo_sharding.is_manual():
        return NamedSharding(mesh, PartitionSpec())
    return spec_from_hlo(hlo_sharding, mesh, shape)
