# "Pseudorandom numbers": NumPy's sequential-equivalence vs JAX's keys, explicit key passing,
# split into several and with shapes, fold_in, new-style typed keys vs raw PRNGKey (uint32[2]),
# key_data / wrap_key_data, key_impl, the same key giving the same numbers, vmap over keys,
# random numbers under jit, and distribution shapes / dtypes
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

np.random.seed(0)
print(np.random.random(), np.random.get_state()[1][:3])


def bar():
    return np.random.uniform()


def baz():
    return np.random.uniform()


def foo():
    return bar() + 2 * baz()


print(round(foo(), 6))
key = random.key(42)
print(key, key.dtype, key.shape, jax.random.key_impl(key))
print(random.normal(key), random.normal(key))
for i in range(3):
    new_key, subkey = random.split(key)
    del key
    val = random.normal(subkey)
    del subkey
    print(f"draw {i}: {val}")
    key = new_key
key, *forty_two_subkeys = random.split(random.key(0), num=43)
print(len(forty_two_subkeys), forty_two_subkeys[0].shape)
keys = random.split(random.key(1), (2, 3))
print(keys.shape, keys.dtype, random.key_data(keys).shape)
old = random.PRNGKey(0)
print(old, old.dtype, old.shape, random.key_data(random.key(0)), random.wrap_key_data(old))
print(random.uniform(old), random.uniform(random.key(0)), random.uniform(random.wrap_key_data(old)))
print(random.split(old), random.fold_in(old, 3))
k = random.key(7)
print(random.fold_in(k, 0), random.fold_in(k, 1))
print(random.key_data(random.fold_in(k, 1)), random.key_data(random.split(k)[1]))
print(jax.vmap(lambda kk: random.normal(kk, (2,)))(random.split(k, 3)))
print(jax.jit(lambda kk: random.uniform(kk, (3,), minval=-1, maxval=1))(k))
print(random.randint(k, (5,), 0, 10), random.randint(k, (2,), 0, 10, dtype=jnp.uint8), random.bernoulli(k, 0.3, (4,)))
print(random.choice(k, 5, (3,), replace=False), random.choice(k, jnp.array([10, 20, 30]), (4,), p=jnp.array([0.1, 0.1, 0.8])))
print(random.permutation(k, 6), random.permutation(k, jnp.arange(6).reshape(3, 2), axis=1, independent=True))
print(random.categorical(k, jnp.log(jnp.array([0.2, 0.3, 0.5])), shape=(6,)), random.gumbel(k, (2,)), random.laplace(k, (2,)))
print(random.normal(k, (2,), dtype=jnp.bfloat16), random.normal(k, (2,), dtype=jnp.float16), random.uniform(k, dtype=jnp.float32).dtype)
print(random.truncated_normal(k, -1.0, 1.0, (3,)), random.exponential(k, (2,)), random.gamma(k, 2.0, (2,)), random.beta(k, 2.0, 3.0, (2,)))
print(random.multivariate_normal(k, jnp.zeros(2), jnp.array([[1.0, 0.5], [0.5, 1.0]]), (3,)))
print(random.dirichlet(k, jnp.ones(3)), random.poisson(k, 3.0, (4,)), random.bits(k, (2,)), random.bits(k, (2,), jnp.uint8))
print(random.orthogonal(k, 3) @ random.orthogonal(k, 3).T)
print(random.ball(k, 2, shape=(2,)), random.rademacher(k, (5,)), random.t(k, 3.0, (2,)), random.cauchy(k, (2,)))
try:
    random.normal(random.key_data(k) if False else 0)
except Exception as e:
    print(type(e).__name__)
try:
    random.split(k, 2.5)
except Exception as e:
    print(type(e).__name__)
print(jax.random.key(0) == jax.random.key(0), jnp.array_equal(random.key_data(random.key(1)), random.key_data(random.key(1))))
with jax.default_prng_impl("rbg"):
    kr = random.key(0)
    print(kr.dtype, random.key_data(kr).shape, random.uniform(kr, (2,)).shape)
print(random.key(0, impl="unsafe_rbg").dtype, random.key_impl(random.key(0, impl="threefry2x32")))
