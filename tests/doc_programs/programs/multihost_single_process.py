# jax.experimental.multihost_utils and mesh_utils in a single-process run (as the multi-process
# tutorial's code runs on one host): process_index / process_count, create_device_mesh,
# host_local_array_to_global_array and back, process_allgather, broadcast_one_to_all,
# sync_global_devices and assert_equal
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils, multihost_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

print(jax.process_index(), jax.process_count(), jax.device_count(), jax.local_device_count())
print(len(jax.local_devices()), all(d.process_index == 0 for d in jax.devices()))
devices = mesh_utils.create_device_mesh((4, 2))
print(devices.shape, sorted(d.id for d in devices.flat) == list(range(8)))
mesh = Mesh(devices, axis_names=("data", "model"))
print(mesh.shape)

local_batch = np.arange(32, dtype=np.float32).reshape(8, 4)
global_batch = multihost_utils.host_local_array_to_global_array(local_batch, mesh, P("data"))
print(type(global_batch).__name__, global_batch.shape, global_batch.sharding.spec)
print(global_batch.is_fully_addressable, len(global_batch.addressable_shards))
print([s.data.shape for s in global_batch.addressable_shards][:2])


@jax.jit
def step(x):
    return jnp.tanh(x) * 2


out = step(global_batch)
local_out = multihost_utils.global_array_to_host_local_array(out, mesh, P("data"))
print(type(local_out).__name__, local_out.shape, np.allclose(local_out, np.tanh(local_batch) * 2))

tree = {"loss": jnp.float32(0.5), "acc": jnp.arange(3.)}
gathered = multihost_utils.process_allgather(tree)
print(jax.tree.map(lambda a: (type(a).__name__, a.shape), gathered))
print(multihost_utils.process_allgather(jnp.arange(4), tiled=True))
print(multihost_utils.process_allgather(global_batch).shape)
b = multihost_utils.broadcast_one_to_all({"seed": np.int32(7), "w": np.ones(2, np.float32)})
print(b)
print(multihost_utils.broadcast_one_to_all(jnp.arange(3), is_source=True))
multihost_utils.sync_global_devices("end of setup")
multihost_utils.assert_equal(np.arange(4), fail_message="data differs across hosts")
print("synced")

pspecs = {"x": P("data"), "y": P(None)}
pair = {"x": np.ones((8, 2), np.float32), "y": np.zeros((3,), np.float32)}
g = multihost_utils.host_local_array_to_global_array(pair, mesh, pspecs)
print({k: (v.shape, v.sharding.spec) for k, v in g.items()})
back = multihost_utils.global_array_to_host_local_array(g, mesh, pspecs)
print({k: v.shape for k, v in back.items()})
sharded = jax.device_put(jnp.arange(16.).reshape(8, 2), NamedSharding(mesh, P("data", "model")))
print(np.asarray(multihost_utils.process_allgather(sharded)).sum())
