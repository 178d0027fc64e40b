# "Distributed data loading": global arrays built from per-device data with
# make_array_from_callback and make_array_from_single_device_arrays, per-shard indices and
# device ids, data-parallel batches, consolidating shards back on the host
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

devices = jax.devices()
print(len(devices), jax.process_count(), jax.process_index(), jax.local_device_count())
mesh = jax.make_mesh((4, 2), ("data", "model"))
print(mesh.shape, mesh.axis_names)

# a synthetic dataset on the host, loaded by shards
dataset = np.arange(16 * 6, dtype=np.float32).reshape(16, 6)
sharding = NamedSharding(mesh, P("data"))
print(sharding.shard_shape(dataset.shape))
requested = []


def load(index):
    requested.append(tuple((s.start, s.stop) for s in index))
    return dataset[index]


batch = jax.make_array_from_callback(dataset.shape, sharding, load)
print(batch.shape, batch.dtype, batch.sharding.spec, len(batch.addressable_shards))
print(sorted(set(requested)))
for shard in batch.addressable_shards[:4]:
    print(shard.device.id, shard.index, shard.replica_id, shard.data.shape, shard.data[0, 0])
print(np.array_equal(np.asarray(batch), dataset))

sharding2d = NamedSharding(mesh, P("data", "model"))
batch2d = jax.make_array_from_callback(dataset.shape, sharding2d, lambda idx: dataset[idx])
print(batch2d.sharding.shard_shape(batch2d.shape), [s.index for s in batch2d.addressable_shards[:3]])
print(batch2d.addressable_shards[3].device.id, batch2d.addressable_shards[3].data)

# single-device arrays assembled into one global array
idx_map = sharding.addressable_devices_indices_map(dataset.shape)
per_device = [jax.device_put(dataset[idx_map[d]], d) for d in sharding.addressable_devices]
print(len(per_device), per_device[0].shape, per_device[0].devices() == {sharding.addressable_devices_indices_map(dataset.shape).__iter__().__next__()} or True)
global_arr = jax.make_array_from_single_device_arrays(dataset.shape, sharding, per_device)
print(global_arr.shape, global_arr.sharding == sharding, np.array_equal(np.asarray(global_arr), dataset))
print(sorted({d.id for d in global_arr.devices()}))
print([(s.device.id, s.index[0].start) for s in global_arr.addressable_shards][:8])


# data-parallel training step over loaded batches
w = jax.device_put(jnp.zeros((6, 1)), NamedSharding(mesh, P()))
targets = jax.make_array_from_callback((16, 1), sharding, lambda idx: (dataset.sum(1, keepdims=True) / 100)[idx])


@jax.jit
def step(w, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    return w - 1e-5 * g, loss


for i in range(3):
    w, loss = step(w, batch, targets)
    print(i, jnp.round(loss, 4))
print(w.sharding.spec, w.is_fully_replicated)

# per-process local data (one process here)
local = np.arange(8, dtype=np.int32).reshape(8, 1) * np.ones((1, 2), np.int32)
arr = jax.make_array_from_process_local_data(NamedSharding(mesh, P("data")), local)
print(arr.shape, arr.sharding.spec, arr.addressable_shards[1].data.tolist())
print(jax.device_get(arr.addressable_shards[2].data).tolist())
try:
    jax.make_array_from_single_device_arrays(dataset.shape, sharding, per_device[:3])
except Exception as e:
    print(type(e).__name__)
try:
    jax.make_array_from_callback((15, 6), sharding, lambda idx: dataset[idx])
except Exception as e:
    print(type(e).__name__)
