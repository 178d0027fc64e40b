"""ragged_all_to_all: inside shard_map, each device sends contiguous chunks of its operand's
leading dimension (`input_offsets`, `send_sizes` per peer) into the peers' `output` buffers (at
`output_offsets`, `recv_sizes`), as JAX 0.10.2's `lax.ragged_all_to_all`. Lowered as JAX does,
to `stablehlo.custom_call @ragged_all_to_all`; XLA:CPU has no kernel for it (JAX's programs stop
there too), so on meshjit's CPU devices such programs lower and export but do not compile."""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
)
from meshjit.compiler.ir.sharding_rules import spec_of
from meshjit.compiler.lax.ad_util import aval_of, instantiate
from meshjit.compiler.lowering import emit
from meshjit.compiler.parallel.axis_env import check_index_groups, checked_axes, replica_groups

__all__ = ["ragged_all_to_all"]

ragged_all_to_all_p = Primitive("ragged_all_to_all")
_INDEX_ARGS = ("input_offsets", "send_sizes", "output_offsets", "recv_sizes")


@abstract_eval_rules.register(ragged_all_to_all_p)
def _abstract_eval(operand, output, *index_args, axis_name, axis_index_groups):
    for name, aval in zip(_INDEX_ARGS, index_args):  # JAX's words
        if not dtypes.is_int(aval.dtype):
            raise MeshjitValueError(f"ragged_all_to_all {name} must be integer type.")
        if aval.ndim != 1 or aval.shape[0] < 1:
            raise MeshjitValueError(
                f"ragged_all_to_all {name} must be rank 1 with positive dimension size, but "
                f"got shape {aval.shape}"
            )
    if operand.dtype != output.dtype or operand.shape[1:] != output.shape[1:]:
        raise MeshjitValueError(
            "ragged_all_to_all: operand and output must have one dtype and the same trailing "
            f"dimensions, got {operand.str_short()} and {output.str_short()}"
        )
    return output.update(weak_type=False)


sharding_rules.register(ragged_all_to_all_p, lambda out, operand, output, *_, **p: spec_of(output))


@jvp_rules.register(ragged_all_to_all_p)
def _jvp(primals, tangents, **params):
    """Linear in the operand and the output buffer; the offsets and sizes are indices."""
    out = ragged_all_to_all_p.bind(*primals, **params)
    (operand_dot, output_dot), index_args = tangents[:2], primals[2:]
    if operand_dot is None and output_dot is None:
        return out, None
    dots = [instantiate(t, aval_of(p)) for t, p in zip((operand_dot, output_dot), primals)]
    return out, ragged_all_to_all_p.bind(*dots, *index_args, **params)


@lowering_rules.register(ragged_all_to_all_p)
def _lowering(ctx, *args, axis_name, axis_index_groups):
    mesh = ctx.module_ctx.axis_envs[-1].mesh
    groups = replica_groups(mesh, axis_name, axis_index_groups)
    i64 = ir.IntegerType.get_signless(64)
    config = {
        "replica_groups": ir.DenseIntElementsAttr.get(np.asarray(groups, dtype=np.int64)),
        "channel_id": ir.IntegerAttr.get(i64, 1),  # JAX's constant collective channel
    }
    attributes = {
        "call_target_name": ir.StringAttr.get("ragged_all_to_all"),
        "api_version": ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 4),
        "backend_config": ir.DictAttr.get(config),
    }
    return emit("stablehlo.custom_call", [args[1].type], list(args), attributes).result


def ragged_all_to_all(
    operand, output, input_offsets, send_sizes, output_offsets, recv_sizes, *, axis_name,
    axis_index_groups=None,
):  # fmt: skip
    """Ragged all-to-all over the manual axis (or axes) `axis_name`; `output` is the buffer
    the received chunks are written into (its other rows are kept)."""
    env, axes = checked_axes(axis_name, "ragged_all_to_all")
    groups = check_index_groups(axis_index_groups, env.size(axes), "ragged_all_to_all")
    return ragged_all_to_all_p.bind(
        operand, output, input_offsets, send_sizes, output_offsets, recv_sizes,
        axis_name=axes, axis_index_groups=groups,
    )  # fmt: skip
