# Creating sharded arrays: jax.device_put with NamedSharding for pytrees and prefixes,
# make_array_from_callback on 2D meshes with partial replication,
# make_array_from_single_device_arrays, make_array_from_process_local_data, Sharding methods
# (shard_shape, devices_indices_map, is_equivalent_to, num_devices, is_fully_replicated),
# device_get, block_until_ready of pytrees
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P, SingleDeviceSharding

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
data = np.arange(32, dtype=np.float32).reshape(8, 4)
tree = {"a": data, "b": [data[0], np.float32(3.)]}
s_rows = NamedSharding(mesh, P("x"))
s_rep = NamedSharding(mesh, P())
placed = jax.device_put(tree, {"a": s_rows, "b": s_rep})
print(jax.tree.map(lambda a: (a.shape, a.sharding.spec), placed))
placed2 = jax.device_put(tree, s_rep)
print(jax.tree.map(lambda a: a.sharding.is_fully_replicated, placed2))

s2 = NamedSharding(mesh, P("y", "x"))
print(s2.shard_shape((8, 4)), s2.num_devices, s2.is_fully_replicated, s2.is_fully_addressable)
idx = s2.devices_indices_map((8, 4))
print([(d.id, i) for d, i in sorted(idx.items(), key=lambda kv: kv[0].id)][:3])
print(s2.is_equivalent_to(NamedSharding(mesh, P("y", "x")), 2), s2.is_equivalent_to(s_rows, 2))
print(NamedSharding(mesh, P("x", None)).is_equivalent_to(NamedSharding(mesh, P("x")), 2))
print(s2.addressable_devices == set(mesh.devices.flat), len(s2.device_set), s2.memory_kind)
print(s2.mesh.shape, s2.mesh.axis_names, s2.mesh.devices.shape, s2.mesh.size)

calls = []


def cb(index):
    calls.append(index)
    return data[index]


arr = jax.make_array_from_callback((8, 4), NamedSharding(mesh, P("x", None)), cb)
print(arr.shape, arr.sharding.spec, len(calls), np.array_equal(np.asarray(arr), data))
print(sorted({(s.index[0].start, s.replica_id) for s in arr.addressable_shards}))
arr2 = jax.make_array_from_callback((8,), NamedSharding(mesh, P(("x", "y"))), lambda i: np.arange(8.)[i])
print(arr2, [s.data.shape for s in arr2.addressable_shards][:2])

sharding = NamedSharding(mesh, P("x", "y"))
pieces = [jax.device_put(data[i], d) for d, i in sharding.addressable_devices_indices_map((8, 4)).items()]
arr3 = jax.make_array_from_single_device_arrays((8, 4), sharding, pieces)
print(arr3.sharding.spec, float(arr3.sum()), arr3.addressable_shards[3].index)
arr4 = jax.make_array_from_process_local_data(NamedSharding(mesh, P("x")), data)
print(arr4.shape, arr4.sharding.spec, np.array_equal(arr4, data))

single = SingleDeviceSharding(jax.devices()[1])
a1 = jax.device_put(data, single)
print(a1.sharding == single, a1.devices(), single.shard_shape((8, 4)), single.is_fully_replicated)
host = jax.device_get(placed)
print(type(host["a"]).__name__, type(host["b"][1]).__name__, host["a"].dtype)
done = jax.block_until_ready(placed)
print(done is placed, jax.tree.structure(done) == jax.tree.structure(tree))
out = jax.jit(lambda t: t["a"] * t["b"][1], out_shardings=NamedSharding(mesh, P(None, "y")))(placed)
print(out.sharding.spec, out.addressable_shards[0].data.shape)
print(jax.device_put(out, NamedSharding(mesh, P("x", "y"))).addressable_shards[0].data.shape)
print(jax.jit(lambda v: v, out_shardings=s_rep)(arr).sharding.is_fully_replicated)
