# Random numbers with sharding: threefry partitionable draws that do not depend on the
# output sharding, jax.random with out_sharding on an Explicit mesh, keys device_put across
# a mesh and split per shard inside shard_map with fold_in(axis_index), vmap over split keys
# against one batched draw, and dropout masks generated per data shard
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

print(jax.config.jax_threefry_partitionable)
key = jax.random.key(7)
plain = jax.random.normal(key, (8, 4))
mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
sharded = jax.jit(lambda k: jax.random.normal(k, (8, 4)), out_shardings=NamedSharding(mesh, P("x", "y")))(key)
print(sharded.sharding.spec, np.array_equal(plain, sharded))
u = jax.jit(lambda k: jax.random.uniform(k, (16,)), out_shardings=NamedSharding(mesh, P(("x", "y"))))(key)
print(np.array_equal(u, jax.random.uniform(key, (16,))), u[:4])

emesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
with jax.set_mesh(emesh):
    r = jax.random.normal(key, (8, 4), out_sharding=P("x", "y"))
    print(jax.typeof(r), np.array_equal(r, plain))
    b = jax.random.bernoulli(key, 0.5, (8,), out_sharding=P("x"))
    print(jax.typeof(b), b)
    ks = jax.random.split(key, 8)
    ks = jax.device_put(ks, P("x"))
    print(jax.typeof(ks))
    draws = jax.jit(jax.vmap(lambda k: jax.random.uniform(k, (3,))))(ks)
    print(jax.typeof(draws), draws.sum())

mesh1 = jax.make_mesh((8,), ("d",), axis_types=(jax.sharding.AxisType.Auto,))


@jax.jit
@partial(jax.shard_map, mesh=mesh1, in_specs=(P(), P("d")), out_specs=P("d"))
def dropout_per_shard(key, x):
    k = jax.random.fold_in(key, jax.lax.axis_index("d"))
    keep = jax.random.bernoulli(k, 0.75, x.shape)
    return jnp.where(keep, x / 0.75, 0.0)


x = jnp.ones((16, 4))
y = dropout_per_shard(key, x)
print(y.shape, (y == 0).sum(), y[:2])
y_again = dropout_per_shard(key, x)
print(np.array_equal(y, y_again))
rows = [jax.random.bernoulli(jax.random.fold_in(key, i), 0.75, (2, 4)) for i in range(8)]
print(np.array_equal(jnp.concatenate(rows) * (1 / 0.75), y))

keys = jax.random.split(key, 4)
print(jax.vmap(lambda k: jax.random.normal(k, (2,)))(keys))
print(jax.random.normal(keys[1], (2,)))
sk = jax.device_put(keys, NamedSharding(mesh1, P()))
print(sk.sharding.is_fully_replicated, jax.random.key_data(sk).shape)


@jax.jit
def noisy_mean(key, data):
    noise = jax.random.normal(key, data.shape)
    return (data + 0.1 * noise).mean(axis=0)


data = jax.device_put(jnp.arange(64.0).reshape(16, 4), NamedSharding(mesh1, P("d")))
print(noisy_mean(key, data), noisy_mean(key, jnp.arange(64.0).reshape(16, 4)))
print(jax.random.randint(key, (8,), 0, 100))
print(jax.jit(lambda k: jax.random.permutation(k, 8))(key))
