"""meshjit.experimental.layout: JAX's `jax.experimental.layout` (Layout, Format)."""

from meshjit.compiler.runtime.layout import Format, Layout

__all__ = ["Format", "Layout"]
