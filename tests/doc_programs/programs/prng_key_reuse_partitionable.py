# The pseudorandom numbers page in depth: typed vs raw keys, split shapes, fold_in, key_data /
# wrap_key_data, key_impl, clone, the sequential-equivalence guarantee not held, and the
# jax_threefry_partitionable values of a sharded draw.
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

key = jax.random.key(42)
old = jax.random.PRNGKey(42)
print(key, key.dtype, key.shape)
print(old, old.dtype)
print(jax.random.key_data(key), jax.random.key_impl(key))
print(jax.random.wrap_key_data(old))
print(jax.random.key_impl(old))
k1, k2 = jax.random.split(key)
print(jax.random.key_data(k1), jax.random.key_data(k2))
ks = jax.random.split(key, (2, 3))
print(ks.shape, jax.random.key_data(ks).shape)
print(jax.random.normal(k1, (3,)), jax.random.normal(k1, (3,)))
print(jax.random.uniform(jax.random.fold_in(key, 7)))
print(jax.random.key_data(jax.random.clone(key)))
print(jnp.stack([jax.random.normal(k, ()) for k in jax.random.split(key, 3)]))
print(jax.random.normal(key, (3,)), jnp.concatenate([jax.random.normal(k, (1,)) for k in jax.random.split(key, 3)]))
print(jax.random.bits(key, (2,), jnp.uint32), jax.random.bits(key, (2,), jnp.uint8))
print(jax.vmap(lambda k: jax.random.normal(k, (2,)))(jax.random.split(key, 2)))
print(jax.random.key(0, impl="rbg"), jax.random.key_data(jax.random.key(0, impl="rbg")).shape)
print(jax.random.key(0, impl="unsafe_rbg").dtype)
print(jax.config.jax_threefry_partitionable)
mesh = jax.make_mesh((8,), ("x",))
s = NamedSharding(mesh, P("x"))
draw = jax.jit(lambda k: jax.random.uniform(k, (16,)), out_shardings=s)(key)
print(draw.sharding.spec, jnp.round(draw, 4))
print(jnp.allclose(draw, jax.random.uniform(key, (16,))))
print(jax.random.randint(key, (5,), 0, 10), jax.random.choice(key, 5, (3,), replace=False))
print(jax.random.permutation(key, jnp.arange(6)), jax.random.bernoulli(key, 0.3, (4,)))
try:
    jax.random.normal(old.astype(jnp.float32))
except Exception as e:
    print(type(e).__name__)
try:
    jax.random.key_data(old)
    print("raw ok")
except Exception as e:
    print(type(e).__name__)
print(jnp.issubdtype(key.dtype, jax.dtypes.prng_key), jnp.issubdtype(old.dtype, jax.dtypes.prng_key))
print(np.asarray(jax.random.key_data(key)).dtype)
