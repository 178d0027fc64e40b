"""Pallas' TPU vocabulary (JAX's `jax.experimental.pallas.tpu`) as the interpreter runs it:
memory spaces and semaphores for scratch buffers, compiler parameters (accepted, unused), the
grid spec whose first operands are scalars prefetched for the index maps and the kernel, DMA
copies (done when started; remote ones are collectives, see `remote`), TPU interpret mode's
parameters, and `roll`."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.numpy.rearranging import roll as jnp_roll
from meshjit.compiler.numpy.shapes import swapaxes as jnp_swapaxes
from meshjit.compiler.numpy.util import is_traced
from meshjit.compiler.pallas.core import (
    SEMAPHORE_SPACE,
    GridSpec,
    MemoryRef,
    _Space,
    dma,
    force_interpret,
    no_block_spec,
    set_interpret,
)
from meshjit.compiler.pallas.core import MemorySpace as _PlMemorySpace
from meshjit.compiler.pallas.remote import DeviceIdType, barrier_semaphore, remote_write
from meshjit.compiler.pallas.triton import store as _masked_store


class MemorySpace(_Space, enum.Enum):
    VMEM = "vmem"
    VMEM_SHARED = "vmem_shared"
    SMEM = "smem"
    CMEM = "cmem"
    SEMAPHORE = SEMAPHORE_SPACE
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
    memory_space = property(lambda self: MemorySpace.SEMAPHORE)

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
    """A DMA from `src_ref` to `dst_ref` (on the device `device_id` names, if given):
    `start()` copies, `wait()` has nothing to wait for."""

    def __init__(
        self,
        src_ref,
        dst_ref,
        sem=None,
        recv_sem=None,
        device_id=None,
        device_id_type=DeviceIdType.MESH,
    ):
        self.src_ref, self.dst_ref, self.sem, self.recv_sem = src_ref, dst_ref, sem, recv_sem
        self.device_id, self.device_id_type = device_id, device_id_type

    @property
    def is_remote(self) -> bool:
        return self.device_id is not None

    def start(self, priority: int = 0):
        del priority
        with dma():
            if self.is_remote:
                remote_write(self.dst_ref, self.src_ref[...], self.device_id, self.device_id_type)
            else:
                self.dst_ref[...] = self.src_ref[...]
        return self

    def wait(self):
        return None

    def wait_recv(self):
        return None

    def wait_send(self):
        if not self.is_remote:
            raise MeshjitValueError("Cannot `wait_send` on a local copy.")


def make_async_copy(src_ref, dst_ref, sem):
    return AsyncCopyDescriptor(src_ref, dst_ref, sem)


def async_copy(src_ref, dst_ref, sem, *, priority: int = 0):
    return make_async_copy(src_ref, dst_ref, sem).start(priority)


def make_async_remote_copy(
    src_ref, dst_ref, send_sem, recv_sem, device_id, device_id_type=DeviceIdType.MESH
):
    """A copy from `src_ref` here to `dst_ref` on the device `device_id` names."""
    return AsyncCopyDescriptor(src_ref, dst_ref, send_sem, recv_sem, device_id, device_id_type)


def async_remote_copy(
    src_ref, dst_ref, send_sem, recv_sem, device_id, device_id_type=DeviceIdType.MESH
):
    return make_async_remote_copy(
        src_ref, dst_ref, send_sem, recv_sem, device_id, device_id_type
    ).start()


def get_barrier_semaphore():
    return barrier_semaphore()


@dataclasses.dataclass(frozen=True, kw_only=True)
class InterpretParams:
    """TPU interpret mode (`interpret=pltpu.InterpretParams()`): kernels run as with
    `interpret=True`, with TPU interpret mode's uninitialized memory (`"nan"`: NaN, the
    largest integer, True; or `"zero"`); the other fields tune JAX's simulator and are
    accepted."""

    detect_races: bool = False
    out_of_bounds_reads: str = "raise"
    skip_floating_point_ops: bool = False
    uninitialized_memory: str = "nan"
    num_cores_or_threads: int = 1
    vector_clock_size: int | None = None
    logging_mode: Any = None
    dma_execution_mode: str = "on_wait"
    random_seed: int | None = None
    grid_point_recorder: Any = None
    allow_hbm_allocation_in_run_scoped: bool = False
    buffer_bounds: str = "logical"

    def __post_init__(self):
        if self.num_cores_or_threads < 1:
            raise MeshjitValueError(
                "Number of cores or threads must be at least 1, but got"
                f" {self.num_cores_or_threads}."
            )
        if self.vector_clock_size is not None and self.vector_clock_size < 1:
            raise MeshjitValueError(
                f"Vector clock size must be at least 1, but got {self.vector_clock_size}."
            )

    @property
    def num_cores_per_device(self) -> int:
        return self.num_cores_or_threads


def sync_copy(src_ref, dst_ref, *, add: bool = False):
    with dma():
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


# -- the TPU's own random number generator: no CPU rule, as in JAX ---------------------------


def _no_cpu_rule(primitive: str):
    raise MeshjitNotImplementedError(
        f"MLIR translation rule for primitive '{primitive}' not found for platform cpu"
    )


def prng_seed(*seeds):
    """Seeds the TPU core's generator: JAX has no CPU rule for it (use `jax.random` with a
    key operand in the kernel instead)."""
    _no_cpu_rule("prng_seed")


def prng_random_bits(shape):
    _no_cpu_rule("prng_random_bits")


def stateful_bits(shape, dtype=None):
    _no_cpu_rule("prng_random_bits")


def stateful_uniform(shape, dtype=None, minval=0.0, maxval=1.0):
    _no_cpu_rule("prng_random_bits")


def stateful_normal(shape, dtype=None):
    _no_cpu_rule("prng_random_bits")


def stateful_bernoulli(shape, p=0.5):
    _no_cpu_rule("prng_random_bits")


def stochastic_round(x, random_bits, *, target_dtype):
    _no_cpu_rule("stochastic_round")


def pack_elementwise(xs, *, packed_dtype):
    _no_cpu_rule("pack_elementwise")


def unpack_elementwise(x, *, index, packed_dtype, unpacked_dtype):
    _no_cpu_rule("unpack_elementwise")


def trace_value(label: str, value) -> None:
    """Emits a scalar to the TPU profiler's trace: no CPU rule, as in JAX."""
    _no_cpu_rule("trace_value")


def sample_block(sampler_fn, global_key, block_size, tile_size, total_size,
                 block_index=None, **kwargs):  # fmt: skip
    """Samples a block with the TPU core's generator: no CPU rule, as in JAX."""
    _no_cpu_rule("prng_seed")


def touch(ref) -> None:
    """A fake read-write dependency on `ref`: JAX's interpreter has no rule for it."""
    raise MeshjitNotImplementedError(
        "No state discharge rule implemented for primitive: add_dependency"
    )


# -- data movement between layouts and memories ------------------------------------------------


def bitcast(x, ty):
    """`x`'s bits as `ty`; a change of bit width packs (or unpacks) consecutive rows of the
    second-minor dimension into one element (or several), as a TPU's registers hold them."""
    ty = np.dtype(ty)
    if x.ndim < 2:
        raise MeshjitValueError("Not implemented: bitcast 1D")
    src, dst = x.dtype.itemsize * 8, ty.itemsize * 8
    if x.shape[-2] * src % dst:
        raise MeshjitValueError(
            "Not implemented: the 2nd minor dim can not be perfectly packed or unpacked"
        )
    if src < dst:  # rows (2i, 2i+1, ...) into one: the lowest bits from the first
        *lead, m, n = x.shape
        x = lax.reshape(x, (*lead, m // (dst // src), dst // src, n))
        return lax.bitcast_convert_type(jnp_swapaxes(x, -1, -2), ty)
    y = lax.bitcast_convert_type(x, ty)
    if src > dst:
        *lead, m, n, packing = y.shape
        y = lax.reshape(jnp_swapaxes(y, -1, -2), (*lead, m * packing, n))
    return y


def load(ref, *, mask=None):
    """`ref[...]` (what `mask` leaves out is unspecified)."""
    del mask
    return ref[...]


def store(ref, val, *, mask=None) -> None:
    """`ref[...] = val` where `mask` holds (everywhere without one)."""
    _masked_store(ref, val, mask=mask)


def with_memory_space_constraint(x, memory_space):
    """`x`, to be allocated in `memory_space` when it is a kernel's operand (traced only)."""
    if memory_space is _PlMemorySpace.ANY:
        return x
    if memory_space not in (MemorySpace.HBM, MemorySpace.VMEM, MemorySpace.SMEM):
        raise MeshjitNotImplementedError(
            "with_memory_space_constraint only supports HBM, VMEM and SMEM."
        )
    if not is_traced(x):
        raise MeshjitValueError("Cannot eagerly run with_memory_space_constraint.")
    return x


# -- TPU interpret mode forced on every kernel, and the TPU this is not -----------------------

_DEFAULT = object()  # (`InterpretParams()`; `None` forces nothing)


def force_tpu_interpret_mode(params=_DEFAULT):
    """A context in which every `pallas_call` runs in TPU interpret mode with `params`
    (`InterpretParams()` by default; `None` leaves each call's own mode)."""
    return force_interpret(InterpretParams() if params is _DEFAULT else params)


def set_tpu_interpret_mode(params=_DEFAULT) -> None:
    set_interpret(InterpretParams() if params is _DEFAULT else params)


def reset_tpu_interpret_mode_state() -> None:
    """Resets TPU interpret mode's shared state: the interpreter keeps none between calls."""


def is_tpu_device() -> bool:
    return False


def get_tpu_info():
    raise MeshjitValueError("Unsupported TPU device kind: cpu")


def emit_pipeline(body, *, grid, in_specs=(), out_specs=(), **kwargs):
    """A software pipeline inside a kernel: it needs the TPU's tiling, as in JAX on CPU."""
    get_tpu_info()


class CoreType(enum.Enum):
    TC = "tc"
    SC_SCALAR_SUBCORE = "sc_scalar_subcore"
    SC_VECTOR_SUBCORE = "sc_vector_subcore"


class dma_semaphore:  # noqa: N801  (JAX's name)
    """The dtype of a DMA semaphore."""
