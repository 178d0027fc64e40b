"""meshjit.experimental.pallas (as `jax.experimental.pallas`): custom kernels over a grid of
blocks, run as JAX's interpret mode runs them (`interpret=True`; the only mode on CPU)."""

from meshjit.compiler.api_util import deprecation_getattr as _deprecation_getattr
from meshjit.compiler.config import option_context as _option_context
from meshjit.compiler.numpy.index_plan import Slice, dslice
from meshjit.compiler.pallas.core import (
    BlockDim,
    Blocked,
    BlockSpec,
    BoundedSlice,
    Buffered,
    CompilerParams,
    CostEstimate,
    Element,
    GridSpec,
    Indirect,
    MemoryRef,
    MemorySpace,
    RevisitMode,
    Squeezed,
    align_to,
    broadcast_to,
    cdiv,
    debug_check,
    debug_print,
    delay,
    empty,
    empty_like,
    empty_ref_like,
    get_global,
    loop,
    multiple_of,
    next_power_of_2,
    no_block_spec,
    num_programs,
    program_id,
    reciprocal,
    run_scoped,
    run_state,
    select_ref,
    semaphore,
    squeezed,
    strides_from_shape,
    when,
    with_scoped,
)
from meshjit.compiler.pallas.cost_estimate import estimate_cost
from meshjit.compiler.pallas.pallas_call import pallas_call
from meshjit.compiler.pallas.remote import (
    DeviceIdType,
    semaphore_read,
    semaphore_signal,
    semaphore_wait,
)
from meshjit.compiler.pallas.triton import dot as _triton_dot

ds = dslice
enable_debug_checks = _option_context("jax_pallas_enable_debug_checks", True)
enable_poison_buffers = _option_context("jax_pallas_poison_buffers", True)
ANY = MemorySpace.ANY
HOST = MemorySpace.HOST

__all__ = [
    "ANY",
    "BlockDim",
    "BlockSpec",
    "Blocked",
    "BoundedSlice",
    "Buffered",
    "CompilerParams",
    "CostEstimate",
    "DeviceIdType",
    "Element",
    "GridSpec",
    "Indirect",
    "HOST",
    "MemoryRef",
    "MemorySpace",
    "RevisitMode",
    "Slice",
    "Squeezed",
    "align_to",
    "broadcast_to",
    "cdiv",
    "debug_check",
    "debug_print",
    "delay",
    "ds",
    "dslice",
    "empty",
    "empty_like",
    "empty_ref_like",
    "enable_debug_checks",
    "enable_poison_buffers",
    "estimate_cost",
    "get_global",
    "loop",
    "multiple_of",
    "next_power_of_2",
    "no_block_spec",
    "num_programs",
    "pallas_call",
    "program_id",
    "reciprocal",
    "run_scoped",
    "run_state",
    "select_ref",
    "semaphore",
    "semaphore_read",
    "semaphore_signal",
    "semaphore_wait",
    "squeezed",
    "strides_from_shape",
    "when",
    "with_scoped",
]

_DEPRECATED = {
    "dot": (
        "jax.experimental.pallas.dot was moved to jax.experimental.pallas.triton. Accessing it "
        "via jax.experimental.pallas is deprecated. You can use jax.numpy.dot, "
        "jax.numpy.einsum or the @ operator instead in a TPU or MGPU kernel.",
        _triton_dot,
    )
}

__getattr__ = _deprecation_getattr(__name__, _DEPRECATED)  # pl.dot, with JAX's warning
