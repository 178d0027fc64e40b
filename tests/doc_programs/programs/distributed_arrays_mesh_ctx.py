# Distributed arrays and automatic parallelization (older page): Mesh from mesh_utils, NamedSharding
# with PartitionSpecs, device_put, jit with in / out shardings, with_sharding_constraint, the
# `with mesh:` context for bare PartitionSpecs in sharding constraints
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

devices = mesh_utils.create_device_mesh((4, 2))
mesh = Mesh(devices, axis_names=("x", "y"))
print(mesh.shape, mesh.size, mesh.axis_names)
sharding = NamedSharding(mesh, P("x", "y"))
x = jax.device_put(jnp.arange(64.).reshape(8, 8), sharding)
print(x.sharding == sharding, len(x.addressable_shards), x.addressable_shards[3].index)
print(x.addressable_shards[3].data)
print(jnp.sin(x).sharding == sharding)
w = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("y", None)))
print((x @ w).sharding.spec if hasattr((x @ w).sharding, "spec") else (x @ w).sharding)


@jax.jit
def f(x):
    y = jnp.tanh(x)
    y = jax.lax.with_sharding_constraint(y, NamedSharding(mesh, P(None, "x")))
    return y * 2


out = f(x)
print(out.sharding.spec, jnp.allclose(out, 2 * jnp.tanh(x)))
g = jax.jit(lambda a: a.sum(axis=0), in_shardings=sharding, out_shardings=NamedSharding(mesh, P("y")))
print(g(x).sharding.spec, g(x)[:3])
# the mesh context: bare PartitionSpecs inside jit
with mesh:
    h = jax.jit(lambda a: jax.lax.with_sharding_constraint(a * 3, P("y", "x")))(x)
print(h.sharding.spec, float(h.sum()))
with mesh:
    print(jax.jit(lambda a: a + 1)(x).sharding == sharding)
# replicated and partially replicated
rep = jax.device_put(np.arange(4.), NamedSharding(mesh, P()))
print(rep.sharding.is_fully_replicated, [s.replica_id for s in rep.addressable_shards][:4])
part = jax.device_put(np.arange(8.), NamedSharding(mesh, P("x")))
print(part.addressable_shards[1].index, part.addressable_shards[1].replica_id)
print(NamedSharding(mesh, P("x", "y")).shard_shape((8, 8)), NamedSharding(mesh, P(("x", "y"))).num_devices)
jax.debug.visualize_array_sharding(part)
