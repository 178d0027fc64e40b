# "Pseudorandom numbers": NumPy's stateful generator vs JAX's keys, key / PRNGKey,
# split and fold_in, key_data / wrap_key_data round trips, random.bits, samplers with
# shapes and dtypes, sequential-equivalence (not guaranteed), and keys under jit and vmap
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

np.random.seed(0)
print(np.random.random(3).round(6))

key = random.key(42)
print(key)
print(key.dtype, key.shape, jax.dtypes.issubdtype(key.dtype, jax.dtypes.prng_key))
print(random.key_data(key))
old = random.PRNGKey(42)
print(old, old.dtype)
print(np.array_equal(random.key_data(key), old))
print(random.normal(key), random.normal(key))

for i in range(3):
    key, subkey = random.split(key)
    val = random.normal(subkey)
    print(f"draw {i}: {val}")

key = random.key(0)
k1, k2, k3 = random.split(key, 3)
print(random.key_data(k1), random.key_data(k3))
ks = random.split(key, 4)
print(ks.shape, random.key_data(ks).shape)
print(random.key_data(random.fold_in(key, 7)))
print(random.key_data(random.fold_in(key, jnp.uint32(7))))

data = random.key_data(ks)
wrapped = random.wrap_key_data(data)
print(wrapped.dtype, wrapped.shape, random.uniform(wrapped[2]) == random.uniform(ks[2]))
print(random.key_impl(key))

print(random.bits(key, (4,)))
print(random.bits(key, (2,), dtype=jnp.uint8))
print(random.uniform(key, (3,), minval=-1.0, maxval=2.0))
print(random.randint(key, (5,), 0, 10))
print(random.normal(key, (2, 2), dtype=jnp.bfloat16))
print(random.bernoulli(key, 0.3, (6,)))
print(random.categorical(key, jnp.log(jnp.array([0.1, 0.2, 0.7])), shape=(8,)))
print(random.choice(key, 10, (4,), replace=False))
print(random.permutation(key, jnp.arange(6)))
print(random.truncated_normal(key, -1.0, 1.0, (3,)))
print(random.gamma(key, 2.0, (3,)))
print(random.exponential(key, (3,)))
print(random.multivariate_normal(key, jnp.zeros(2), jnp.array([[1.0, 0.5], [0.5, 1.0]]), (2,)))

key = random.key(42)
print("individually:", np.stack([random.normal(k) for k in random.split(key, 3)]))
print("all at once: ", random.normal(key, shape=(3,)))

print(jax.jit(lambda k: random.normal(k, (3,)))(key))
print(jax.vmap(lambda k: random.uniform(k))(random.split(key, 4)))
print(jax.vmap(random.fold_in, in_axes=(None, 0))(key, jnp.arange(3)).shape)
seeds = jnp.arange(3)
print(random.key_data(jax.vmap(random.key)(seeds)))


@jax.jit
def sample_many(key):
    ks = random.split(key, 5)
    return jax.vmap(lambda k: random.normal(k, (2,)))(ks)


print(sample_many(random.key(1)))
print(random.key_data(random.clone(key)))
