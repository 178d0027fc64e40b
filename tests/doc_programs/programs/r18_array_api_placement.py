# jax.Array placement and the Array API: devices(), sharding, committed vs uncommitted,
# is_fully_replicated / is_fully_addressable, addressable_shards' index / data / replica_id,
# device_put to devices and shardings, device_get of pytrees, block_until_ready on pytrees,
# copy / copy_to_host_async, __array__ and tolist, item, nbytes / itemsize, jax.Array isinstance
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P, SingleDeviceSharding

x = jnp.arange(12.0).reshape(3, 4)
print(x.devices(), x.sharding, x.committed if hasattr(x, "committed") else "", x.is_fully_replicated, x.is_fully_addressable)
d1 = jax.devices()[1]
y = jax.device_put(x, d1)
print(y.devices(), y.sharding == SingleDeviceSharding(d1), (x + 1).devices())
try:
    (y + jax.device_put(x, jax.devices()[2])).block_until_ready()
except Exception as e:
    print(type(e).__name__)
print((y + x).devices())
mesh = jax.make_mesh((4, 2), ("a", "b"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
z = jax.device_put(jnp.arange(32.0).reshape(8, 4), NamedSharding(mesh, P("a", "b")))
print(z.sharding, z.is_fully_replicated, len(z.addressable_shards), z.sharding.shard_shape(z.shape))
for sh in z.addressable_shards[:3]:
    print(sh.device, sh.index, sh.replica_id, sh.data.shape, sh.data[0, 0])
r = jax.device_put(jnp.ones(4), NamedSharding(mesh, P()))
print(r.is_fully_replicated, sorted({s.replica_id for s in r.addressable_shards}))
part = jax.device_put(jnp.ones((8, 2)), NamedSharding(mesh, P("a")))
print([s.replica_id for s in part.addressable_shards][:4], part.sharding.is_fully_replicated)
tree = {"w": z, "b": [jnp.ones(2), 3.0]}
host = jax.device_get(tree)
print(type(host["w"]).__name__, type(host["b"][0]).__name__, host["b"][1])
print(jax.block_until_ready(tree)["b"][0])
c = z.copy()
print(c.sharding == z.sharding, np.array_equal(c, z))
z.copy_to_host_async()
print(np.asarray(z).sum(), z.tolist()[0], jnp.float32(2.5).item(), x[0, 1].item())
print(x.nbytes, x.itemsize, x.size, x.ndim, len(x), x.dtype, x.weak_type if hasattr(x, "weak_type") else "")
print(isinstance(x, jax.Array), isinstance(np.ones(2), jax.Array), isinstance(z.addressable_shards[0].data, jax.Array))
print(jax.typeof(x), jax.typeof(1.0), jax.typeof(np.int8(1)))
print(np.asarray(x, dtype=np.int32)[2], x.__array__().dtype, float(x[1, 1]), int(x[2, 3]), bool(x[0, 1]))
try:
    float(x)
except Exception as e:
    print(type(e).__name__)
try:
    x[0, 0] = 1.0
except Exception as e:
    print(type(e).__name__)
print(x.at[0, 0].set(-1.0)[0], hash(jnp.ones(()).dtype) == hash(np.dtype("float32")))
print(jax.device_put(3.0).devices(), jax.device_put(np.arange(3), jax.devices()[4]).devices())
print(jnp.array(x, device=d1).devices())
print(jax.device_put(z, jax.devices()[0]).sharding, z.delete() is None, z.is_deleted())
try:
    z + 1
except Exception as e:
    print(type(e).__name__)
