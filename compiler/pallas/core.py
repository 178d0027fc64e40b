"""Pallas' kernel-side vocabulary (JAX's `jax.experimental.pallas`): block specs and grid specs,
the grid a kernel runs in (`program_id`, `num_programs`), and the helpers kernels use (`when`,
`loop`, `run_scoped`, `debug_print`, `cdiv`, ...).

meshjit runs a `pallas_call` as JAX's interpret mode does (`pallas_call.py`): a loop over the
grid whose body reads each operand's block, calls the kernel on references to the blocks and
writes them back. The kernel's references are meshjit's `Ref`s, so a kernel is ordinary traced
code: its reads, writes, `when`s and loops are the state and control-flow primitives."""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import (
    MeshjitAssertionError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.lax import control_flow
from meshjit.compiler.traceback_util import api_boundary


@dataclasses.dataclass(frozen=True)
class Blocked:
    """A block dimension of `block_size` elements; the index map gives the block's index."""

    block_size: int

    def __repr__(self):
        return f"Blocked(block_size={self.block_size})"


@dataclasses.dataclass(frozen=True)
class Squeezed:
    """A block dimension of size 1 that the kernel's reference does not have (`None` in a
    block shape); the index map gives the element's index."""

    def __repr__(self):
        return "Squeezed()"


squeezed = Squeezed()


@dataclasses.dataclass(frozen=True)
class Element:
    """A block dimension of `block_size` elements starting at the element the index map gives
    (not a block index), with `padding` (low, high) added to the array first."""

    block_size: int
    padding: tuple[int, int] = (0, 0)


@dataclasses.dataclass(frozen=True)
class BoundedSlice:
    """A block dimension the index map gives as `pl.ds(start, size)`, size <= block_size
    (Mosaic GPU's; interpret mode has none, as JAX's)."""

    block_size: int

    def __repr__(self):
        return f"BoundedSlice({self.block_size})"


@dataclasses.dataclass(frozen=True)
class Indirect:
    """A block dimension indexed by an array of indices (Mosaic GPU's; interpret mode has
    none, as JAX's)."""

    block_size: int

    def __repr__(self):
        return f"Indirect({self.block_size})"


BlockDim = Blocked | Squeezed | Element | BoundedSlice | Indirect


class _Space:
    """A memory space called with a shape and dtype gives a scratch buffer's type there."""

    def __call__(self, shape, dtype):
        return MemoryRef(tuple(shape), np.dtype(dtype), self)

    def __str__(self):
        return self.value


class MemorySpace(_Space, enum.Enum):
    """Where a kernel's operand lives; the interpreter reads every kind the same way."""

    ANY = "any"
    HOST = "host"


@dataclasses.dataclass(frozen=True)
class MemoryRef:
    """A scratch buffer's type: `shape` and `dtype` in a memory space (`pltpu.VMEM(...)`)."""

    shape: tuple[int, ...]
    dtype: Any
    memory_space: Any = None

    def get_ref_aval(self):
        """The type of the reference the kernel gets (JAX's name: what marks a scratch type)."""
        from meshjit.compiler.ir.core import ShapedArray

        return ShapedArray(tuple(self.shape), np.dtype(self.dtype))


@dataclasses.dataclass
class BlockSpec:
    """How an operand is cut for each kernel invocation: `block_shape` (ints, `None` for a
    squeezed dimension, or block dims) and `index_map`, from the grid indices to the block's
    indices. With neither, the kernel sees the whole array."""

    block_shape: Sequence[Any] | None = None
    index_map: Callable[..., Any] | None = None
    memory_space: Any | None = dataclasses.field(kw_only=True, default=None)
    pipeline_mode: Any | None = None


class _NoBlockSpec:
    def __repr__(self):
        return "NoBlockSpec"


no_block_spec = _NoBlockSpec()


@dataclasses.dataclass(init=False)
class GridSpec:
    """`grid`, `in_specs`, `out_specs` and `scratch_shapes` in one object."""

    grid: Any = ()
    in_specs: Any = no_block_spec
    out_specs: Any = no_block_spec
    scratch_shapes: Any = ()
    num_scalar_prefetch = 0  # TPU's PrefetchScalarGridSpec has some

    @api_boundary  # JAX's error names the user's line
    def __init__(self, grid=(), in_specs=no_block_spec, out_specs=no_block_spec, scratch_shapes=()):
        if not isinstance(in_specs, Sequence | _NoBlockSpec):  # JAX's (lists are taken too)
            raise MeshjitValueError(f"`in_specs` must be a tuple or a list. Found: {in_specs}")
        self.grid, self.in_specs, self.out_specs = grid, in_specs, out_specs
        self.scratch_shapes = scratch_shapes


@dataclasses.dataclass(frozen=True)
class CostEstimate:
    flops: int
    transcendentals: int
    bytes_accessed: int
    remote_bytes_transferred: int = 0


@dataclasses.dataclass(frozen=True)
class CompilerParams:
    """Backend compiler parameters: accepted and unused by the interpreter."""


@dataclasses.dataclass(frozen=True)
class Buffered:
    buffer_count: int
    use_lookahead: bool = False


# -- buffers in HBM under TPU interpret mode ---------------------------------------------------


@contextlib.contextmanager
def _pushed(stack: list, value):
    """`value` on top of `stack` inside the block (the interpreter's scoped states)."""
    stack.append(value)
    try:
        yield
    finally:
        stack.pop()


_DMA: list[bool] = []  # DMAs under way (copies move buffers in HBM; nothing else touches them)


def dma():
    return _pushed(_DMA, True)


class HbmRef:
    """An operand in HBM (`pl.ANY`, `pltpu.HBM`) as a kernel sees it in TPU interpret mode:
    copies move it and views of it (`.at[...]`), but the kernel cannot read or write it
    directly, as in JAX."""

    __slots__ = ("ref",)
    is_mutable_ref = True

    def __init__(self, ref):
        self.ref = ref

    shape = property(lambda self: self.ref.shape)
    dtype = property(lambda self: self.ref.dtype)
    ndim = property(lambda self: self.ref.ndim)
    ref_aval = property(lambda self: self.ref.ref_aval)

    @property
    def at(self):
        from meshjit.compiler.state.ref import ViewIndexer  # a later room

        return ViewIndexer(self)

    def __getitem__(self, index):
        _check_dma("get_p")
        return self.ref[index]

    def __setitem__(self, index, value):
        _check_dma("swap_p")
        self.ref[index] = value

    def __repr__(self):
        return f"HbmRef({self.ref!r})"


def _check_dma(primitive: str) -> None:
    if not _DMA:
        raise MeshjitValueError(
            f"{primitive}: Buffers with a memory space of HBM or ANY cannot be referenced "
            "directly. Instead, use `pltpu.sync_copy` or `pltpu.async_copy`."
        )


def in_hbm(spec) -> bool:
    return str(getattr(spec, "memory_space", None)) in ("any", "hbm")


# -- the grid a kernel runs in -------------------------------------------------------------

_GRID: list[tuple] = []  # (program ids, grid sizes, writable refs, cond branches being traced
# at the start) of the kernels running


def grid_env(indices: tuple, sizes: tuple, refs: list):
    return _pushed(_GRID, (indices, sizes, list(refs), control_flow.BRANCHES[0]))


def _grid_axis(name: str, axis: int) -> tuple:
    if not _GRID:
        raise MeshjitAssertionError(  # JAX asserts it
            f"{name} can only be called inside a pallas_call kernel"
        )
    indices, sizes = _GRID[-1][:2]
    if not -len(sizes) <= axis < len(sizes):  # a negative axis counts from the end (JAX's)
        raise MeshjitValueError(
            f"Axis {axis} is out of bounds for grid {sizes} ({name} of a grid of rank {len(sizes)})"
        )
    return indices[axis], sizes[axis]


def program_id(axis: int):
    """The index of the current kernel invocation along grid `axis` (an int32)."""
    return _grid_axis("program_id", axis)[0]


def num_programs(axis: int):
    """The size of the grid along `axis` (an int32)."""
    return lax.convert_element_type(_grid_axis("num_programs", axis)[1], np.int32)


# -- helpers kernels use -------------------------------------------------------------------


def cdiv(a, b):
    """Ceiling division: `(a + b - 1) // b`."""
    if isinstance(a, int) and isinstance(b, int):
        return -(-a // b)
    return lax.div(a + b - 1, b)


def next_power_of_2(x: int) -> int:
    if x < 0:
        raise ValueError("`next_power_of_2` requires a non-negative integer.")
    return 1 if x == 0 else 2 ** math.ceil(math.log2(x))


def align_to(a: int, alignment: int) -> int:
    return cdiv(a, alignment) * alignment


def strides_from_shape(shape: tuple[int, ...]) -> tuple[int, ...]:
    size = math.prod(shape)
    strides = []
    for s in shape:
        size //= s
        strides.append(size)
    return tuple(strides)


def multiple_of(x, values):
    """A hint that `x` is a multiple of `values`; the interpreter returns `x`."""
    del values
    return x


def when(condition, /):
    """Calls the decorated function when `condition` holds (a `cond` when it is traced; run
    predicated when its body sends to other devices, see below)."""

    def wrapped(f):
        if isinstance(condition, bool):
            if condition:
                f()
        elif _PREDICATED:
            _predicated(condition, f)
        elif _conditional(condition, f):
            _predicated(condition, f)

    return wrapped


# -- conditions over cross-device operations ------------------------------------------------
# A remote operation is a collective that every device joins, so it cannot sit in a `cond`
# whose condition may differ between devices (XLA would wait for the others forever). A `when`
# whose body makes one runs predicated instead: the body runs on every device, the kernel's
# buffers are put back where the condition is false, and then what the remote operations sent
# lands (each with its sender's condition, so nothing unsent lands).


class RemoteInConditional(Exception):
    """A remote operation traced inside a `when`'s cond: the `when` runs predicated."""


_CONDS = [0]  # how many `when` conds are being traced
_PREDICATED: list[tuple] = []  # (condition, deliveries to make after it, cond branches being
# traced at its start) per predicated `when`


def _conditional(condition, f) -> bool:
    """Traces `when` as a cond; False if it could, True if its body makes a remote operation
    (only the outermost `when` says so: the inner ones are inside its cond)."""
    outermost = _CONDS[0] == 0
    _CONDS[0] += 1
    try:
        lax.cond(condition, f, lambda: None)
    except RemoteInConditional:
        if not outermost:
            raise
        return True
    finally:
        _CONDS[0] -= 1
    return False


def check_remote_allowed() -> None:
    """A remote operation runs where every device makes it: unconditionally or under a
    predicated `when`, not in a cond / switch of the kernel's own."""
    if _CONDS[0] and not _PREDICATED:
        raise RemoteInConditional
    entered = _PREDICATED[-1][2] if _PREDICATED else (_GRID[-1][3] if _GRID else 0)
    if control_flow.BRANCHES[0] > entered:
        raise MeshjitNotImplementedError(
            "a remote DMA or semaphore signal inside a lax.cond / lax.switch branch of a "
            "Pallas kernel: every device must make it (it runs as a collective). Use "
            "`pl.when(condition)` around it instead, which runs it predicated"
        )


def current_predicate():
    """The condition the kernel's code runs under (None: unconditionally)."""
    return _PREDICATED[-1][0] if _PREDICATED else None


def deliver(delivery) -> None:
    """Makes a remote operation's delivery now, or after the predicated `when`s around it."""
    if _PREDICATED:
        _PREDICATED[-1][1].append(delivery)
    else:
        delivery()


def _predicated(condition, f) -> None:
    pred = lax.ne(condition, lax.full((), 0, condition.dtype)) if _is_int(condition) else condition
    if _PREDICATED:
        pred = lax.bitwise_and(_PREDICATED[-1][0], pred)
    refs = _GRID[-1][2] if _GRID else []
    before = [r[...] for r in refs]
    deliveries: list = []
    _PREDICATED.append((pred, deliveries, control_flow.BRANCHES[0]))
    try:
        f()
    finally:
        _PREDICATED.pop()
    for ref, old in zip(refs, before):
        new = ref[...]
        ref[...] = lax.select(lax.broadcast_in_dim(pred, tuple(new.shape), ()), new, old)
    for delivery in deliveries:
        deliver(delivery)


def _is_int(x) -> bool:
    return np.issubdtype(np.dtype(x.dtype), np.integer)


def loop(lower, upper, *, init_carry=None, step=1, unroll=None):
    """Calls the decorated `body(i)` (or `body(i, carry)`) for i in range(lower, upper, step)."""

    def decorator(body):
        if init_carry is None:
            body_fn = lambda idx, _: body(lower + idx * step)  # noqa: E731
        else:
            body_fn = lambda idx, carry: body(lower + idx * step, carry)  # noqa: E731
        return lax.fori_loop(0, cdiv(upper - lower, step), body_fn, init_carry, unroll=unroll)

    return decorator


# What unwritten memory holds: "hlo" (interpret=True, JAX's HLO interpreter), or TPU
# interpret mode's `InterpretParams.uninitialized_memory` ("nan" or "zero").
_MEMORY: list[str] = ["hlo"]


def uninitialized_memory(kind: str):
    return _pushed(_MEMORY, kind)


def uninitialized_value(shape, dtype):
    """What an unwritten output or scratch buffer holds in interpret mode, as JAX's. Its HLO
    interpreter gives NaN for floats, the smallest integer for integers and False; TPU
    interpret mode gives NaN, the largest integer and True, or zeros."""
    dtype = np.dtype(dtype)
    kind = _MEMORY[-1]
    if kind == "zero":
        fill = 0
    elif np.issubdtype(dtype, np.inexact):
        fill = np.nan
    elif np.issubdtype(dtype, np.integer):
        fill = np.iinfo(dtype).min if kind == "hlo" else np.iinfo(dtype).max
    else:
        fill = kind != "hlo"
    return lax.full(tuple(shape), fill, dtype)


SEMAPHORE_SPACE = "semaphore_mem"


def is_semaphore(t) -> bool:
    """Whether a scratch type is a semaphore (`pltpu.SemaphoreType.*`, `pltpu.SEMAPHORE(...)`)."""
    return str(getattr(t, "memory_space", None)) == SEMAPHORE_SPACE


def initial_value(t):
    """A fresh scratch buffer of type `t`: semaphores count from zero, memory is uninitialized."""
    if is_semaphore(t):
        return lax.full(tuple(t.shape), 0, np.int32)
    return uninitialized_value(t.shape, t.dtype)


def run_scoped(f, *types, collective_axes=(), **kw_types):
    """Calls `f` on fresh references of `types` (scratch buffers living for the call)."""
    from meshjit.compiler.state.ref import new_ref  # a later room

    del collective_axes
    refs = [new_ref(initial_value(t)) for t in types]
    kw_refs = {k: new_ref(initial_value(t)) for k, t in kw_types.items()}
    scoped = [*refs, *kw_refs.values()]
    writable = _GRID[-1][2] if _GRID else []
    writable.extend(scoped)  # a predicated `when` inside puts them back too
    try:
        return f(*refs, **kw_refs)
    finally:
        del writable[len(writable) - len(scoped) :]


def debug_print(fmt: str, *args) -> None:
    """Prints `fmt.format(*args)` as the kernel runs (once per invocation)."""
    from meshjit.compiler.lax.callbacks import debug_callback  # a later room

    debug_callback(lambda *vals: print(fmt.format(*vals), flush=True), *args)


def with_scoped(*types, collective_axes=(), **kw_types):
    """A decorator: the function runs with fresh references of `types` after its arguments."""

    def decorator(f):
        def wrapped(*args):
            return run_scoped(
                lambda *refs, **kw: f(*args, *refs, **kw),
                *types,
                collective_axes=collective_axes,
                **kw_types,
            )

        return wrapped

    return decorator


def empty(shape, dtype, *, out_sharding=None):
    """An array of `shape` and `dtype` whose values are unspecified (`lax.empty`)."""
    return lax.empty(tuple(shape), dtype, out_sharding=out_sharding)


def empty_like(x):
    """A pytree like `x` (leaves with shape and dtype) of arrays whose values are unspecified."""
    from meshjit.compiler.tree_util import tree_map

    return tree_map(lambda leaf: empty(leaf.shape, leaf.dtype), x)


def empty_ref_like(x):
    """A fresh ref of `x`'s shape and dtype (a scratch type, or a ShapeDtypeStruct: in HBM),
    inside a trace only, as JAX's (its refs with a memory space live in a jit)."""
    from meshjit.compiler.jit.api import ShapeDtypeStruct  # a later room
    from meshjit.compiler.state.ref import new_ref  # a later room
    from meshjit.compiler.trace.tracing import current_trace

    if not isinstance(x, MemoryRef | ShapeDtypeStruct):
        raise MeshjitValueError(f"empty_ref_like does not support {type(x)}")
    if current_trace() is None:
        raise MeshjitNotImplementedError(
            "array ref with memory space only works inside of a `jit`."
        )
    return new_ref(empty(x.shape, x.dtype))


def broadcast_to(a, shape: tuple[int, ...]):
    """`a` broadcast to `shape` (`jnp.broadcast_to`)."""
    from meshjit.compiler.numpy.shapes import broadcast_to as jnp_broadcast_to

    return jnp_broadcast_to(a, tuple(shape))


def debug_check(condition, message) -> None:
    """A check for `enable_debug_checks`: the interpreter checks nothing, as JAX's on CPU."""
    del condition, message


def reciprocal(x, *, approx: bool = False, full_range: bool = True):
    """1 / x (exactly: `approx` and `full_range` are hints for a TPU)."""
    del approx, full_range
    return lax.div(lax.full_like(x, 1), x)


def run_state(f):
    """`run_state(f)(init)`: `f` runs on references holding the pytree `init`; the result is
    what they hold after it."""
    from meshjit.compiler.state.ref import new_ref  # a later room
    from meshjit.compiler.tree_util import tree_map

    def wrapped(init):
        refs = tree_map(new_ref, init)
        f(refs)
        return tree_map(lambda r: r[...], refs, is_leaf=lambda r: hasattr(r, "ref_aval"))

    return wrapped


def delay(nanos) -> None:
    """Sleeps for `nanos` nanoseconds on a TPU: nothing in TPU interpret mode; the HLO
    interpreter (`interpret=True`) has no CPU rule for it, as in JAX."""
    del nanos
    if _MEMORY[-1] == "hlo":
        raise MeshjitNotImplementedError(
            "MLIR translation rule for primitive 'delay' not found for platform cpu"
        )


def get_global(what):
    """A reference living across kernel invocations: JAX's interpret modes cannot lower one."""
    raise MeshjitTypeError(
        "pl.get_global has no interpret-mode rule on CPU (JAX: No ir_type_handler for aval "
        f"type AbstractRef, for {what!r}); use a scratch buffer (`scratch_shapes`) instead"
    )


def select_ref(idx, *refs):
    """One of `refs` by a traced index: for TPU DMAs, which the interpreter cannot select."""
    del idx
    if len(refs) <= 1:
        raise MeshjitValueError("At least two refs are required for pl.select_ref.")
    raise MeshjitNotImplementedError(
        "pl.select_ref is not supported in interpret mode (JAX: no rule for SelectTransform)"
    )


class semaphore:  # noqa: N801  (JAX's name)
    """The dtype of a semaphore (`jnp.issubdtype(x.dtype, pl.semaphore)`)."""


class RevisitMode(enum.Enum):
    IMMEDIATE = "immediate"
    ANY = "any"


# TPU interpret mode forced on every `pallas_call` (`pltpu.force_tpu_interpret_mode`,
# `set_tpu_interpret_mode`): the global value first, the innermost context's last.
_FORCED_INTERPRET: list = [None]


def forced_interpret(interpret):
    """The interpret mode a `pallas_call` runs in: the forced one, or its own."""
    return _FORCED_INTERPRET[-1] or interpret


def force_interpret(params):
    return _pushed(_FORCED_INTERPRET, params)


def set_interpret(params) -> None:
    _FORCED_INTERPRET[0] = params
