"""meshjit.image (implemented in meshjit.compiler.image)."""

from meshjit.compiler.image import ResizeMethod, resize, scale_and_translate

__all__ = ["ResizeMethod", "resize", "scale_and_translate"]
