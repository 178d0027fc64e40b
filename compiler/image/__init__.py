"""meshjit.image: JAX 0.10.2's `jax.image` (resizing by separable kernels)."""

from meshjit.compiler.image.scale import ResizeMethod, resize, scale_and_translate

__all__ = ["ResizeMethod", "resize", "scale_and_translate"]
