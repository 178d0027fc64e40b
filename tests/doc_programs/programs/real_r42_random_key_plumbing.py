# "Pseudorandom numbers": typed keys vs legacy uint32 keys, split / fold_in / key_data /
# wrap_key_data round trips, key_impl, splitting into shapes, clone, and keys through jit / vmap
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

key = random.key(1701)
print(key, key.dtype, key.shape, jax.dtypes.issubdtype(key.dtype, jax.dtypes.prng_key))
legacy = random.PRNGKey(1701)
print(legacy, legacy.dtype, legacy.shape)
print(random.key_data(key), jnp.array_equal(random.key_data(key), legacy))
print(random.key_impl(key))
wrapped = random.wrap_key_data(legacy)
print(wrapped.dtype, random.normal(wrapped) == random.normal(key), random.normal(legacy) == random.normal(key))
k1, k2 = random.split(key)
print(random.key_data(k1), random.key_data(k2))
ks = random.split(key, (2, 3))
print(ks.shape, random.key_data(ks).shape)
print(random.key_data(random.fold_in(key, 7)), random.key_data(random.fold_in(key, jnp.uint32(7))))
print(random.uniform(random.fold_in(key, 0), (3,)))
print(random.key_data(random.clone(key)))
data = random.key_data(random.split(key, 4))
rewrapped = random.wrap_key_data(data)
print(rewrapped.shape, jax.vmap(random.bits)(rewrapped).dtype, jax.vmap(random.bits)(rewrapped))


@jax.jit
def sample(k):
    k, sub = random.split(k)
    return k, random.normal(sub, (2,))


k = key
for i in range(3):
    k, s = sample(k)
    print(i, s)

per = jax.vmap(lambda k: random.uniform(k, (2,)))(random.split(key, 3))
print(per)
print(jax.vmap(random.fold_in, in_axes=(None, 0))(key, jnp.arange(3)).shape)
print(random.key_data(jax.vmap(random.fold_in, in_axes=(None, 0))(key, jnp.arange(3))))
print(random.randint(random.key(0), (5,), 0, 10), random.bernoulli(random.key(0), 0.3, (5,)))
rb = random.key(0, impl="rbg")
print(rb.dtype, random.key_data(rb).shape, random.normal(rb, (2,)))
print(random.key_data(random.key(0, impl="unsafe_rbg")).shape)
print(np.asarray(random.key_data(key)).tolist())
print(jax.eval_shape(lambda k: random.split(k, 5), key))
print(random.split(legacy, 3))
print(jax.tree.leaves({"k": key, "x": 1.0}))
