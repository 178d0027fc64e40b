"""meshjit.experimental.pallas.tpu (as `jax.experimental.pallas.tpu`): what TPU kernels name,
for running them in interpret mode."""

from meshjit.compiler.pallas.tpu import (
    CompilerParams,
    GridDimensionSemantics,
    MemorySpace,
    PrefetchScalarGridSpec,
)

PARALLEL = GridDimensionSemantics.PARALLEL
CORE_PARALLEL = GridDimensionSemantics.CORE_PARALLEL
SUBCORE_PARALLEL = GridDimensionSemantics.SUBCORE_PARALLEL
ARBITRARY = GridDimensionSemantics.ARBITRARY
ANY = MemorySpace.ANY
CMEM = MemorySpace.CMEM
SMEM = MemorySpace.SMEM
VMEM = MemorySpace.VMEM
VMEM_SHARED = MemorySpace.VMEM_SHARED
HBM = MemorySpace.HBM
HOST = MemorySpace.HOST
SEMAPHORE = MemorySpace.SEMAPHORE

__all__ = [
    "ANY",
    "ARBITRARY",
    "CMEM",
    "CORE_PARALLEL",
    "CompilerParams",
    "GridDimensionSemantics",
    "HBM",
    "HOST",
    "MemorySpace",
    "PARALLEL",
    "PrefetchScalarGridSpec",
    "SEMAPHORE",
    "SMEM",
    "SUBCORE_PARALLEL",
    "VMEM",
    "VMEM_SHARED",
]
