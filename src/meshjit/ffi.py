"""`meshjit.ffi`: JAX's `jax.ffi` (ffi_call, ffi_lowering, register_ffi_target, pycapsule,
include_dir, ...), implemented in meshjit.compiler.lax.ffi."""

from meshjit.compiler.lax.ffi import (
    build_ffi_lowering_function,
    ffi_call,
    ffi_lowering,
    include_dir,
    pycapsule,
    register_ffi_target,
    register_ffi_target_as_batch_partitionable,
    register_ffi_type,
)


def register_ffi_type_id(name, obj, platform: str = "cpu"):
    """Removed in jaxlib 0.8 (JAX 0.10.2 raises this ValueError): use register_ffi_type."""
    from meshjit.compiler.errors import MeshjitValueError

    raise MeshjitValueError("register_ffi_type_id is not supported after jaxlib version 381.")


__all__ = [
    "build_ffi_lowering_function",
    "ffi_call",
    "ffi_lowering",
    "include_dir",
    "pycapsule",
    "register_ffi_target",
    "register_ffi_target_as_batch_partitionable",
    "register_ffi_type",
    "register_ffi_type_id",
]
