"""`jax.interpreters.xla`: kept for old programs; lowering goes through `mlir`."""

__all__: list[str] = []
