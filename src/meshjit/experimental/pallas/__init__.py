"""meshjit.experimental.pallas (as `jax.experimental.pallas`): custom kernels over a grid of
blocks, run as JAX's interpret mode runs them (`interpret=True`; the only mode on CPU)."""

from meshjit.compiler.numpy.index_plan import Slice, dslice
from meshjit.compiler.pallas.core import (
    BlockDim,
    Blocked,
    BlockSpec,
    Buffered,
    CompilerParams,
    CostEstimate,
    Element,
    GridSpec,
    MemoryRef,
    MemorySpace,
    Squeezed,
    align_to,
    cdiv,
    debug_print,
    loop,
    multiple_of,
    next_power_of_2,
    no_block_spec,
    num_programs,
    program_id,
    run_scoped,
    squeezed,
    strides_from_shape,
    when,
)
from meshjit.compiler.pallas.pallas_call import pallas_call

ds = dslice
ANY = MemorySpace.ANY
HOST = MemorySpace.HOST

__all__ = [
    "ANY",
    "HOST",
    "BlockDim",
    "BlockSpec",
    "Blocked",
    "Buffered",
    "CompilerParams",
    "CostEstimate",
    "Element",
    "GridSpec",
    "MemoryRef",
    "MemorySpace",
    "Slice",
    "Squeezed",
    "align_to",
    "cdiv",
    "debug_print",
    "ds",
    "dslice",
    "loop",
    "multiple_of",
    "next_power_of_2",
    "no_block_spec",
    "num_programs",
    "pallas_call",
    "program_id",
    "run_scoped",
    "squeezed",
    "strides_from_shape",
    "when",
]
