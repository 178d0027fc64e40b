"""meshjit.experimental.layout: jax.experimental.layout's `Layout` and `Format` (implemented in
meshjit.compiler.runtime.layouts)."""

from meshjit.compiler.runtime.layouts import Format, Layout

__all__ = ["Format", "Layout"]
