"""meshjit.experimental.xla_metadata (as `jax.experimental.xla_metadata`)."""

from meshjit.compiler.lax.xla_metadata import set_xla_metadata

__all__ = ["set_xla_metadata"]
