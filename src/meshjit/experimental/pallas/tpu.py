"""meshjit.experimental.pallas.tpu (as `jax.experimental.pallas.tpu`): what TPU kernels name,
for running them in interpret mode."""

from meshjit.compiler.api_util import deprecation_getattr as _deprecation_getattr
from meshjit.compiler.pallas.core import MemorySpace as _PlMemorySpace
from meshjit.compiler.pallas.einshape import einshape
from meshjit.compiler.pallas.remote import (
    DeviceIdType as _DeviceIdType,
)
from meshjit.compiler.pallas.remote import (
    semaphore_read as _semaphore_read,
)
from meshjit.compiler.pallas.remote import (
    semaphore_signal as _semaphore_signal,
)
from meshjit.compiler.pallas.remote import (
    semaphore_wait as _semaphore_wait,
)
from meshjit.compiler.pallas.tpu import (
    CompilerParams,
    CoreType,
    GridDimensionSemantics,
    InterpretParams,
    MemorySpace,
    PrefetchScalarGridSpec,
    SemaphoreType,
    async_copy,
    async_remote_copy,
    bitcast,
    dma_semaphore,
    emit_pipeline,
    force_tpu_interpret_mode,
    get_barrier_semaphore,
    get_tpu_info,
    is_tpu_device,
    load,
    make_async_copy,
    make_async_remote_copy,
    pack_elementwise,
    prng_random_bits,
    prng_seed,
    reset_tpu_interpret_mode_state,
    roll,
    sample_block,
    set_tpu_interpret_mode,
    stateful_bernoulli,
    stateful_bits,
    stateful_normal,
    stateful_uniform,
    stochastic_round,
    store,
    sync_copy,
    touch,
    trace_value,
    unpack_elementwise,
    with_memory_space_constraint,
)

PARALLEL = GridDimensionSemantics.PARALLEL
CORE_PARALLEL = GridDimensionSemantics.CORE_PARALLEL
SUBCORE_PARALLEL = GridDimensionSemantics.SUBCORE_PARALLEL
ARBITRARY = GridDimensionSemantics.ARBITRARY
CMEM = MemorySpace.CMEM
SMEM = MemorySpace.SMEM
VMEM = MemorySpace.VMEM
VMEM_SHARED = MemorySpace.VMEM_SHARED
HBM = MemorySpace.HBM
SEMAPHORE = MemorySpace.SEMAPHORE

# JAX's deprecated aliases of names that moved to `pl` (each use warns, as in JAX)
__getattr__ = _deprecation_getattr(
    __name__,
    {
        "HOST": ("pltpu.HOST is deprecated, use pl.HOST instead.", _PlMemorySpace.HOST),
        "DeviceIdType": (
            "pltpu.DeviceIdType is deprecated, use pl.DeviceIdType instead.",
            _DeviceIdType,
        ),
        "semaphore_read": (
            "pltpu.semaphore_read is deprecated, use pl.semaphore_read instead.",
            _semaphore_read,
        ),
        "semaphore_signal": (
            "pltpu.semaphore_signal is deprecated, use pl.semaphore_signal instead.",
            _semaphore_signal,
        ),
        "semaphore_wait": (
            "pltpu.semaphore_wait is deprecated, use pl.semaphore_wait instead.",
            _semaphore_wait,
        ),
    },
)

__all__ = [
    "ARBITRARY",
    "CMEM",
    "CORE_PARALLEL",
    "CompilerParams",
    "CoreType",
    "GridDimensionSemantics",
    "HBM",
    "InterpretParams",
    "MemorySpace",
    "PARALLEL",
    "PrefetchScalarGridSpec",
    "SEMAPHORE",
    "SMEM",
    "SUBCORE_PARALLEL",
    "SemaphoreType",
    "VMEM",
    "VMEM_SHARED",
    "async_copy",
    "async_remote_copy",
    "bitcast",
    "dma_semaphore",
    "einshape",
    "emit_pipeline",
    "force_tpu_interpret_mode",
    "get_barrier_semaphore",
    "get_tpu_info",
    "is_tpu_device",
    "load",
    "make_async_copy",
    "make_async_remote_copy",
    "pack_elementwise",
    "prng_random_bits",
    "prng_seed",
    "reset_tpu_interpret_mode_state",
    "roll",
    "sample_block",
    "set_tpu_interpret_mode",
    "stateful_bernoulli",
    "stateful_bits",
    "stateful_normal",
    "stateful_uniform",
    "stochastic_round",
    "store",
    "sync_copy",
    "touch",
    "trace_value",
    "unpack_elementwise",
    "with_memory_space_constraint",
]
