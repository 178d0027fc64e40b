# Managing device buffers in a training loop: donated parameters deleted after the step
# (is_deleted, and the RuntimeError on reuse), explicit delete(), block_until_ready on pytrees,
# device_get of a pytree into NumPy, copy_to_host_async, is_fully_replicated / is_fully_addressable
# of sharded and single-device arrays, jnp.copy versus aliasing, and unsafe_buffer_pointer-free
# checks that a jitted identity returns a fresh buffer
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

params = {"w": jnp.ones((4, 4)), "b": jnp.zeros(4)}


def sgd(p, g):
    return jax.tree.map(lambda a, b: a - 0.1 * b, p, g)


step = jax.jit(lambda p, x: sgd(p, jax.grad(lambda p: jnp.sum((x @ p["w"] + p["b"]) ** 2))(p)), donate_argnums=0)
x = jnp.ones((2, 4))
old = params
params = step(params, x)
print(old["w"].is_deleted(), params["w"].is_deleted(), float(params["b"][0]))
try:
    old["w"] + 1
except RuntimeError as e:
    print("RuntimeError", "deleted" in str(e))
tmp = jnp.arange(3.0)
tmp.delete()
print(tmp.is_deleted())
out = jax.block_until_ready({"a": jnp.ones(2) * 2, "b": [jnp.zeros(1)]})
print(jax.tree.map(lambda a: a.shape, out))
host = jax.device_get(params)
print(type(host["w"]).__name__, host["w"].dtype, isinstance(host["b"], np.ndarray))
y = jnp.arange(4.0)
y.copy_to_host_async()
print(np.asarray(y), y.is_fully_replicated, y.is_fully_addressable)
mesh = jax.make_mesh((8,), ("d",))
sharded = jax.device_put(jnp.arange(16.0), NamedSharding(mesh, P("d")))
replicated = jax.device_put(jnp.arange(16.0), NamedSharding(mesh, P()))
print(sharded.is_fully_replicated, replicated.is_fully_replicated, sharded.is_fully_addressable, len(sharded.addressable_shards))
print(sorted({s.data.shape for s in sharded.addressable_shards}), replicated.addressable_shards[3].data.shape)
c = jnp.copy(y)
same = jax.jit(lambda a: a)(y)
print(c is y, same is y, bool(jnp.array_equal(same, y)))
d = jax.device_put(y, jax.devices()[1])
print(d.devices() == {jax.devices()[1]}, y.committed if hasattr(y, "committed") else "n/a", d.committed if hasattr(d, "committed") else "n/a")
try:
    jax.jit(lambda a, b: a + b)(d, jax.device_put(y, jax.devices()[2]))
except ValueError as e:
    print("ValueError", "devices" in str(e).lower())
