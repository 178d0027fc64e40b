# jax.Array APIs: .sharding, .is_fully_replicated, .is_fully_addressable, .addressable_data,
# .addressable_shards, .devices(), .block_until_ready(), .copy_to_host_async(), .delete(),
# .nbytes / .itemsize / .size, conversion to NumPy and Python scalars, jax.typeof
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

x = jnp.arange(12.).reshape(3, 4)
print(isinstance(x, jax.Array), type(x.sharding).__name__)
print(x.is_fully_replicated, x.is_fully_addressable, x.committed if hasattr(x, "committed") else None)
print(x.devices() == {jax.devices()[0]}, len(x.addressable_shards))
print(x.addressable_data(0).shape, x.addressable_data(0).devices() == {jax.devices()[0]})
print(x.nbytes, x.itemsize, x.size, x.ndim, x.shape, x.dtype, len(x))
print(x.block_until_ready() is x)
print(x.copy_to_host_async())
print(np.asarray(x).sum(), x.tolist()[1], float(x[1, 1]), int(x[2, 3]), x[0, 0].item())
print(jax.typeof(x), jax.typeof(1.0))

mesh = jax.make_mesh((4, 2), ("a", "b"))
y = jax.device_put(jnp.arange(32.).reshape(8, 4), NamedSharding(mesh, P("a", "b")))
print(y.sharding.spec, y.is_fully_replicated, y.is_fully_addressable, len(y.devices()))
print(y.addressable_data(0), y.addressable_data(3).shape)
for s in y.addressable_shards[:3]:
    print(s.device.id, s.index, s.replica_id, s.data.shape)
z = jax.device_put(jnp.ones(4), NamedSharding(mesh, P()))
print(z.is_fully_replicated, [s.replica_id for s in z.addressable_shards])
w = jax.device_put(jnp.ones((8, 2)), NamedSharding(mesh, P("a")))
print(sorted({s.replica_id for s in w.addressable_shards}), w.addressable_shards[1].index)
y.copy_to_host_async()
print(np.asarray(y)[7], y.block_until_ready().shape)
print(jax.block_until_ready({"a": y, "b": [z, 1.0]})["b"][1])

# delete and is_deleted
tmp = jnp.ones(3)
print(tmp.is_deleted())
tmp.delete()
print(tmp.is_deleted())
try:
    tmp + 1
except Exception as e:
    print(type(e).__name__)

# converting
print(np.asarray(jnp.array([1, 2], jnp.int8)).dtype, jnp.array(3.5).__float__(), bool(jnp.array(True)))
print(x.__array__().shape, jnp.array([1, 2]).__array_priority__ > 0)
print(repr(jnp.array([1.5, 2], jnp.bfloat16)), repr(jnp.zeros((2, 0))))
try:
    bool(jnp.array([1, 2]))
except ValueError as e:
    print("ValueError")
try:
    int(jnp.array([1, 2]))
except TypeError as e:
    print("TypeError")
print(hash(jnp.int32(1).dtype) == hash(np.dtype("int32")))
try:
    hash(jnp.array(1))
except TypeError:
    print("unhashable")
print(format(jnp.float32(3.14159), ".2f"), f"{jnp.array(7):03d}", str(jnp.array([1., 2.])))
print(x.T.shape, x.mT.shape, x.real.dtype, jnp.array(1 + 2j).imag, x.at[0, 0].get())
print(x.device if not callable(getattr(x, "device", None)) else "callable")
print(jax.device_put(x, jax.devices()[2]).devices() == {jax.devices()[2]})
print(x.to_device(jax.devices()[1]).devices() == {jax.devices()[1]})
print(jnp.ones(3).__dlpack_device__())
print(x.view(jnp.int32)[0, 1], x.astype(jnp.int32).view(jnp.float32).dtype)
