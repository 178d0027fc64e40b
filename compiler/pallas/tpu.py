"""Pallas' TPU vocabulary (JAX's `jax.experimental.pallas.tpu`) as the interpreter runs it:
memory spaces and semaphores for scratch buffers, compiler parameters (accepted, unused), the
grid spec whose first operands are scalars prefetched for the index maps and the kernel, DMA
copies (done when started: the interpreter has one memory), and `roll`."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.numpy.rearranging import roll as jnp_roll
from meshjit.compiler.pallas.core import GridSpec, MemoryRef, _Space, no_block_spec


class MemorySpace(_Space, enum.Enum):
    VMEM = "vmem"
    VMEM_SHARED = "vmem_shared"
    SMEM = "smem"
    CMEM = "cmem"
    SEMAPHORE = "semaphore_mem"
    HBM = "hbm"

    def __repr__(self):
        return self.name


class SemaphoreType(enum.Enum):
    """A semaphore scratch buffer (`SemaphoreType.DMA`, or `.DMA((n,))` for n of them): an
    int32 counter in interpret mode."""

    REGULAR = "regular"
    DMA = "dma"
    BARRIER = "barrier"

    def __call__(self, shape):
        return MemoryRef(tuple(shape), np.dtype(np.int32), MemorySpace.SEMAPHORE)

    shape = property(lambda self: ())
    dtype = property(lambda self: np.dtype(np.int32))

    def get_ref_aval(self):
        return self(()).get_ref_aval()


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


class AsyncCopyDescriptor:
    """A DMA from `src_ref` to `dst_ref`: `start()` copies, `wait()` has nothing to wait for."""

    def __init__(self, src_ref, dst_ref, sem=None):
        self.src_ref, self.dst_ref, self.sem = src_ref, dst_ref, sem

    def start(self, priority: int = 0):
        del priority
        self.dst_ref[...] = self.src_ref[...]
        return self

    def wait(self):
        return None

    def wait_recv(self):
        return None

    def wait_send(self):
        return None


def make_async_copy(src_ref, dst_ref, sem):
    return AsyncCopyDescriptor(src_ref, dst_ref, sem)


def async_copy(src_ref, dst_ref, sem, *, priority: int = 0):
    return make_async_copy(src_ref, dst_ref, sem).start(priority)


def sync_copy(src_ref, dst_ref, *, add: bool = False):
    dst_ref[...] = dst_ref[...] + src_ref[...] if add else src_ref[...]


def roll(x, shift, axis: int, *, stride=None, stride_axis=None):
    """`jnp.roll(x, shift, axis)`; with `stride`, slice k along `stride_axis` rolls by
    shift + k * stride."""
    if stride is None:
        return jnp_roll(x, shift, axis)
    parts = [
        jnp_roll(lax.slice_in_dim(x, k, k + 1, axis=stride_axis), shift + k * stride, axis)
        for k in range(x.shape[stride_axis])
    ]
    return lax.concatenate(parts, stride_axis)
