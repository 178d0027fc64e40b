# Random numbers and sharding: samplers with out_sharding= on an Explicit mesh, keys split and
# resharded, vmapped samplers over sharded keys, jit with sharded key arrays, the values
# independent of the sharding under threefry_partitionable, and keys inside shard_map
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, reshard

mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
key = jax.random.key(42)
plain = jax.random.normal(key, (8, 4))
with jax.set_mesh(mesh):
    s = jax.random.normal(key, (8, 4), out_sharding=P("data", "model"))
    print(jax.typeof(s), np.allclose(s, plain))
    u = jax.random.uniform(key, (8,), out_sharding=P("data"))
    print(jax.typeof(u), np.allclose(u, jax.random.uniform(key, (8,))))
    b = jax.random.bernoulli(key, 0.5, (8, 2), out_sharding=P("data", None))
    print(jax.typeof(b), b.sum())
    ri = jax.random.randint(key, (4, 4), 0, 10, out_sharding=P(None, "model"))
    print(jax.typeof(ri), ri[0])
    keys = jax.random.split(key, 8)
    ks = reshard(keys, P("data"))
    print(jax.typeof(ks), ks.sharding.spec)
    draws = jax.vmap(lambda k: jax.random.normal(k, (3,)))(ks)
    print(jax.typeof(draws), np.allclose(draws, jax.vmap(lambda k: jax.random.normal(k, (3,)))(keys)))

    @jax.jit
    def sample(k, x):
        noise = jax.random.normal(k, x.shape, out_sharding=jax.typeof(x).sharding)
        return x + noise

    x = reshard(jnp.zeros((8, 4)), P("data", "model"))
    y = sample(key, x)
    print(jax.typeof(y), np.allclose(y, plain))
    k2 = jax.random.fold_in(key, 3)
    print(jax.typeof(k2), jax.typeof(jax.random.split(key, 4)))
    perm = jax.random.permutation(key, 8)
    print(perm)

with jax.threefry_partitionable(True):
    a = jax.random.uniform(key, (16,))
    sh = NamedSharding(mesh, P(("data", "model")))
    b2 = jax.jit(lambda k: jax.random.uniform(k, (16,)), out_shardings=sh)(key)
    print(np.array_equal(a, b2), b2.sharding.spec)

auto = jax.make_mesh((8,), ("d",), axis_types=(AxisType.Auto,))


@jax.jit
@partial(jax.shard_map, mesh=auto, in_specs=P("d"), out_specs=P("d"))
def per_device(keys):
    k = keys[0]
    return jax.random.uniform(k, (1, 2))


keys = jax.random.split(key, 8)
pd = per_device(keys)
print(pd.shape, np.allclose(pd[3], jax.random.uniform(keys[3], (1, 2))[0]))


@jax.jit
@partial(jax.shard_map, mesh=auto, in_specs=P(), out_specs=P("d"))
def folded(k):
    idx = jax.lax.axis_index("d")
    return jax.random.normal(jax.random.fold_in(k, idx), (1,))


fo = folded(key)
print(fo.shape, np.allclose(fo[5], jax.random.normal(jax.random.fold_in(key, 5), (1,))))
print(jax.device_put(keys, NamedSharding(auto, P("d"))).sharding.spec)
