"""meshjit.dialects: thin helpers over jaxlib's stablehlo / sdy bindings."""

from meshjit.dialects.context import make_context, shared_context

__all__ = ["make_context", "shared_context"]
