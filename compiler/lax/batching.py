"""vmap as a jaxpr transform: the batching interpreter and the vocabulary batching rules are
written in (as `ad_util` is for autodiff).

A batching rule is `rule(args, dims, **params) -> (outs, out_dims)`: `dims[i]` is the axis of
`args[i]` that is mapped, or None (`not_mapped`) for an argument that is the same for every
example. Rules are written with lax's functions, so they bind into whatever trace is current
(or run eagerly outside one); `batch_eval` walks a jaxpr's equations and calls them. Rules that
need the mapped axis itself (its name, for collectives, or its size, for an operand no argument
maps) read `current_axis()`. Higher-order primitives batch their sub-jaxprs with `batch_jaxpr`.
"""

from __future__ import annotations

import threading
from typing import Sequence

import numpy as np

from meshjit.compiler.errors import MeshjitValueError, enter_source, leave_source
from meshjit.compiler.ir import sharding_rules
from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, Literal, ShapedArray
from meshjit.compiler.ir.registry import Primitive, batch_always, batching_rules, trace_state
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.trace.tracing import Trace, Tracer, bind_eagerly, new_trace, trace_flat

not_mapped = None


class BatchAxis:
    """The axis a vmap maps over: its name (or None), size, and the mesh axes it is sharded over
    inside jit (`spmd_axis_name`)."""

    __slots__ = ("name", "size", "spmd_axis_name")

    def __init__(self, name, size: int, spmd_axis_name=None):
        self.name, self.size, self.spmd_axis_name = name, size, spmd_axis_name

    def __repr__(self):
        return f"BatchAxis({self.name!r}, {self.size})"


class _AxisStack(threading.local):
    def __init__(self):
        self.axes: list[BatchAxis] = []


_stack = _AxisStack()


def current_axis() -> BatchAxis:
    """The axis of the innermost batching in progress (rules run inside one)."""
    assert _stack.axes, "a batching rule ran outside batch_eval"
    return _stack.axes[-1]


# Primitives whose rule runs even when no operand is mapped: collectives (an axis name may be the
# mapped one) and primitives holding jaxprs (their bodies may hold such collectives).
axis_rules: set[Primitive] = set()


# ---------------------------------------------------------------------------------------------
# vmap's trace.


class BatchTrace(Trace):
    """vmap's trace. As JAX's BatchTrace, it records only what depends on the mapped inputs
    when it runs eagerly or under a trace that knows its inputs' values (eager autodiff): an
    operation none of whose operands is one of its tracers (a closed-over constant, an unmapped
    argument, a value of an enclosing trace) is bound in the enclosing trace, or run now outside
    any, so its value stays as concrete as it is there (Python may branch on it,
    BCOO.fromdense may count its nonzeros). Under a staging trace it records every operation,
    so the replay binds the unmapped ones in program order, where JAX's jaxprs list them. Under
    a named vmap, the primitives that may name the mapped axis (`axis_rules`) are recorded all
    the same, as are those batched always (`batch_always`: the mutable refs')."""

    __slots__ = ("named",)

    def __init__(self, parent: Trace | None):
        super().__init__(parent)
        self.named = False

    def staging(self) -> Trace | None:
        return None if self.parent is None else self.parent.staging()

    def process(self, prim: Primitive, args: Sequence, params: dict, internal_frames: int):
        if (
            (self.named and prim in axis_rules)
            or prim in batch_always
            or self._staged()
            or self._depends_on_mapped(args, params)
        ):
            return Trace.process(self, prim, args, params, internal_frames)
        parent, saved = self.parent, trace_state.current
        trace_state.current = parent
        try:
            if parent is None:
                return bind_eagerly(prim, args, params)
            return parent.process(prim, args, params, internal_frames + 1)
        finally:
            trace_state.current = saved

    def _staged(self) -> bool:
        """Whether the operations land in a jaxpr whose values are unknown (a jit's, make_jaxpr's)."""
        staging = self.staging()
        return staging is not None and staging.known is None

    def _depends_on_mapped(self, args: Sequence, params: dict) -> bool:
        if any(type(x) is Tracer and x._trace is self for x in args):
            return True
        return any(self._owns_const(v) for v in params.values())

    def _owns_const(self, value) -> bool:
        """Whether a parameter (a closed jaxpr, or a tuple of them) captured one of its tracers."""
        if isinstance(value, tuple):
            return any(self._owns_const(v) for v in value)
        if isinstance(value, ClosedJaxpr):
            return any(type(c) is Tracer and c._trace is self for c in value.consts)
        return False


# ---------------------------------------------------------------------------------------------
# The interpreter.


def batch_eval(jaxpr: Jaxpr, consts: Sequence, args: Sequence, dims: Sequence, axis: BatchAxis):
    """Evaluates `jaxpr` on mapped `args` (mapped along `dims`); returns (outs, out_dims)."""
    env: dict[int, tuple] = {}
    for var, value in zip(jaxpr.constvars, consts):
        env[id(var)] = (value, None)
    for var, value, d in zip(jaxpr.invars, args, dims):
        env[id(var)] = (value, d)
    _stack.axes.append(axis)
    named = axis.name is not None
    try:
        for eqn in jaxpr.eqns:
            previous = enter_source(eqn.source, "vmap")
            try:
                _batch_eqn(eqn, env, named)
            finally:
                leave_source(previous)
    finally:
        _stack.axes.pop()
    outs = [_read(env, a) for a in jaxpr.outvars]
    return [v for v, _ in outs], [d for _, d in outs]


def _read(env, atom):
    return (atom.value(), None) if type(atom) is Literal else env[id(atom)]


def _batch_eqn(eqn, env, named: bool):
    prim = eqn.primitive
    pairs = [_read(env, a) for a in eqn.invars]
    vals, dims = [v for v, _ in pairs], [d for _, d in pairs]
    # Nothing mapped: bound as it is, unless it may name the mapped axis (an unnamed one can't).
    if (
        all(d is None for d in dims)
        and not (named and prim in axis_rules)
        and prim not in batch_always
    ):
        outs = prim.bind(*vals, **eqn.params)
        outs, odims = (outs if prim.multiple_results else [outs]), None
    else:
        rule = batching_rules.lookup(prim, eqn.source)
        outs, odims = rule(vals, dims, **eqn.params)
        if not prim.multiple_results:
            outs, odims = [outs], [odims]
    for i, var in enumerate(eqn.outvars):
        env[id(var)] = (outs[i], None if odims is None else odims[i])


def batch_closed(
    closed: ClosedJaxpr, args: Sequence, dims: Sequence, axis: BatchAxis | None = None
):
    return batch_eval(closed.jaxpr, closed.consts, args, dims, axis or current_axis())


def batch_jaxpr(
    closed: ClosedJaxpr,
    in_batched: Sequence[bool],
    force_out: Sequence[bool] | bool = False,
    axis: BatchAxis | None = None,
    axis_env=None,
    batched_vma: frozenset = frozenset(),
    batched_avals: Sequence | None = None,
) -> tuple[ClosedJaxpr, list[bool]]:
    """`closed` over examples: the batched inputs (and outputs) carry the mapped axis in front.
    Outputs listed in `force_out` are batched (broadcast) even when they do not vary. Returns
    the new jaxpr and which of its outputs are batched. `axis_env`: a shard_map body's;
    `batched_vma`: the manual axes the batched inputs then vary over (spmd_axis_name);
    `batched_avals`: the batched inputs' own types (their mapped axis in front), when the
    jaxpr is called on them as they are (a jit keeps their shardings in its types)."""
    axis = axis or current_axis()
    if isinstance(force_out, bool):
        force_out = [force_out] * len(closed.out_avals)
    avals = [
        batched_aval(a, axis.size).update(vma=a.vma | batched_vma) if b else a
        for a, b in zip(closed.in_avals, in_batched)
    ]
    if batched_avals is not None:
        avals = [_typed_like(a, t) if b else a for a, t, b in zip(avals, batched_avals, in_batched)]
    out_batched: list[bool] = []

    def fun(*args):
        dims = [0 if b else None for b in in_batched]
        outs, odims = batch_closed(closed, args, dims, axis)
        out_batched.extend(d is not None or f for d, f in zip(odims, force_out))
        return [
            move_to_front(x, d, axis.size) if b else x for x, d, b in zip(outs, odims, out_batched)
        ]

    with new_trace() as trace:
        if axis_env is not None:
            trace.axis_env = axis_env
        tracers = [trace.new_arg(a) for a in avals]
        out = trace.finish(list(fun(*tracers)))
    return out, out_batched


def batch_jaxpr_axes(
    closed: ClosedJaxpr,
    in_dims: Sequence[int | None],
    axis: BatchAxis | None = None,
    batched_avals: Sequence | None = None,
) -> tuple[ClosedJaxpr, list[int | None]]:
    """`closed` over examples with each input mapped along its own axis (`in_dims[i]`, None:
    unmapped), its outputs left mapped along whichever axis they come out on (JAX's
    batch_jaxpr2: a jit's call keeps the batch dimensions where they are). Returns the new
    jaxpr and its outputs' mapped axes. `batched_avals`: the mapped inputs' own types, when the
    jaxpr is called on them as they are (a jit keeps their shardings in its types)."""
    axis = axis or current_axis()
    avals = [
        a if d is None else batched_aval(a, axis.size, d) for a, d in zip(closed.in_avals, in_dims)
    ]
    if batched_avals is not None:
        avals = [
            a if d is None else _typed_like(a, t) for a, t, d in zip(avals, batched_avals, in_dims)
        ]
    out_dims: list[int | None] = []

    def fun(*args):
        outs, odims = batch_closed(closed, args, in_dims, axis)
        out_dims.extend(odims)
        return outs

    with new_trace() as trace:
        tracers = [trace.new_arg(a) for a in avals]
        out = trace.finish(list(fun(*tracers)))
    return out, out_dims


def _typed_like(aval, typed):
    """`aval` with `typed`'s sharding when `typed` is the same type but for it."""
    same = typed is not None and (typed.shape, typed.dtype) == (aval.shape, aval.dtype)
    if not same or getattr(typed, "sharding", None) is None:
        return aval
    return typed.update(weak_type=aval.weak_type, vma=aval.vma)


def vmap_flat(fun, args: Sequence, axis: BatchAxis):
    """`fun(*examples) -> pytree` over `args` mapped along axis 0: traced at the per-example
    avals, then batched. Returns the flat outputs (mapped along 0) and the output tree."""
    avals = [unbatched_aval(aval_of(x), 0) for x in args]
    closed, out_tree = trace_flat(fun, avals, kind=("vmap", axis.size))
    outs, dims = batch_closed(closed, args, [0] * len(args), axis)
    return [move_to_front(o, d, axis.size) for o, d in zip(outs, dims)], out_tree


def batched_aval(aval: ShapedArray, size: int, dim: int = 0) -> ShapedArray:
    if hasattr(aval, "inner_aval"):  # a mutable ref's type (state/types.py)
        return type(aval)(batched_aval(aval.inner_aval, size, dim))
    shape = aval.shape[:dim] + (size,) + aval.shape[dim:]
    out = ShapedArray(shape, aval.dtype, aval.weak_type, aval.vma)
    if dim < aval.ndim:  # keys' data batched in front of its word dimension: keys still
        out.key = aval.key
    return out


def unbatched_aval(aval: ShapedArray, dim: int | None) -> ShapedArray:
    if dim is None:
        return aval
    if hasattr(aval, "inner_aval"):  # a mutable ref's type (state/types.py)
        return type(aval)(unbatched_aval(aval.inner_aval, dim))
    shape = aval.shape[:dim] + aval.shape[dim + 1 :]
    example = ShapedArray(shape, aval.dtype, aval.weak_type, aval.vma, None, aval.mesh)
    if dim < aval.ndim - 1:
        example.key = aval.key
    s = aval.sharding
    if s is None:
        return example
    spec = tuple(s.spec)  # as JAX: an example keeps the other dimensions' type shardings
    spec = spec[:dim] + spec[dim + 1 :]
    return sharding_rules.typed(example, s.mesh, spec, "vmap", s.spec.unreduced, s.spec.reduced)


# ---------------------------------------------------------------------------------------------
# Moving and making batch dimensions.


def moveaxis(x, src: int, dst: int):
    if src == dst:
        return x
    from meshjit.compiler.lax import shapes  # a later family

    ndim = aval_of(x).ndim
    perm = [i for i in range(ndim) if i != src]
    perm.insert(dst, src)
    return shapes.transpose(x, perm)


def broadcast_batched(x, size: int, dim: int = 0):
    """`x`, the same for every example, with a mapped axis of `size` inserted at `dim`."""
    from meshjit.compiler.lax import shapes  # a later family

    aval = aval_of(x)
    shape = aval.shape[:dim] + (size,) + aval.shape[dim:]
    kept = [i for i in range(len(shape)) if i != dim]
    return shapes.broadcast_in_dim(x, shape, kept)


def move_to_front(x, dim: int | None, size: int):
    return broadcast_batched(x, size, 0) if dim is None else moveaxis(x, dim, 0)


def match_axis(x, src: int | None, dst: int | None, size: int):
    """`x` batched along `src` moved (or broadcast) to `dst`; dst None needs src None."""
    if dst is None:
        if src is not None:
            raise MeshjitValueError("a batched value cannot be made unbatched")
        return x
    if src is None:
        return broadcast_batched(x, size, dst)
    return moveaxis(x, src, dst)


def all_to_front(args: Sequence, dims: Sequence, size: int | None = None) -> list:
    """Every argument with its mapped axis in front (unmapped ones broadcast when `size`, with
    the mapped axis sharded as a mapped argument's is, when it is typed: as JAX's
    explicit_mesh_axis)."""
    moved = [x if d is None else moveaxis(x, d, 0) for x, d in zip(args, dims)]
    if size is None or all(d is not None for d in dims):
        return moved
    typed = next((x for x, d in zip(moved, dims) if d is not None and _front_axes(x)), None)
    return [
        x if d is not None else _broadcast_like_front(x, size, typed) for x, d in zip(moved, dims)
    ]


def _front_axes(x):
    s = aval_of(x).sharding
    return None if s is None else s.spec[0]


def _broadcast_like_front(x, size: int, like):
    """`x` broadcast along a new front axis of `size`, sharded as `like`'s front axis."""
    if like is None:
        return broadcast_batched(x, size)
    from meshjit.compiler.lax import shapes  # a later family
    from meshjit.compiler.parallel.sharding import NamedSharding, PartitionSpec

    aval, own = aval_of(x), aval_of(x).sharding
    rest = own.spec if own is not None else (None,) * aval.ndim
    target = NamedSharding(aval_of(like).sharding.mesh, PartitionSpec(_front_axes(like), *rest))
    dims = tuple(range(1, aval.ndim + 1))
    return shapes.broadcast_in_dim(x, (size, *aval.shape), dims, out_sharding=target)


def size_of(args: Sequence, dims: Sequence) -> int:
    for x, d in zip(args, dims):
        if d is not None:
            return aval_of(x).shape[d]
    return current_axis().size


# ---------------------------------------------------------------------------------------------
# Rule families.


def unary_rule(prim: Primitive):
    """A one-operand primitive acting per element (or on trailing dims only): the mapped axis
    stays where it is."""

    def rule(args, dims, **params):
        return prim.bind(*args, **params), dims[0]

    batching_rules.register(prim, rule)
    return rule


def elementwise_rule(prim: Primitive, size_one_broadcasts: bool = False):
    """An n-ary elementwise primitive whose operands may be rank-0 (broadcast implicitly);
    `size_one_broadcasts`: it broadcasts size-1 dimensions too (JAX's broadcast_batcher then
    gives an unmapped operand a size-1 mapped axis instead of the full one)."""
    agree = broadcasting_operands if size_one_broadcasts else elementwise_operands

    def rule(args, dims, **params):
        operands, dim = agree(args, dims)
        outs = prim.bind(*operands, **params)
        return outs, ([dim] * len(outs) if prim.multiple_results else dim)

    batching_rules.register(prim, rule)
    return rule


def elementwise_operands(args: Sequence, dims: Sequence) -> tuple[list, int]:
    """Operands of an elementwise primitive made to agree, and the result's mapped axis. When
    every mapped operand has the same rank and mapped axis, and the others are rank-0, they are
    kept; else the mapped axis goes in front and smaller operands are broadcast."""
    avals = [aval_of(x) for x in args]
    agreed = _agreed_axis(avals, dims)
    if agreed is not None:
        return list(args), agreed
    size = next(a.shape[d] for a, d in zip(avals, dims) if d is not None)
    example = [unbatched_aval(a, d).shape for a, d in zip(avals, dims)]
    out_shape = _broadcast_shapes(example)
    out = [
        x if d is None and not shape else _to_full(x, d, size, shape, out_shape)
        for x, d, shape in zip(args, dims, example)
    ]
    return out, 0


def _agreed_axis(avals, dims) -> int | None:
    """The mapped axis when every mapped operand has one rank and mapped axis and the others
    are rank-0 (the operands then agree as they are), else None."""
    mapped = {(a.ndim, d) for a, d in zip(avals, dims) if d is not None}
    if len(mapped) == 1 and all(a.ndim == 0 for a, d in zip(avals, dims) if d is None):
        return next(iter(mapped))[1]
    return None


def broadcasting_operands(args: Sequence, dims: Sequence) -> tuple[list, int]:
    """`elementwise_operands` for a primitive that broadcasts size-1 dimensions (JAX's
    broadcast_batcher): mapped axes go in front, an unmapped operand gets a size-1 one, and a
    mapped per-example scalar gets trailing size-1 dimensions."""
    avals = [aval_of(x) for x in args]
    agreed = _agreed_axis(avals, dims)
    if agreed is not None:
        return list(args), agreed
    ranks = {a.ndim - (d is not None) for a, d in zip(avals, dims)} - {0}
    if len(ranks) > 1:
        return elementwise_operands(args, dims)
    from meshjit.compiler.lax import shapes  # a later family

    out = []
    for x, a, d in zip(args, avals, dims):
        if d is not None:
            x = moveaxis(x, d, 0)
        elif a.ndim:
            x = broadcast_unmapped(x, a, 1)
        out.append(x)
    ndim = max(aval_of(x).ndim for x in out)
    return [
        shapes.expand_dims(x, tuple(range(aval_of(x).ndim, ndim)))
        if d is not None and aval_of(x).ndim < ndim
        else x
        for x, d in zip(out, dims)
    ], 0


def broadcast_unmapped(x, aval, size: int):
    """An unmapped operand given a mapped axis of `size` in front (JAX's bdim_at_front): its
    broadcast_dimensions are NumPy integers, as JAX's jaxprs print them (`np.int64(1)`)."""
    from meshjit.compiler.lax import shapes  # a later family

    dims = tuple(np.arange(1, aval.ndim + 1))
    return shapes.broadcast_in_dim_p.bind_internal(
        x, shape=(size,) + tuple(aval.shape), broadcast_dimensions=dims, sharding=None
    )


def _broadcast_shapes(examples: Sequence[tuple]) -> tuple:
    rank = max(len(s) for s in examples)
    full = [s for s in examples if len(s) == rank]
    return tuple(next((n for n in sizes if n != 1), 1) for sizes in zip(*full))  # 0 beats 1


def _to_full(x, d, size, shape, out_shape):
    from meshjit.compiler.lax import shapes  # a later family

    full = (size,) + tuple(out_shape)
    if d is None:
        lead = len(out_shape) - len(shape)
        if not lead and tuple(shape) == tuple(out_shape):
            return broadcast_unmapped(x, aval_of(x), size)
        return shapes.broadcast_in_dim(x, full, tuple(range(1 + lead, len(full))))
    x = moveaxis(x, d, 0)
    if len(shape) == len(out_shape) and tuple(shape) == tuple(out_shape):
        return x
    lead = len(out_shape) - len(shape)
    dims = (0,) + tuple(range(1 + lead, len(full)))
    return shapes.broadcast_in_dim(x, full, dims)


__all__ = [
    "BatchAxis",
    "BatchTrace",
    "all_to_front",
    "axis_rules",
    "batch_closed",
    "batch_eval",
    "batch_jaxpr",
    "batched_aval",
    "broadcast_batched",
    "current_axis",
    "elementwise_operands",
    "elementwise_rule",
    "match_axis",
    "move_to_front",
    "moveaxis",
    "not_mapped",
    "size_of",
    "unary_rule",
    "unbatched_aval",
    "vmap_flat",
]
