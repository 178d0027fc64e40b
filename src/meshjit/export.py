"""`meshjit.export`: `jax.export`'s API (export, deserialize, Exported), reading and writing
JAX 0.10.2's serialized artifacts (implemented in meshjit.compiler.jit.export, whose __all__
lists the names)."""

from meshjit.compiler.jit import export as _export
from meshjit.compiler.jit.export import *  # noqa: F403

__all__ = list(_export.__all__)
