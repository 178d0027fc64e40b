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

# As JAX 0.10.2's jax.sharding: no use_mesh (set_mesh), no with_sharding_constraint (jax.lax's).


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
]
