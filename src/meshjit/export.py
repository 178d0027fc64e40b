"""`meshjit.export`: `jax.export`'s API (export, deserialize, Exported), reading and writing
JAX 0.10.2's serialized artifacts."""

from meshjit.compiler.jit.export import (
    Exported,
    default_export_platform,
    deserialize,
    export,
    maximum_supported_calling_convention_version,
    minimum_supported_calling_convention_version,
)

__all__ = [
    "Exported",
    "default_export_platform",
    "deserialize",
    "export",
    "maximum_supported_calling_convention_version",
    "minimum_supported_calling_convention_version",
]
