"""Function arguments sharded unevenly, restated for XLA.

XLA (jaxlib 0.10.2) imports an entry function's argument sharded unevenly (a dimension its
axes do not divide) with those dimensions' axes dropped: f32[1,3,10,6] placed P(None, 'c') or
P(('a', 'b')) on a 2x2x2 mesh becomes a replicated parameter, P(None, 'c', 'a') one split on
dimension 2 only (probed, 8 CPU devices; the runtime moves the arguments to the parameter's
sharding, `compiler/runtime/dispatch.py`). The ops reading the argument then meet a sharding
propagation did not decide, and the guards of this package reason about the wrong one: the
uneven sweep's conv1_g1 seed 4 (a kernel placed P('c', 'b', 'a', None), f32[3,3,2,3], reached
the convolution split on its spatial dimension only, which XLA partitions wrongly,
conv_guard.py). So each such argument is constrained, at the function's start, to its own
sharding: XLA reshards its parameter to it (only where a dimension is uneven)."""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.dialects.sdy import MeshShape, sharding_constraint
from meshjit.passes.export.guard_util import uneven_dims
from meshjit.passes.graph.call_graph import is_private
from meshjit.passes.graph.sharding_io import func_arg_sharding, read_meshes
from meshjit.passes.rules.util import shape_of


def _pin(func_op, index: int, meshes: dict[str, MeshShape]) -> bool:
    arg = func_op.regions[0].blocks[0].arguments[index]
    sharding = func_arg_sharding(func_op, index)
    if sharding is None or sharding.unreduced or not list(arg.uses):
        return False
    shape = shape_of(arg)
    if not uneven_dims(sharding, shape, range(len(shape)), meshes):
        return False
    block = func_op.regions[0].blocks[0]
    with ir.InsertionPoint.at_block_begin(block), func_op.location:
        pinned = sharding_constraint(arg, sharding)
    arg.replace_all_uses_except(pinned, pinned.owner.operation)
    return True


def pin_uneven_arguments(module_op: ir.Operation) -> int:
    """Constrains each argument of the module's public functions that is sharded unevenly to
    its sharding (see the module docstring); returns how many."""
    meshes = read_meshes(module_op)
    count = 0
    for op in module_op.regions[0].blocks[0].operations:
        op = op.operation
        if op.name != "func.func" or is_private(op) or not op.regions[0].blocks:
            continue
        count += sum(_pin(op, i, meshes) for i in range(len(op.regions[0].blocks[0].arguments)))
    return count
