# Distributed arrays and automatic parallelization; Migrating to jax.Array
from functools import partial
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, Mesh, PartitionSpec as P, NamedSharding, SingleDeviceSharding

x = jax.random.normal(jax.random.key(0), (8192, 8192)) if False else jnp.arange(64.).reshape(8, 8)
y = jnp.dot(x, x.T)
print(y.shape, x.sharding)
print(type(x.sharding).__name__, x.sharding.device_set == {jax.devices()[0]})
print(len(jax.devices()), jax.devices()[0].platform)
mesh = jax.make_mesh((4, 2), ('a', 'b'), axis_types=(AxisType.Auto, AxisType.Auto))
print(mesh.shape, mesh.axis_names, mesh.size, mesh.devices.shape)
sharding = NamedSharding(mesh, P('a', 'b'))
print(sharding)
print(sharding.shard_shape((8, 8)), sharding.num_devices, sharding.is_fully_replicated)
y = jax.device_put(x, sharding)
print(y.sharding == sharding, y.is_fully_addressable, len(y.addressable_shards))
for s in y.addressable_shards[:3]:
    print(s.device, s.index, s.data.shape)
jax.debug.visualize_array_sharding(y)
print(y.sharding.spec)
z = jnp.sin(y)
print(z.sharding.spec, z.sharding == y.sharding)
try:
    w = y @ y.T
except Exception as e:
    print(type(e).__name__)
w = y @ y.T
print(w.sharding.spec)
print(jnp.allclose(w, x @ x.T))

rep = NamedSharding(mesh, P())
print(rep.is_fully_replicated, jax.device_put(x, rep).addressable_shards[5].data.shape)
col = NamedSharding(mesh, P(None, 'a'))
print(jax.device_put(x, col).addressable_shards[1].index)
print(NamedSharding(mesh, P(('a', 'b'))).shard_shape((16, 4)))
print(NamedSharding(mesh, P('b', None)).shard_shape((8, 8)))

mesh2 = jax.make_mesh((8,), ('x',), axis_types=(AxisType.Auto,))
s = NamedSharding(mesh2, P('x'))
arr = jax.device_put(jnp.arange(32.), s)


@partial(jax.jit, in_shardings=s, out_shardings=NamedSharding(mesh2, P()))
def f(x):
    return x * 2


out = f(arr)
print(out.sharding.spec, out[:4])


@jax.jit
def g(x):
    y = x + 1
    y = jax.lax.with_sharding_constraint(y, NamedSharding(mesh, P('a', 'b')))
    return y * 2


out = g(x)
print(out.sharding.spec, out[0, :3])
print(jax.jit(lambda x: x.sum(0), out_shardings=NamedSharding(mesh, P('b')))(y).sharding.spec)

# device_put semantics and copying
one = jax.device_put(np.arange(4), jax.devices()[3])
print(one.devices() == {jax.devices()[3]}, one.committed if hasattr(one, 'committed') else True)
print(jax.device_put(one, jax.devices()[1]).devices() == {jax.devices()[1]})
print(isinstance(one.sharding, SingleDeviceSharding))
print(np.asarray(y)[1, :3])
print(jax.device_get(y).__class__.__name__)
arrs = [jax.device_put(np.full((1, 4), i, np.float32), d) for i, d in enumerate(jax.devices())]
ga = jax.make_array_from_single_device_arrays((8, 4), NamedSharding(mesh2, P('x')), arrs)
print(ga[:, 0], ga.sharding.spec)
ga2 = jax.make_array_from_callback((8, 2), NamedSharding(mesh, P('a')), lambda idx: np.arange(16.).reshape(8, 2)[idx])
print(ga2.sum(), [sh.data.shape for sh in ga2.addressable_shards][:2])
print(jax.jit(lambda x: x, out_shardings=NamedSharding(mesh, P(None, 'b'))).lower(x).compile().output_shardings.spec)
try:
    NamedSharding(mesh, P('a')).shard_shape((3,))
except ValueError as e:
    print(type(e).__name__)
