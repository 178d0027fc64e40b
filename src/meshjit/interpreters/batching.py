"""`jax.interpreters.batching`: vmap rules, `rule(args, batch_axes, **params) -> (out,
out_axis)` with `not_mapped` (None) for unbatched values: JAX's convention is meshjit's."""

from meshjit.compiler.ir.registry import batching_rules
from meshjit.compiler.lax.batching import broadcast_batched, elementwise_rule, moveaxis

not_mapped = None
primitive_batchers = batching_rules


def defvectorized(prim) -> None:
    """`prim` acts per element of its one operand: the batch axis stays where it is."""

    def rule(args, dims, **params):
        return prim.bind(*args, **params), dims[0]

    batching_rules.register(prim, rule)


def defbroadcasting(prim) -> None:
    """`prim` broadcasts its operands elementwise: they are brought to one batch axis."""
    elementwise_rule(prim)


def broadcast(x, sz: int, axis: int, mesh_axis=None):
    """`x` with a new axis of size `sz` at `axis` (the same value along it)."""
    return broadcast_batched(x, sz, axis)


def bdim_at_front(x, bdim, size: int, mesh_axis=None):
    """`x` with its batch axis `bdim` first (broadcast to `size` when not mapped)."""
    return broadcast(x, size, 0) if bdim is None else moveaxis(x, bdim, 0)


__all__ = [
    "bdim_at_front",
    "broadcast",
    "defbroadcasting",
    "defvectorized",
    "moveaxis",
    "not_mapped",
    "primitive_batchers",
]
