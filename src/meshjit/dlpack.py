"""meshjit.dlpack: arrays from DLPack tensors (as `jax.dlpack`)."""

from meshjit.compiler.numpy.creation import from_dlpack as _from_dlpack
from meshjit.compiler.numpy.creation import is_supported_dtype


def from_dlpack(external_array, device=None, copy=None):
    """An array of a DLPack tensor (an object with `__dlpack__`), as `jax.dlpack.from_dlpack`
    (jnp.from_dlpack's parameters are keyword-only there)."""
    return _from_dlpack(external_array, device=device, copy=copy)


__all__ = ["from_dlpack", "is_supported_dtype"]
