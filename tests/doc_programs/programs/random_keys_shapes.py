# jax.random keys beyond the basics: split into shaped key arrays, key_data / wrap_key_data
# round trips with impl=, key arrays under jit / vmap / sharding (out_shardings and device_put
# of key arrays), fold_in over a range, random.clone, and sampling per key with vmap
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

key = jax.random.key(42)
print(key.shape, key.dtype, jax.random.key_impl(key))
keys = jax.random.split(key, (2, 3))
print(keys.shape, keys.dtype)
print(jax.random.key_data(keys).shape)
print(jax.random.key_data(keys)[1, 2])
raw = jax.random.key_data(key)
print(raw, raw.dtype)
again = jax.random.wrap_key_data(raw)
print(again.dtype, bool(jnp.all(jax.random.key_data(again) == raw)))
rbg = jax.random.wrap_key_data(jnp.zeros(4, jnp.uint32), impl="rbg")
print(rbg.dtype, jax.random.key_impl(rbg))
print(jax.random.uniform(again, (3,)))
print(jax.random.uniform(keys[0, 1], (2,)))
print(jax.vmap(lambda k: jax.random.normal(k))(keys.ravel()).shape)
print(jax.vmap(jax.vmap(lambda k: jax.random.randint(k, (), 0, 10)))(keys))
folded = jax.vmap(lambda i: jax.random.fold_in(key, i))(jnp.arange(4))
print(folded.shape, jax.random.key_data(folded)[:, 0])
print(jnp.stack([jax.random.key_data(jax.random.fold_in(key, i)) for i in range(4)])[:, 0])
c = jax.random.clone(key)
print(bool(jnp.all(jax.random.key_data(c) == jax.random.key_data(key))))
legacy = jax.random.PRNGKey(7)
print(legacy, legacy.dtype, jax.random.split(legacy).shape)
print(jax.random.key_data(jax.random.split(jax.random.key(7))) - jax.random.split(legacy))

mesh = jax.make_mesh((8,), ("d",))
sharding = NamedSharding(mesh, P("d"))
many = jax.random.split(key, 8)
placed = jax.device_put(many, sharding)
print(placed.sharding.spec, placed.dtype, len(placed.addressable_shards))
samples = jax.jit(jax.vmap(lambda k: jax.random.normal(k, (2,))), out_shardings=sharding)(placed)
print(samples.shape, samples.sharding.spec)
print(np.allclose(samples, jax.vmap(lambda k: jax.random.normal(k, (2,)))(many)))
made = jax.jit(lambda k: jax.random.split(k, 16), out_shardings=sharding)(key)
print(made.shape, made.sharding.spec, made.dtype)
print(bool(jnp.all(jax.random.key_data(made) == jax.random.key_data(jax.random.split(key, 16)))))
noise = jax.jit(lambda k: jax.random.uniform(k, (16, 4)), out_shardings=sharding)(key)
print(noise.sharding.spec, np.allclose(noise, jax.random.uniform(key, (16, 4))))
print(jax.tree.map(lambda k: k.shape, {"a": keys, "b": [key]}))
print(jax.eval_shape(lambda k: jax.random.split(k, 5), key))
