# Pseudorandom numbers: keys, split/fold_in, key_data, distributions
import numpy as np
import jax
import jax.numpy as jnp
from jax import random

key = random.key(42)
print(key)
print(key.dtype, key.shape)
old = random.PRNGKey(42)
print(old, old.dtype, old.shape)
print(random.key_data(key))
print(random.wrap_key_data(random.key_data(key)))
print(random.key_impl(key))
print(jnp.issubdtype(key.dtype, jax.dtypes.prng_key))
new_key, subkey = random.split(key)
print(new_key, subkey)
print(random.split(key, 3).shape, random.split(key, (2, 2)).shape)
print(random.fold_in(key, 7))
print(random.split(old))
print(random.normal(random.PRNGKey(0)), random.normal(random.key(0)))
print(random.clone(key))

for k in range(2):
    key, subkey = random.split(key)
    print(random.normal(subkey, (3,)))

k = random.key(0)
print(random.uniform(k, (3,), minval=-1., maxval=2.))
print(random.randint(k, (5,), 0, 10))
print(random.randint(k, (3,), 0, 10, dtype=jnp.int8))
print(random.bernoulli(k, 0.3, (6,)))
print(random.categorical(k, jnp.log(jnp.array([0.1, 0.6, 0.3])), shape=(6,)))
print(random.choice(k, 5, (3,), replace=False))
print(random.choice(k, jnp.arange(10.), (4,), p=jnp.arange(10.) / 45))
print(random.permutation(k, 6))
print(random.permutation(k, jnp.arange(6).reshape(3, 2), axis=0))
print(random.truncated_normal(k, -1., 1., (4,)))
print(random.exponential(k, (3,)))
print(random.gamma(k, 2., (3,)))
print(random.beta(k, 2., 3., (3,)))
print(random.dirichlet(k, jnp.ones(3)))
print(random.poisson(k, 3., (4,)))
print(random.multivariate_normal(k, jnp.zeros(2), jnp.eye(2), (2,)))
print(random.bits(k, (3,)), random.bits(k, (2,), dtype=jnp.uint8))
print(random.normal(k, (2,), dtype=jnp.float16))
print(random.binomial(k, 10, 0.5, (4,)))

x = random.normal(k, (1000,))
print(jnp.round(x.mean(), 2), jnp.round(x.std(), 2))
print(jax.jit(lambda k: random.normal(k, (2,)))(k))
print(jax.vmap(lambda k: random.uniform(k))(random.split(k, 3)))
try:
    random.normal(jnp.array([1.0, 2.0]))
except Exception as e:
    print(type(e).__name__)
try:
    random.key(0) + 1
except Exception as e:
    print(type(e).__name__)
print(random.key_data(random.split(random.key(3), 2)))
print(np.asarray(random.key_data(random.key(123))).dtype)
print(random.uniform(random.key(0, impl='threefry2x32'), (2,)))
