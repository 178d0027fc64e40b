"""meshjit.stages: the stages of ahead-of-time compilation, as `jax.stages`
(`jit(f).trace(...)` -> Traced, `.lower(...)` -> Lowered, `.compile()` -> Compiled)."""

from meshjit.compiler.jit.api import JitFunction as Wrapped
from meshjit.compiler.jit.stages import ArgInfo, Compiled, Lowered, Traced

CompilerOptions = dict[str, str | bool]  # `compile(compiler_options=...)`'s type, as JAX's

__all__ = ["ArgInfo", "Compiled", "CompilerOptions", "Lowered", "Traced", "Wrapped"]
