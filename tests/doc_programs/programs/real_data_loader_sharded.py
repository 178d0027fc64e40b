# A sharded data pipeline: NumPy batches placed with device_put and make_array_from_callback,
# the shards each device holds, make_array_from_single_device_arrays, a jitted linear model fed
# by the loader and global-batch reductions
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
sh = NamedSharding(mesh, P("batch"))
rng = np.random.default_rng(0)
X = rng.normal(size=(128, 4)).astype(np.float32)
w_true = np.array([1.0, -2.0, 0.5, 3.0], np.float32)
Y = X @ w_true + 0.01 * rng.normal(size=128).astype(np.float32)


def loader(bs=32):
    for i in range(0, len(X), bs):
        yield X[i:i + bs], Y[i:i + bs]


def from_callback(arr):
    return jax.make_array_from_callback(arr.shape, sh, lambda idx: arr[idx])


xb, yb = next(loader())
a = from_callback(xb)
print(a.shape, a.sharding.spec, a.is_fully_addressable, a.is_fully_replicated)
for s in a.addressable_shards[:3]:
    print(s.device.id, s.index, s.data.shape, s.replica_id)
print(sh.shard_shape(xb.shape), sh.addressable_devices_indices_map(xb.shape)[jax.devices()[1]])
pieces = [jax.device_put(xb[i * 4:(i + 1) * 4], d) for i, d in enumerate(mesh.devices.flat)]
b = jax.make_array_from_single_device_arrays(xb.shape, sh, pieces)
print(jnp.array_equal(a, b), b.sharding == a.sharding)


@jax.jit
def step(w, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    return w - 0.1 * g, loss


w = jnp.zeros(4)
for epoch in range(15):
    for xb, yb in loader():
        w, loss = step(w, from_callback(xb), jax.device_put(yb, sh))
    if epoch % 5 == 4:
        print(epoch, f"{float(loss):.5f}")
print(jnp.round(w, 2), w.sharding)
full = jax.device_put(X, sh)
print(jnp.round(jnp.mean(full, axis=0), 3), jnp.sum(full > 0), full.sum(axis=0).sharding)
repl = jax.device_put(X, NamedSharding(mesh, P()))
print(repl.is_fully_replicated, len(repl.addressable_shards), repl.addressable_shards[3].replica_id)
print(np.asarray(full[:2]).round(3), type(np.asarray(full)).__name__)
print(jax.device_get({"w": w, "n": 3})["w"].dtype, jnp.asarray(X[:2]).sharding)
