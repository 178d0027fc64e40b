"""Pallas' TPU vocabulary (JAX's `jax.experimental.pallas.tpu`) as the interpreter needs it:
memory spaces for scratch buffers, compiler parameters (accepted, unused), and the grid spec
whose first operands are scalars prefetched for the index maps and the kernel."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from meshjit.compiler.pallas.core import GridSpec, _Space, no_block_spec


class MemorySpace(_Space, enum.Enum):
    ANY = "any"
    VMEM = "vmem"
    VMEM_SHARED = "vmem_shared"
    SMEM = "smem"
    CMEM = "cmem"
    HBM = "hbm"
    HOST = "host"
    SEMAPHORE = "semaphore_mem"


class GridDimensionSemantics(enum.Enum):
    PARALLEL = "parallel"
    CORE_PARALLEL = "core_parallel"
    SUBCORE_PARALLEL = "subcore_parallel"
    ARBITRARY = "arbitrary"


@dataclasses.dataclass(frozen=True)
class CompilerParams:
    """Mosaic's compiler parameters: recorded, unused by the interpreter."""

    dimension_semantics: tuple[Any, ...] | None = None
    allow_input_fusion: tuple[bool, ...] | None = None
    vmem_limit_bytes: int | None = None
    collective_id: int | None = None
    has_side_effects: bool = False
    flags: dict[str, Any] | None = None
    serialization_format: int = 1
    internal_scratch_in_bytes: int | None = None
    disable_bounds_checks: bool = False
    kernel_type: Any = None
    skip_device_barrier: bool = False
    allow_collective_id_without_custom_barrier: bool = False
    shape_invariant_numerics: bool = False
    use_tc_tiling_on_sc: bool | None = None


class PrefetchScalarGridSpec(GridSpec):
    """A grid spec whose first `num_scalar_prefetch` operands are read whole, before the grid
    runs: the index maps get them after the grid indices, the kernel before the blocks."""

    def __init__(
        self,
        num_scalar_prefetch: int,
        grid=(),
        in_specs=no_block_spec,
        out_specs=no_block_spec,
        scratch_shapes=(),
    ):
        super().__init__(grid, in_specs, out_specs, tuple(scratch_shapes))
        self.num_scalar_prefetch = num_scalar_prefetch
