# jax.sharding's abstract-mesh API: AbstractMesh built by hand and from a Mesh, its axis
# names / sizes / types, use_abstract_mesh around tracing (eval_shape and jit.trace of
# sharded types without devices), get_abstract_mesh / get_mesh inside and outside set_mesh,
# AbstractDevice, and NamedSharding over an AbstractMesh
import jax
import jax.numpy as jnp
from jax.sharding import AbstractMesh, AxisType, NamedSharding
from jax.sharding import PartitionSpec as P

amesh = AbstractMesh((4, 2), ("x", "y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
print(amesh)
print(amesh.axis_names, amesh.axis_sizes, amesh.shape, amesh.size, amesh.axis_types)
mesh = jax.make_mesh((4, 2), ("x", "y"))
print(mesh.abstract_mesh.axis_names == amesh.axis_names, mesh.abstract_mesh)
print(jax.sharding.get_abstract_mesh(), jax.sharding.get_mesh())
s = NamedSharding(amesh, P("x", None))
print(s, s.spec)

with jax.sharding.use_abstract_mesh(amesh):
    print(jax.sharding.get_abstract_mesh() == amesh)
    struct = jax.ShapeDtypeStruct((8, 4), jnp.float32, sharding=NamedSharding(amesh, P("x", "y")))
    out = jax.eval_shape(lambda a: a.sum(axis=0), struct)
    print(out, out.sharding.spec)
    traced = jax.jit(lambda a: (a * 2).T).trace(struct)
    print(
        traced.out_info.sharding.spec if hasattr(traced.out_info, "sharding") else traced.out_info
    )
print(jax.sharding.get_abstract_mesh())

with jax.set_mesh(mesh):
    print(jax.sharding.get_abstract_mesh() == mesh.abstract_mesh, jax.sharding.get_mesh() == mesh)
    x = jax.device_put(jnp.ones((8, 4)), P("x", "y"))
    print(jax.typeof(x), jax.typeof(x).sharding.mesh == mesh.abstract_mesh)

auto = AbstractMesh((8,), ("d",), axis_types=(AxisType.Auto,))
print(auto, auto.axis_types, auto.update_axis_types({"d": AxisType.Explicit}).axis_types)
print(auto.update(axis_names=("e",)))
