# Key concepts: arrays, transformations, tracing, jaxprs, pytrees, PRNG
import jax
import jax.numpy as jnp
import numpy as np

x = jnp.arange(5)
print(isinstance(x, jax.Array))
print(x.devices())
print(x.sharding)


def selu(x, alpha=1.67, lambda_=1.05):
    return lambda_ * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


selu_jit = jax.jit(selu)
print(selu_jit(1.0))


@jax.jit
def f(x):
    print(x)
    return x + 1


x = jnp.arange(5)
result = f(x)
print(result)

x = jnp.array([1.0, 2.0, 3.0])
print(jax.make_jaxpr(selu)(x))

params = [1, 2, (jnp.arange(3), jnp.ones(2))]
print(jax.tree.structure(params))
print(jax.tree.leaves(params))

params = {'n': 5, 'W': jnp.ones((2, 2)), 'b': jnp.zeros(2)}
print(jax.tree.structure(params))
print(jax.tree.leaves(params))

from typing import NamedTuple


class Params(NamedTuple):
    a: int
    b: float


params = Params(1, 5.0)
print(jax.tree.structure(params))
print(jax.tree.leaves(params))

np.random.seed(0)
key = jax.random.key(43)
print(key)
half_of_key = jax.random.key_data(key)
print(half_of_key)
print(jax.random.normal(key))
print(jax.random.normal(key))
for i in range(3):
    new_key, subkey = jax.random.split(key)
    del key
    val = jax.random.normal(subkey)
    del subkey
    print(f"draw {i}: {val}")
    key = new_key
