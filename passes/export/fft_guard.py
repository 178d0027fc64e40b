"""FFTs on unevenly sharded transformed dimensions, kept away from XLA's SPMD partitioner.

XLA (jaxlib 0.10.2) partitions a `stablehlo.fft` whose operand has a transformed dimension
(one of its last `fft_length` ones) sharded unevenly into a module its CPU runtime rejects
("RET_CHECK failure (xla/backends/cpu/runtime/fft_thunk.cc:168)
LayoutUtil::IsMonotonicWithDim0Major"; probed on 8 CPU devices: `jnp.fft.fft` / `ifft` of
f32[5,9] or f32[5,3] placed over 2 or 4 devices on the transformed dimension; the uneven
sweep's fft0 / fft1 / fft2 cases). Evenly sharded ones (f32[5,8], f32[5,12] over 2 or 4) are
partitioned right and are left alone.

So before XLA sees the module those dimensions of the operand are replicated at the FFT (and
of its result where it is sharded there too, constrained back after it).

Not guarded (open): the same RET_CHECK when the FFT's result is resharded along a transformed
dimension right after it, even or not (f32[5,8] or f32[5,9], `fft` constrained to P(None, 'a')
and returned replicated, or returned with uneven `out_shardings` P(None, 'a')): XLA's layout
assignment gives the all-gather along that dimension, and through it the FFT, a column-major
layout the FFT thunk refuses; replicating at the FFT does not help, the reshard after it
remains.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.dialects.sdy import MeshShape
from meshjit.passes.export.guard_util import ops_named, replicate_at_unary, uneven_dims
from meshjit.passes.graph.sharding_io import (
    op_result_shardings,
    read_meshes,
    value_sharding,
)
from meshjit.passes.rules.util import shape_of


def _guard(op, meshes: dict[str, MeshShape]) -> bool:
    operand = value_sharding(op.operands[0])
    (result,) = op_result_shardings(op) or (None,)
    in_shape = shape_of(op.operands[0])
    count = len(ir.DenseI64ArrayAttr(op.attributes["fft_length"]))
    transformed = range(len(in_shape) - count, len(in_shape))
    dims = set(uneven_dims(operand, in_shape, transformed, meshes))
    return replicate_at_unary(op, operand, result, dims, meshes)


def guard_uneven_ffts(module_op: ir.Operation) -> int:
    """Replicates, at each FFT, its transformed dimensions sharded unevenly on its operand (see
    the module docstring); returns how many FFTs were changed."""
    meshes = read_meshes(module_op)
    return sum(_guard(op, meshes) for op in ops_named(module_op, ("stablehlo.fft",)))
