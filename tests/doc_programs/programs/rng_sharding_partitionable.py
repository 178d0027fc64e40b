# Random numbers and sharding: threefry_partitionable, sharded keys, out_sharding of samplers
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType

mesh = jax.make_mesh((8,), ('x',), axis_types=(AxisType.Auto,))
print(jax.config.jax_threefry_partitionable)
key = jax.random.key(0)


@jax.jit
def sample(key):
    x = jax.random.normal(key, (16, 4))
    return jax.lax.with_sharding_constraint(x, NamedSharding(mesh, P('x')))


a = sample(key)
b = jax.random.normal(key, (16, 4))
print(a.sharding.spec, bool(jnp.array_equal(a, b)))
c = jax.jit(lambda k: jax.random.uniform(k, (8, 8)), out_shardings=NamedSharding(mesh, P(None, 'x')))(key)
print(c.sharding.spec, bool(jnp.array_equal(c, jax.random.uniform(key, (8, 8)))))
keys = jax.random.split(key, 8)
ks = jax.device_put(keys, NamedSharding(mesh, P('x')))
print(ks.sharding.spec, ks.shape, ks.dtype)
per = jax.jit(jax.vmap(lambda k: jax.random.normal(k, (2,))))(ks)
print(per.sharding.spec, per.shape, bool(jnp.allclose(per, jax.vmap(lambda k: jax.random.normal(k, (2,)))(keys))))
with jax.threefry_partitionable(True):
    print(jax.config.jax_threefry_partitionable)
    d = jax.random.normal(key, (4,))
print(bool(jnp.array_equal(d, jax.random.normal(key, (4,)))))
print(jax.random.bits(key, (4,)))
emesh = jax.make_mesh((8,), ('x',), axis_types=(AxisType.Explicit,))
with jax.sharding.use_mesh(emesh) if hasattr(jax.sharding, 'use_mesh') else jax.set_mesh(emesh):
    r = jax.random.normal(key, (16,), out_sharding=P('x'))
    print(jax.typeof(r))
    print(jax.typeof(jax.random.uniform(key, (8, 2), out_sharding=P('x', None))))
print(bool(jnp.array_equal(r, jax.random.normal(key, (16,)))))
