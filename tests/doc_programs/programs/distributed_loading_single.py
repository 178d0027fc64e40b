# Distributed data loading, single-process parts: per-device loading with make_array_from_callback,
# make_array_from_single_device_arrays, addressable shards and batch assembly
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType

mesh = jax.make_mesh((4, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
global_shape = (16, 4)
dataset = np.arange(64, dtype=np.float32).reshape(global_shape)
sharding = NamedSharding(mesh, P('data'))
calls = []


def load(index):
    calls.append(index)
    return dataset[index]


batch = jax.make_array_from_callback(global_shape, sharding, load)
print(batch.shape, batch.sharding.spec, len(calls))
print(sorted({(s.start, s.stop) for s, _ in calls}))
for shard in batch.addressable_shards[:4]:
    print(shard.device, shard.index, shard.data.shape, shard.replica_id)
print(np.array_equal(np.asarray(batch), dataset))
idx_map = sharding.addressable_devices_indices_map(global_shape)
print(len(idx_map), sorted({v[0].start for v in idx_map.values()}))
print(sharding.devices_indices_map(global_shape)[jax.devices()[3]])
print(sharding.shard_shape(global_shape))

# per-device arrays assembled into a global array
arrays = [jax.device_put(dataset[idx], d) for d, idx in sharding.addressable_devices_indices_map(global_shape).items()]
g = jax.make_array_from_single_device_arrays(global_shape, sharding, arrays)
print(g.sharding.spec, np.array_equal(np.asarray(g), dataset))

# data + model sharded loading
s2 = NamedSharding(mesh, P('data', 'model'))
b2 = jax.make_array_from_callback(global_shape, s2, lambda idx: dataset[idx])
print(b2.addressable_shards[1].index, b2.addressable_shards[1].data)


# a simple per-epoch loader yielding globally sharded batches
def batches(data, bs, sharding):
    for i in range(0, len(data), bs):
        chunk = data[i:i + bs]
        yield jax.make_array_from_callback(chunk.shape, sharding, lambda idx: chunk[idx])


@jax.jit
def step(w, x):
    return w - 0.01 * jnp.mean(x, axis=0) @ jnp.ones((4, 4))


w = jnp.zeros(4)
data = np.random.default_rng(0).standard_normal((32, 4)).astype(np.float32)
for xb in batches(data, 8, NamedSharding(mesh, P('data'))):
    w = step(w, xb)
print(np.round(np.asarray(w), 5))
print(jax.device_put(data[:8], NamedSharding(mesh, P('data'))).sharding.shard_shape((8, 4)))
print(jax.process_index(), jax.process_count(), jax.local_device_count())
print(len(jax.local_devices()), mesh.local_mesh.shape if hasattr(mesh, 'local_mesh') else None)
print(sharding.is_fully_addressable, sharding.is_fully_replicated)
