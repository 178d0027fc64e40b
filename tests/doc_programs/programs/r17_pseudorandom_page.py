# "Pseudorandom numbers": NumPy's sequential-equivalence vs JAX's keys, split / fold_in /
# key reuse, typed keys vs legacy PRNGKey (key_data, wrap_key_data, key_impl), threefry vs rbg,
# jax_threefry_partitionable, samplers with shapes / dtypes / minval-maxval, vmapped draws
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

np.random.seed(0)
print(np.random.random())


def bar():
    return np.random.uniform()


def baz():
    return np.random.uniform()


def foo():
    return bar() + 2 * baz()


print(round(foo(), 6))
key = random.key(42)
print(key)
print(random.normal(key))
print(random.normal(key))
for i in range(3):
    key, subkey = random.split(key)
    val = random.normal(subkey)
    print(f"draw {i}: {val}")
key, *forty_two_subkeys = random.split(key, num=43)
print(len(forty_two_subkeys))
old = random.PRNGKey(0)
print(old, old.dtype, old.shape)
new = random.key(0)
print(new.dtype, new.shape, jax.dtypes.issubdtype(new.dtype, jax.dtypes.prng_key))
print(random.key_data(new), random.key_impl(new))
print(random.wrap_key_data(random.key_data(new)))
print(random.uniform(old), random.uniform(new))
print(random.fold_in(new, 7), random.key_data(random.fold_in(new, 7)))
print(random.split(new).shape, random.split(old).shape)
print(random.key_data(random.split(new, (2, 2))).shape)
print(random.bits(new, (3,)), random.bits(new, (2,), jnp.uint8))
print(random.randint(new, (5,), 0, 10), random.randint(new, (3,), -5, 5, dtype=jnp.int8))
print(random.uniform(new, (3,), minval=-1., maxval=1.), random.uniform(new, dtype=jnp.float16))
print(random.normal(new, (2, 2), dtype=jnp.bfloat16))
print(random.choice(new, 5, (3,), replace=False), random.choice(new, jnp.arange(10, 20), (4,)))
print(random.choice(new, 3, (6,), p=jnp.array([0.1, 0.1, 0.8])))
print(random.permutation(new, 6), random.permutation(new, jnp.arange(6).reshape(3, 2), axis=1, independent=True))
print(random.bernoulli(new, 0.3, (6,)), random.categorical(new, jnp.log(jnp.array([.2, .3, .5])), shape=(6,)))
print(random.truncated_normal(new, -1., 1., (3,)), random.exponential(new, (2,)))
print(random.gamma(new, 2., (3,)), random.beta(new, 2., 3., (2,)), random.dirichlet(new, jnp.ones(3)))
print(random.poisson(new, 3., (4,)), random.geometric(new, 0.5, (3,)), random.binomial(new, 10, 0.3, (3,)))
print(random.multivariate_normal(new, jnp.zeros(2), jnp.eye(2), (2,)))
print(random.laplace(new, (2,)), random.logistic(new, (2,)), random.cauchy(new, (2,)))
print(random.gumbel(new, (2,)), random.t(new, 3., (2,)), random.chisquare(new, 2., (2,)))
print(random.rademacher(new, (4,)), random.ball(new, 2, shape=(2,)), random.orthogonal(new, 2))
print(random.weibull_min(new, 1., 2., (2,)), random.pareto(new, 2., (2,)), random.lognormal(new, 0.5, (2,)))
print(random.triangular(new, 0., 0.5, 1., (2,)), random.wald(new, 1., (2,)), random.maxwell(new, (2,)))
print(random.double_sided_maxwell(new, 0., 1., (2,)), random.loggamma(new, 2., (2,)), random.generalized_normal(new, 2., (2,)))
print(jax.vmap(lambda k: random.uniform(k, (2,)))(random.split(new, 3)))
rbg = random.key(0, impl='rbg')
print(rbg, random.key_impl(rbg), random.key_data(rbg).shape)
print(random.uniform(rbg, (3,)), random.split(rbg).shape)
ur = random.key(0, impl='unsafe_rbg')
print(random.normal(ur, (2,)))
print(random.PRNGKey(0, impl='threefry2x32'))
print(jax.config.jax_threefry_partitionable, jax.config.jax_default_prng_impl)
with jax.threefry_partitionable(True):
    print(random.uniform(new, (4,)))
print(random.clone(new), jax.random.key(jnp.int32(3)))
try:
    random.split(new, 2.5)
except Exception as e:
    print(type(e).__name__)
try:
    random.normal(jnp.array([1, 2, 3], dtype=jnp.uint32))
except Exception as e:
    print(type(e).__name__)
