"""Reductions XLA cannot split across devices, kept whole on the reduced dimensions.

XLA (jaxlib 0.10.2) partitions a `stablehlo.reduce` over a sharded dimension as a local reduce
and a cross-device all-reduce with the same body; the CPU runtime's all-reduce knows only add,
multiply, minimum and maximum (and `and` / `or` of booleans, as min / max), so any other body
fails the compile with "UNIMPLEMENTED: Unsupported reduction computation" (probed: and / or /
xor of integers, xor of booleans, subtract, `a + 2 * b`; JAX's own jit fails the same way on a
sharded input). The fuzzer's seed 150014: `lax.reduce_and` of int16[6] over a=2.

So before XLA sees the module, each such reduce's sharded operands are constrained to their
shardings with the reduced dimensions replicated: XLA gathers them and reduces locally (the
result has no reduced dimension: its sharding stays).
"""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.dialects.sdy import MeshShape
from meshjit.passes.export.guard_util import is_sharded, ops_named, replicate_operand
from meshjit.passes.graph.sharding_io import read_meshes, value_sharding
from meshjit.passes.rules.util import ints

_MONOIDS = {"stablehlo.add", "stablehlo.multiply", "stablehlo.minimum", "stablehlo.maximum"}
_BOOL_MONOIDS = {"stablehlo.and", "stablehlo.or"}


def unsplittable(op) -> bool:
    """Whether XLA's all-reduce refuses the body of this one-operand reduce (variadic ones,
    argmax's, XLA partitions its own way)."""
    if len(op.results) != 1:
        return False
    body = list(op.regions[0].blocks[0].operations)
    name = body[0].operation.name if len(body) == 2 else ""
    if name in _MONOIDS:
        return False
    element = ir.RankedTensorType(op.results[0].type).element_type
    is_bool = isinstance(element, ir.IntegerType) and element.width == 1
    return not (name in _BOOL_MONOIDS and is_bool)


def _guard(op, meshes: dict[str, MeshShape]) -> bool:
    reduced = ints(op, "dimensions")
    sharding = value_sharding(op.operands[0])
    if not any(is_sharded(sharding, d, meshes) for d in reduced) or not unsplittable(op):
        return False
    replicate_operand(op, 0, sharding, set(reduced))
    return True


def guard_unsplittable_reductions(module_op: ir.Operation) -> int:
    """Replicates, at each reduce whose body XLA's all-reduce does not take, the reduced
    dimensions of its operand where they are sharded (see the module docstring); returns how
    many reduces were changed."""
    meshes = read_meshes(module_op)
    return sum(_guard(op, meshes) for op in ops_named(module_op, ("stablehlo.reduce",)))
