"""meshjit.sharding: meshes, PartitionSpec and shardings, with JAX's names."""

from meshjit.compiler.sharding import (  # noqa: F401
    AbstractMesh,
    Mesh,
    NamedSharding,
    OpaqueSharding,
    P,
    PartitionSpec,
    SingleDeviceSharding,
    get_context_mesh as get_abstract_mesh,
    set_mesh,
)
from meshjit.compiler.sharding_ops import with_sharding_constraint  # noqa: F401

__all__ = [
    "AbstractMesh",
    "Mesh",
    "NamedSharding",
    "OpaqueSharding",
    "P",
    "PartitionSpec",
    "SingleDeviceSharding",
    "set_mesh",
    "with_sharding_constraint",
]
