"""meshjit.experimental.pallas.tpu (as `jax.experimental.pallas.tpu`): what TPU kernels name,
for running them in interpret mode."""

from meshjit.compiler.pallas.tpu import (
    CompilerParams,
    GridDimensionSemantics,
    MemorySpace,
    PrefetchScalarGridSpec,
    SemaphoreType,
    async_copy,
    make_async_copy,
    roll,
    sync_copy,
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

__all__ = [
    "ARBITRARY",
    "CMEM",
    "CORE_PARALLEL",
    "CompilerParams",
    "GridDimensionSemantics",
    "HBM",
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
    "make_async_copy",
    "roll",
    "sync_copy",
]
