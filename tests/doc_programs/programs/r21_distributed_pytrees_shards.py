# "Distributed arrays and automatic parallelization": device_put of a pytree with one sharding
# and with a pytree of shardings, the shards of each leaf (device, index, replica_id, data
# shape), is_fully_replicated / is_fully_addressable, devices_indices_map and shard_shape of
# shardings, SingleDeviceSharding's repr, and a jitted function's output shardings
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, SingleDeviceSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("a", "b"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
params = {"w": jnp.arange(32.0).reshape(8, 4), "b": jnp.zeros(4), "n": [jnp.ones(8), 3]}
put = jax.device_put(params, NamedSharding(mesh, P()))
print(jax.tree.map(lambda x: x.sharding.spec if hasattr(x, "sharding") else x, put))
shardings = {
    "w": NamedSharding(mesh, P("a", "b")),
    "b": NamedSharding(mesh, P("b")),
    "n": [NamedSharding(mesh, P(("a", "b"))), NamedSharding(mesh, P())],
}
put2 = jax.device_put(params, shardings)
for path, leaf in jax.tree_util.tree_flatten_with_path(put2)[0]:
    print(
        jax.tree_util.keystr(path),
        type(leaf).__name__,
        leaf.sharding.spec,
        leaf.is_fully_replicated,
    )
    for s in leaf.addressable_shards[:3]:
        print("  ", s.device, s.index, s.replica_id, s.data.shape)
w = put2["w"]
print(w.is_fully_addressable, len(w.addressable_shards), len(w.global_shards))
s = NamedSharding(mesh, P("a", None))
print(s.shard_shape((8, 6)), s.is_fully_replicated, s.num_devices, s.is_fully_addressable)
for d, idx in list(s.devices_indices_map((8, 6)).items())[:4]:
    print(d, idx)
sd = SingleDeviceSharding(jax.devices()[2])
print(sd, sd.device_set, sd.shard_shape((3, 3)), sd.is_fully_replicated)
x = jax.device_put(np.arange(6), sd)
print(x.sharding == sd, x.devices(), x.addressable_data(0))
print(jax.device_get(put2)["n"][0][:3], type(jax.device_get(put2)["w"]).__name__)
f = jax.jit(lambda p: (p["w"] @ jnp.ones((4, 2)), p["b"].sum()))
o1, o2 = f(put2)
print(o1.sharding.spec, o2.sharding.spec, o1.shape, float(o2))
print(NamedSharding(mesh, P("a")).with_memory_kind("device").memory_kind)
