# The jax.random module page: new-style keys vs legacy PRNGKey, key_data / wrap_key_data, key_impl,
# splitting / folding, converting between the two, samplers taking either, clone
import jax
import jax.numpy as jnp
from jax import random

key = random.key(0)
legacy = random.PRNGKey(0)
print(key)
print(legacy)
print(key.dtype, key.shape, legacy.dtype, legacy.shape)
print(jnp.issubdtype(key.dtype, jax.dtypes.prng_key), jnp.issubdtype(legacy.dtype, jax.dtypes.prng_key))
print(random.key_data(key))
print(random.key_impl(key))
wrapped = random.wrap_key_data(legacy)
print(wrapped, random.key_data(wrapped).dtype)
print(random.uniform(key) == random.uniform(legacy))
print(random.uniform(wrapped) == random.uniform(key))
print(random.key_data(random.wrap_key_data(random.key_data(key), impl="threefry2x32")))

# split, fold_in, clone
k1, k2 = random.split(key)
print(random.key_data(k1), random.key_data(k2))
keys = random.split(key, 4)
print(keys.shape, random.key_data(keys).shape)
print(random.split(legacy, 3).shape)
grid = random.split(key, (2, 3))
print(grid.shape, random.key_data(grid[1, 2]))
print(random.key_data(random.fold_in(key, 42)))
print(random.key_data(jax.vmap(random.fold_in, in_axes=(None, 0))(key, jnp.arange(3)))[:, 0])
print(random.key_data(random.clone(key)) == random.key_data(key))
print(random.bits(key, (2,)), random.bits(key, (2,), dtype=jnp.uint8))

# keys in jit / vmap / scan and as pytree leaves
@jax.jit
def sample(key):
    k1, k2 = random.split(key)
    return random.normal(k1, (2,)), random.randint(k2, (3,), 0, 10)


print(sample(key))
print(jax.vmap(lambda k: random.uniform(k))(keys))
print(jax.tree.map(lambda k: random.key_data(k)[0], {"a": k1, "b": [k2]}))
def draw(carry, _):
    carry, sub = random.split(carry)
    return carry, random.bernoulli(sub, 0.5)


print(jax.lax.scan(draw, key, length=6)[1])

# samplers
shape = (3,)
print(jnp.round(random.normal(key, shape, dtype=jnp.float16), 3))
print(random.choice(key, jnp.arange(10), (4,), replace=False))
print(random.choice(key, 5, (3,), p=jnp.array([0.1, 0.1, 0.1, 0.1, 0.6])))
print(random.permutation(key, 6), random.permutation(key, jnp.arange(6).reshape(3, 2), axis=0))
print(random.categorical(key, jnp.log(jnp.array([0.2, 0.3, 0.5])), shape=(5,)))
print(jnp.round(random.truncated_normal(key, -1., 1., shape), 4))
print(jnp.round(random.gamma(key, 2., shape), 4), jnp.round(random.beta(key, 2., 3., shape), 4))
print(jnp.round(random.dirichlet(key, jnp.array([1., 2., 3.])), 4))
print(random.poisson(key, 3., shape), random.binomial(key, 10, 0.3, shape))
print(jnp.round(random.multivariate_normal(key, jnp.zeros(2), jnp.eye(2), (2,)), 4))
print(jnp.round(random.exponential(key, shape), 4), jnp.round(random.laplace(key, shape), 4))
print(jnp.round(random.gumbel(key, shape), 4), jnp.round(random.logistic(key, shape), 4))
print(jnp.round(random.cauchy(key, shape), 4), jnp.round(random.t(key, 3., shape), 4))
print(jnp.round(random.chisquare(key, 2., shape), 4), jnp.round(random.rayleigh(key, 1., shape), 4))
print(jnp.round(random.orthogonal(key, 2), 4))
print(random.rademacher(key, (4,)), random.geometric(key, 0.3, (3,)))
print(jnp.round(random.ball(key, 2, shape=(2,)), 4))
try:
    random.split(jnp.float32(1.))
except Exception as e:
    print(type(e).__name__)
try:
    random.key_data(jnp.arange(2, dtype=jnp.uint32))
except Exception as e:
    print(type(e).__name__)
