"""meshjit.stages: the stages of ahead-of-time compilation, as `jax.stages`
(`jit(f).trace(...)` -> Traced, `.lower(...)` -> Lowered, `.compile()` -> Compiled)."""

from meshjit.compiler.jit.api import JitFunction as Wrapped
from meshjit.compiler.jit.stages import Compiled, Lowered, Traced

__all__ = ["Compiled", "Lowered", "Traced", "Wrapped"]
