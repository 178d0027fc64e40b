# Distributed arrays and automatic parallelization + Introduction to parallel programming
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P, NamedSharding

print(len(jax.devices()))
arr = jnp.arange(32.0).reshape(4, 8)
print(arr.devices() == {jax.devices()[0]})
print(arr.sharding)
jax.debug.visualize_array_sharding(arr)
mesh = jax.make_mesh((2, 4), ('x', 'y'))
sharding = NamedSharding(mesh, P('x', 'y'))
print(sharding)
arr_sharded = jax.device_put(arr, sharding)
print(arr_sharded)
jax.debug.visualize_array_sharding(arr_sharded)


@jax.jit
def f_elementwise(x):
    return 2 * jnp.sin(x) + 1


result = f_elementwise(arr_sharded)
print("shardings match:", result.sharding == arr_sharded.sharding)


@jax.jit
def f_contract(x):
    return x.sum(axis=0)


result = f_contract(arr_sharded)
jax.debug.visualize_array_sharding(result)
print(result)


@jax.jit
def f_contract_2(x):
    out = x.sum(axis=0)
    sharding = NamedSharding(mesh, P('x'))
    return jax.lax.with_sharding_constraint(out, sharding)


try:
    f_contract_2(arr_sharded)
except Exception as e:
    print(type(e).__name__)
from jax.sharding import AxisType
mesh = jax.make_mesh((2, 4), ('x', 'y'), axis_types=(AxisType.Auto, AxisType.Auto))
arr_sharded = jax.device_put(arr, NamedSharding(mesh, P('x', 'y')))
print(f_contract(arr_sharded).sharding)
result = f_contract_2(arr_sharded)
print(result.sharding)
print(result)
print([s.data.shape for s in arr_sharded.addressable_shards])
print([s.index for s in arr_sharded.addressable_shards][:2])
print(arr_sharded.sharding.shard_shape(arr_sharded.shape))
print(arr_sharded.is_fully_replicated, arr_sharded.is_fully_addressable)

# MLP with sharded data
def layer(x, weights, bias):
    return jax.nn.sigmoid(x @ weights + bias)


rng = np.random.default_rng(0)
x = rng.normal(size=(32,))
weights = rng.normal(size=(32, 4))
bias = rng.normal(size=(4,))
print(layer(x, weights, bias))

mesh1 = jax.make_mesh((8,), ('x',))
sharding1 = NamedSharding(mesh1, P('x'))
weights_sharded = jax.device_put(weights, sharding1)
x_sharded = jax.device_put(x, sharding1)
try:
    print(layer(x_sharded, weights_sharded, bias))
except Exception as e:
    print(type(e).__name__)
mesh1 = jax.make_mesh((8,), ('x',), axis_types=(AxisType.Auto,))
sharding1 = NamedSharding(mesh1, P('x'))
weights_sharded = jax.device_put(weights, sharding1)
x_sharded = jax.device_put(x, sharding1)
print(layer(x_sharded, weights_sharded, bias))
print(jax.jit(layer)(x_sharded, weights_sharded, bias).sharding)

# 8-way batch data parallelism
mesh8 = jax.make_mesh((8,), ('batch',))
batch = jax.device_put(jnp.arange(64.).reshape(16, 4), NamedSharding(mesh8, P('batch')))
W = jax.device_put(jnp.ones((4, 3)), NamedSharding(mesh8, P()))
out = jax.jit(lambda b, w: jnp.tanh(b @ w))(batch, W)
print(out.sharding)
print(out.sum())

# 4x2 model parallelism
mesh42 = jax.make_mesh((4, 2), ('batch', 'model'))
batch = jax.device_put(jnp.arange(64.).reshape(16, 4), NamedSharding(mesh42, P('batch', None)))
W = jax.device_put(jnp.ones((4, 6)), NamedSharding(mesh42, P(None, 'model')))
out = jax.jit(lambda b, w: jnp.tanh(b @ w))(batch, W)
print(out.sharding)
jax.debug.visualize_array_sharding(out)
print(jax.jit(lambda x: x.sum())(out))
try:
    jax.device_put(jnp.arange(5.), NamedSharding(mesh8, P('batch')))
except Exception as e:
    print(type(e).__name__)
try:
    NamedSharding(mesh8, P('nope'))
    jax.device_put(jnp.arange(8.), NamedSharding(mesh8, P('nope')))
except Exception as e:
    print(type(e).__name__)

print(jax.sharding.SingleDeviceSharding(jax.devices()[0]))
with jax.sharding.use_mesh(mesh42) if hasattr(jax.sharding, 'use_mesh') else jax.set_mesh(mesh42):
    print(jax.jit(lambda x: x * 2)(jnp.arange(8.)).shape)
print(jax.jit(lambda x: x + 1, out_shardings=NamedSharding(mesh8, P('batch')))(jnp.arange(8.)).sharding)
