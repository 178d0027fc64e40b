# Memory kinds on single devices and in pytrees: SingleDeviceSharding with memory_kind,
# device_put to jax.memory.Space.Host / Device of single-device and sharded arrays, memory
# kinds in sharding equality and hashing (jit caches), a device_put of a pytree to a host
# sharding, and jit taking host-memory arguments
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, SingleDeviceSharding
from jax.sharding import PartitionSpec as P

d0 = jax.devices()[0]
s_dev = SingleDeviceSharding(d0)
s_host = SingleDeviceSharding(d0, memory_kind="pinned_host")
print(s_dev, s_host)
print(s_dev == s_host, s_host == s_dev.with_memory_kind("pinned_host"), len({s_dev, s_host}))
x = jax.device_put(np.arange(4.0, dtype=np.float32), s_host)
print(x.sharding.memory_kind, np.asarray(x))
y = jax.device_put(x, jax.memory.Space.Device)
print(y.sharding.memory_kind, y.sharding == s_dev)
z = jax.device_put(y, jax.memory.Space.Host)
print(z.sharding.memory_kind)

mesh = jax.make_mesh((8,), ("d",), axis_types=(jax.sharding.AxisType.Auto,))
tree = {"a": jnp.ones(8), "b": jnp.arange(16.0).reshape(8, 2)}
host_tree = jax.device_put(tree, NamedSharding(mesh, P("d"), memory_kind="pinned_host"))
print(jax.tree.map(lambda v: (v.sharding.memory_kind, v.sharding.spec), host_tree))
back = jax.device_put(host_tree, jax.memory.Space.Device)
print(jax.tree.map(lambda v: v.sharding.memory_kind, back))
with_kinds = jax.device_put(
    tree,
    {"a": NamedSharding(mesh, P(), memory_kind="unpinned_host"), "b": NamedSharding(mesh, P("d"))},
)
print(jax.tree.map(lambda v: v.sharding.memory_kind, with_kinds))


@jax.jit
def total(t):
    t = jax.device_put(t, jax.memory.Space.Device)
    return t["a"].sum() + t["b"].sum()


print(total(back), total(with_kinds))
print(NamedSharding(mesh, P("d"), memory_kind="device") == NamedSharding(mesh, P("d")))
try:
    NamedSharding(mesh, P("d"), memory_kind="hbm")
except ValueError as e:
    print(type(e).__name__)
