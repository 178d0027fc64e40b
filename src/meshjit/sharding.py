"""meshjit.sharding: meshes, PartitionSpec and shardings, with JAX's names."""

from meshjit.compiler.errors import ShardingTypeError  # noqa: F401
from meshjit.compiler.ir.core import ManualAxisType  # noqa: F401  (a value's `aval.mat`)
from meshjit.compiler.parallel.explicit import (  # noqa: F401
    auto_axes,
    explicit_axes,
    get_abstract_mesh,
    reshard,
)
from meshjit.compiler.parallel.sharding import (  # noqa: F401
    AbstractDevice,
    AbstractMesh,
    AxisType,
    Mesh,
    NamedSharding,
    OpaqueSharding,
    P,
    PartitionSpec,
    Sharding,
    SingleDeviceSharding,
    get_context_mesh,
    get_mesh,
    make_single_device_sharding,
    set_mesh,
    use_abstract_mesh,
)
from meshjit.compiler.parallel.sharding_ops import with_sharding_constraint  # noqa: F401

# JAX 0.6-0.7's name for the context manager; JAX 0.10 spells it set_mesh.
use_mesh = set_mesh


__all__ = [
    "ManualAxisType",
    "ShardingTypeError",
    "auto_axes",
    "explicit_axes",
    "get_abstract_mesh",
    "get_mesh",
    "reshard",
    "Sharding",
    "use_abstract_mesh",
    "AbstractDevice",
    "AbstractMesh",
    "AxisType",
    "Mesh",
    "NamedSharding",
    "OpaqueSharding",
    "P",
    "PartitionSpec",
    "SingleDeviceSharding",
    "make_single_device_sharding",
    "set_mesh",
    "use_mesh",
    "with_sharding_constraint",
]
