"""`jax.interpreters.batching`: vmap rules, `rule(args, batch_axes, **params) -> (out,
out_axis)` with `not_mapped` (None) for unbatched values: JAX's convention is meshjit's."""

from meshjit.compiler.ir.registry import batching_rules

not_mapped = None
primitive_batchers = batching_rules

__all__ = ["not_mapped", "primitive_batchers"]
