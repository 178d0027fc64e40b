"""meshjit.sharding: meshes, PartitionSpec and shardings, with JAX's names."""

from meshjit.compiler.parallel.sharding import (  # noqa: F401
    AbstractMesh,
    AxisType,
    Mesh,
    NamedSharding,
    OpaqueSharding,
    P,
    PartitionSpec,
    SingleDeviceSharding,
    get_context_mesh,
    set_mesh,
)
from meshjit.compiler.parallel.sharding_ops import with_sharding_constraint  # noqa: F401

# JAX 0.6-0.7's name for the context manager; JAX 0.10 spells it set_mesh.
use_mesh = set_mesh


def get_abstract_mesh():
    """The context mesh's AbstractMesh (None outside `with mesh:` / set_mesh)."""
    mesh = get_context_mesh()
    return None if mesh is None else mesh.abstract_mesh


__all__ = [
    "get_abstract_mesh",
    "AbstractMesh",
    "AxisType",
    "Mesh",
    "NamedSharding",
    "OpaqueSharding",
    "P",
    "PartitionSpec",
    "SingleDeviceSharding",
    "set_mesh",
    "use_mesh",
    "with_sharding_constraint",
]
