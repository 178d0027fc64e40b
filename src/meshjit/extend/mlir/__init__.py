"""`jax.extend.mlir`: jaxlib's MLIR bindings (`ir`, `passmanager`, `dialects`) and its
StableHLO utilities: portable artifacts (serialize / deserialize for a target version), shape
refinement, HLO to StableHLO."""

from jaxlib import _jax

from meshjit.extend.mlir import dialects, ir, passmanager

deserialize_portable_artifact = _jax.mlir.deserialize_portable_artifact
serialize_portable_artifact = _jax.mlir.serialize_portable_artifact
refine_polymorphic_shapes = _jax.mlir.refine_polymorphic_shapes
hlo_to_stablehlo = _jax.mlir.hlo_to_stablehlo

__all__ = [
    "deserialize_portable_artifact",
    "dialects",
    "hlo_to_stablehlo",
    "ir",
    "passmanager",
    "refine_polymorphic_shapes",
    "serialize_portable_artifact",
]
