"""meshjit.dlpack: arrays from DLPack tensors (as `jax.dlpack`)."""

from meshjit.compiler.numpy.creation import from_dlpack, is_supported_dtype

__all__ = ["from_dlpack", "is_supported_dtype"]
