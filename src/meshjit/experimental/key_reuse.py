"""meshjit.experimental.key_reuse: JAX's `jax.experimental.key_reuse`, which in JAX 0.10.2 holds
only the documentation of key reuse checking (no public names). The checker itself is turned on
with `meshjit.config.update("jax_debug_key_reuse", True)` or `with meshjit.debug_key_reuse(True):`;
a key consumed twice raises `meshjit.errors.KeyReuseError` (meshjit.compiler.jit.key_reuse)."""

__all__: list[str] = []
