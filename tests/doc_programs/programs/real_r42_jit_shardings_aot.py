# "Distributed arrays and automatic parallelization": jit with in_shardings / out_shardings,
# with_sharding_constraint, AOT lower / compile with input_shardings / output_shardings,
# devices_indices_map, shard_shape, addressable_shards and replica ids
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
s_xy = NamedSharding(mesh, P("x", "y"))
s_x = NamedSharding(mesh, P("x"))
rep = NamedSharding(mesh, P())
a = jax.device_put(jnp.arange(64.0).reshape(8, 8), s_xy)
print(a.sharding, a.sharding.shard_shape(a.shape))
print({d.id: idx for d, idx in list(a.sharding.devices_indices_map(a.shape).items())[:3]})
print([(s.device.id, s.index, s.replica_id, s.data.shape) for s in a.addressable_shards[:3]])
b = jax.device_put(jnp.arange(8.0), s_x)
print([(s.device.id, s.replica_id) for s in b.addressable_shards])


@jax.jit
def f(a, b):
    c = a @ jnp.diag(b)
    c = jax.lax.with_sharding_constraint(c, NamedSharding(mesh, P(None, "x")))
    return jnp.tanh(c).sum(axis=1)


print(f(a, b).sharding.spec, jnp.round(f(a, b)[:3], 4))
g = jax.jit(f, in_shardings=(s_xy, s_x), out_shardings=rep)
r = g(a, b)
print(r.sharding.spec, r.sharding.is_fully_replicated)
lowered = g.lower(a, b)
compiled = lowered.compile()
print(compiled.input_shardings[0][0].spec, compiled.input_shardings[0][1].spec, compiled.output_shardings.spec)
print(lowered.in_tree, lowered.out_tree)
print(jnp.allclose(compiled(a, b), r))
h = jax.jit(lambda x: x * 2, out_shardings=NamedSharding(mesh, P("y", "x")))
print(h(a).sharding.spec, h(a).sharding.shard_shape((8, 8)))
print(jax.jit(lambda x: x, in_shardings=s_xy)(jnp.ones((8, 8))).sharding.spec)
try:
    jax.jit(lambda x: x, in_shardings=s_x)(a)
except ValueError as e:
    print("ValueError")
print(jax.device_put(a, rep).sharding.is_fully_replicated, a.is_fully_addressable, a.is_fully_replicated)
c = jax.jit(lambda x: x.sum(0), out_shardings=s_x)(a)
print(c.sharding.spec, c)
print(jax.jit(lambda x: jnp.roll(x, 1, axis=0))(b).sharding.spec)
print(mesh.shape, mesh.axis_names, mesh.devices.shape, mesh.size)
