# "Pseudorandom numbers" / jax.random typed keys: jax.random.key, key arrays in pytrees and
# dataclasses, split / fold_in under vmap and jit, key_data and wrap_key_data, key dtypes
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np

key = jax.random.key(0)
print(key)
print(key.shape, key.dtype, jax.dtypes.issubdtype(key.dtype, jax.dtypes.prng_key))
print(jax.random.key_data(key))
print(jax.random.key_impl(key))
old = jax.random.PRNGKey(0)
print(old, old.dtype)
print(jnp.array_equal(jax.random.key_data(jax.random.wrap_key_data(old)), old))
keys = jax.random.split(key, 4)
print(keys.shape, keys.dtype)
print(jax.random.key_data(keys)[:2])
print(jax.random.key_data(keys[1:3]).shape, keys[0].shape, keys.reshape(2, 2).shape)
print(jax.random.key_data(jax.random.fold_in(key, 7)))
print(jax.random.uniform(keys[2], (3,)))

# keys in pytrees
params = {"dropout": jax.random.key(1), "init": jax.random.split(jax.random.key(2), 2), "scale": 2.0}
print(jax.tree.structure(params))
print([type(l).__name__ for l in jax.tree.leaves(params)])
print(jax.tree.map(lambda l: getattr(l, "shape", None), params))


@dataclasses.dataclass
class State:
    key: jax.Array
    step: int


jax.tree_util.register_dataclass(State, data_fields=["key"], meta_fields=["step"])


@jax.jit
def advance(state):
    key, sub = jax.random.split(state.key)
    return State(key, state.step + 1), jax.random.normal(sub, (2,))


s = State(jax.random.key(5), 0)
for _ in range(3):
    s, z = advance(s)
    print(s.step, jnp.round(z, 4))
print(jax.random.key_data(s.key))

# split and fold_in under vmap
batch_keys = jax.vmap(lambda k: jax.random.split(k, 3))(keys)
print(batch_keys.shape, jax.random.key_data(batch_keys).shape)
draws = jax.vmap(lambda k: jax.random.normal(k, (2,)))(keys)
print(jnp.round(draws, 4))
print(jnp.allclose(draws[1], jax.random.normal(keys[1], (2,))))
folded = jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, jnp.arange(3))
print(jax.random.key_data(folded))
print(jnp.round(jax.vmap(lambda k: jax.random.uniform(k))(jax.random.split(key, 5)), 4))
nested = jax.vmap(jax.vmap(lambda k: jax.random.bernoulli(k)))(jax.random.split(key, 6).reshape(2, 3))
print(nested)


@jax.jit
def dropout(key, x, rate=0.5):
    keep = jax.random.bernoulli(key, 1 - rate, x.shape)
    return jnp.where(keep, x / (1 - rate), 0.)


print(dropout(jax.random.key(9), jnp.ones(6)))
print(jnp.round(jax.grad(lambda x: dropout(jax.random.key(9), x).sum())(jnp.ones(6)), 3))

# key arrays: equality, jnp ops that work on keys, errors for arithmetic
print(keys[0] == keys[0], (keys == keys[0]).tolist())
print(jnp.concatenate([keys, keys]).shape, jnp.stack([key, key]).shape, jnp.where(True, key, key).shape)
try:
    key + 1
except Exception as e:
    print(type(e).__name__)
try:
    jax.random.normal(jnp.ones(3), (2,))
except Exception as e:
    print(type(e).__name__)
print(jax.random.key_data(jax.random.clone(key)))
print(jax.random.key(0, impl="threefry2x32"))
print(jax.eval_shape(lambda k: jax.random.split(k, 3), key))
