# "jax.Array migration" and the Array API: isinstance checks, jax.Array as a type annotation,
# .devices() / .sharding / .is_fully_addressable / .addressable_data, device_put to a Device /
# a Sharding, committed vs uncommitted, block_until_ready, copy / copy_to_host_async, NumPy
# conversion (np.asarray / __array__ / tolist / item), jax.device_get on pytrees, deleting
# arrays, and arrays as dictionary keys failing
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, SingleDeviceSharding
from jax.sharding import PartitionSpec as P

x = jnp.arange(6.0).reshape(2, 3)
print(isinstance(x, jax.Array), isinstance(x, jnp.ndarray), isinstance(np.ones(2), jax.Array), type(x).__name__)
print(x.devices(), x.sharding, x.is_fully_addressable, x.is_fully_replicated, x.committed if hasattr(x, "committed") else "")
d1 = jax.devices()[1]
y = jax.device_put(x, d1)
print(y.devices(), y.sharding, y.sharding.device_set == {d1}, isinstance(y.sharding, SingleDeviceSharding))
z = x + y
print(z.devices())
try:
    jax.device_put(x, jax.devices()[2]) + y
except Exception as e:
    print(type(e).__name__)
print((x + 1).devices(), jax.device_put(1.0).devices())
print(x.addressable_data(0), x.addressable_shards[0].device, x.addressable_shards[0].replica_id)
print(x.block_until_ready() is x, jax.block_until_ready({"a": x})["a"].shape)
print(np.asarray(x).dtype, np.array(x).flags.writeable, x.tolist(), x[0, 1].item(), float(x[1, 2]), int(x[0, 0]))
print(jax.device_get({"a": x, "b": [jnp.int32(3)]}), type(jax.device_get(x)).__name__)
c = x.copy()
print(c is x, jnp.array_equal(c, x), x.copy_to_host_async() is None)
mesh = jax.make_mesh((8,), ("d",), axis_types=(jax.sharding.AxisType.Auto,))
s = jax.device_put(jnp.arange(16.0), NamedSharding(mesh, P("d")))
print(len(s.devices()), s.sharding.spec, s.addressable_data(3), s.global_shards[2].index)
print([sh.data.shape for sh in s.addressable_shards][:2], s.size, s.nbytes, s.itemsize, s.ndim)
print(np.asarray(s)[:4], s[3:6], s.reshape(4, 4)[1])
t = jnp.ones(3)
t.delete()
print(t.is_deleted())
try:
    print(t + 1)
except Exception as e:
    print(type(e).__name__)
try:
    {jnp.array(1): "a"}
except TypeError as e:
    print("TypeError", "unhashable type" in str(e))
print(hash(jnp.int32(3).item()), jnp.array(3).__index__(), [10, 20, 30, 40][jnp.array(2)])
try:
    bool(jnp.array([True, False]))
except ValueError as e:
    print("ValueError", str(e))
print(len(jnp.zeros((4, 2))), list(jnp.arange(3)), [type(v).__name__ for v in jnp.arange(2)])
try:
    len(jnp.float32(1))
except TypeError as e:
    print("TypeError", str(e))
print(x.T, x.mT.shape, x.real, x.imag, x.conj().dtype, x.at, type(x.at).__name__)
print(x.astype(jnp.int8), x.view(jnp.int32)[0, 1], x.flatten(), x.ravel(order="F"), x.squeeze().shape)
print(repr(jnp.array([1, 2], jnp.uint8)), repr(jnp.array(1.5, jnp.bfloat16)), repr(jnp.array([], jnp.float32)))
print(str(jnp.zeros((2, 0))), repr(jnp.zeros((2, 0))), repr(jnp.array([[True]])))
print(format(jnp.float32(3.14159), ".2f"), f"{jnp.int32(7):04d}", "%.1f" % jnp.float32(2.25))
print(jnp.array([1.0, 2.0]) @ jnp.array([3.0, 4.0]), divmod(jnp.int32(7), 2), abs(jnp.int32(-3)), round(jnp.float32(2.567), 2))
print(np.add(x, 1).__class__.__name__, (np.float32(2) * x).__class__.__name__, (x * np.ones(3)).__class__.__name__)
