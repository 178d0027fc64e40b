# Pseudorandom numbers in depth: sequential equivalence, vmap over keys, keys in loops
import numpy as np
import jax
import jax.numpy as jnp
from jax import random

# NumPy's global state versus explicit keys
np.random.seed(0)
print(np.random.random(3).round(4))
key = random.key(0)
print(random.uniform(key, (3,)))
print(random.uniform(key, (3,)))  # same key, same numbers

# "random numbers generated in one call differ from three calls with split keys"
print(random.normal(key, (3,)))
keys = random.split(key, 3)
print(jnp.stack([random.normal(k) for k in keys]))
print(jax.vmap(random.normal)(keys))
print(jax.vmap(lambda k: random.normal(k, (2,)))(keys))

# split is deterministic, and split(key, 2) equals the first two of split(key, 3)?
a = random.key_data(random.split(key, 2))
b = random.key_data(random.split(key, 3))
print(a)
print(b)
print(jnp.array_equal(a, b[:2]))


# keys threaded through lax loops
def body(carry, _):
    k, total = carry
    k, sub = random.split(k)
    return (k, total + random.uniform(sub)), random.bernoulli(sub)


(k_end, total), flips = jax.lax.scan(body, (key, 0.), None, length=5)
print(total, flips)
print(random.key_data(k_end))


def fori_body(i, c):
    return c + random.uniform(random.fold_in(key, i))


print(jax.lax.fori_loop(0, 4, fori_body, 0.))
print(jnp.sum(jnp.stack([random.uniform(random.fold_in(key, i)) for i in range(4)])))

# keys under jit: identical results
print(jax.jit(lambda k: random.normal(k, (3,)))(key))
print(jax.jit(random.split, static_argnums=1)(key, 4).shape)

# reproducible streams from a base key per "step"
for step in range(3):
    print(step, random.randint(random.fold_in(key, step), (4,), 0, 100))

# raw uint32 keys
old = random.PRNGKey(1)
print(old, random.uniform(old), random.uniform(random.wrap_key_data(old)))
print(random.split(old, 2))
print(jax.vmap(random.PRNGKey)(jnp.arange(3)))
print(jax.vmap(random.key)(jnp.arange(3)).shape)

# shapes and broadcasting of parameters
print(random.normal(key, (2, 3)).shape, random.uniform(key, ()).shape)
print(random.uniform(key, (2, 2), minval=jnp.array([0., 10.]), maxval=jnp.array([1., 20.])))
print(random.bernoulli(key, jnp.array([0., 0.5, 1.])))
print(random.gamma(key, jnp.array([0.5, 1., 5.])))
print(random.choice(key, jnp.arange(4), (2, 3)))
print(random.permutation(key, jnp.arange(12).reshape(3, 4), axis=1, independent=True))
print(random.ball(key, 3, shape=(2,)))
print(random.orthogonal(key, 3))
x = random.normal(key, (10000,))
print(jnp.round(jnp.array([x.mean(), x.std()]), 1))
print(random.key_impl(random.key(0, impl='rbg')), random.key_data(random.key(0, impl='rbg')).shape)
