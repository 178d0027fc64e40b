"""meshjit.experimental.layout: JAX's `jax.experimental.layout` (Layout, Format,
with_layout_constraint)."""

from meshjit.compiler.jit.layout_constraint import with_layout_constraint
from meshjit.compiler.runtime.layout import Format, Layout

__all__ = ["Format", "Layout", "with_layout_constraint"]
