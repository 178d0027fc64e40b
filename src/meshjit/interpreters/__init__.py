"""`jax.interpreters`: the rule tables of JAX's "How JAX primitives work", over meshjit's
registry (compiler/ir/registry.py)."""

from meshjit.interpreters import ad, batching, mlir, partial_eval, xla

__all__ = ["ad", "batching", "mlir", "partial_eval", "xla"]
