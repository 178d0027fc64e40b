# The "Pseudorandom numbers" page applied to a data pipeline: typed keys vs legacy uint32 keys,
# split / fold_in per step, key_data / wrap_key_data, random.bits, permutation / choice,
# sampling under vmap and jit, the reproducibility a user checks, and key reuse mistakes
import jax
import jax.numpy as jnp
import numpy as np

key = jax.random.key(42)
print(key)
print(key.dtype, key.shape, jax.random.key_data(key))
legacy = jax.random.PRNGKey(42)
print(legacy, legacy.dtype)
print(jax.random.normal(key), jax.random.normal(legacy))
print(jax.random.normal(key))  # same key, same number

for i in range(3):
    key, subkey = jax.random.split(key)
    val = jax.random.normal(subkey)
    print(f"draw {i}: {val}")

key, *forty = jax.random.split(key, 5)
print(len(forty), forty[0].shape)
keys = jax.random.split(jax.random.key(0), 4)
print(keys.shape, jax.random.key_data(keys).shape)
print(jax.vmap(lambda k: jax.random.uniform(k, (2,)))(keys))

step_keys = [jax.random.fold_in(jax.random.key(7), s) for s in range(3)]
print([float(jax.random.uniform(k)) for k in step_keys])
print(jax.jit(jax.random.fold_in)(jax.random.key(7), 2) == step_keys[2])

raw = jax.random.key_data(jax.random.key(3))
again = jax.random.wrap_key_data(raw)
print(jax.random.normal(again) == jax.random.normal(jax.random.key(3)))
print(jax.random.bits(jax.random.key(1), (4,), dtype=jnp.uint32))
print(jax.random.bits(jax.random.key(1), (2,), dtype=jnp.uint8))

data = jnp.arange(10)
k = jax.random.key(5)
print(jax.random.permutation(k, data))
print(jax.random.permutation(k, 10))
print(jax.random.choice(k, data, (4,), replace=False))
print(jax.random.choice(k, 5, (6,), p=jnp.array([0.1, 0.2, 0.3, 0.2, 0.2])))
print(jax.random.randint(k, (5,), 0, 100))
print(jax.random.bernoulli(k, 0.3, (6,)))
print(jax.random.categorical(k, jnp.log(jnp.array([0.2, 0.3, 0.5])), shape=(8,)))
print(jax.random.truncated_normal(k, -1.0, 1.0, (3,)))
print(jax.random.gamma(k, 2.0, (3,)))
print(jax.random.dirichlet(k, jnp.ones(3), (2,)))
print(jax.random.multivariate_normal(k, jnp.zeros(2), jnp.eye(2), (3,)))


def batches(key, x, batch_size):
    perm = jax.random.permutation(key, x.shape[0])
    for i in range(0, x.shape[0], batch_size):
        yield x[perm[i : i + batch_size]]


xs = jnp.arange(20.0).reshape(10, 2)
for epoch in range(2):
    ek = jax.random.fold_in(jax.random.key(0), epoch)
    print(epoch, [b[:, 0].tolist() for b in batches(ek, xs, 4)])


@jax.jit
def noisy(key, x):
    k1, k2 = jax.random.split(key)
    return x + 0.1 * jax.random.normal(k1, x.shape), jax.random.uniform(k2, ())


out, u = noisy(jax.random.key(9), jnp.zeros(3))
print(out, u)
print(jax.random.key_impl(jax.random.key(0)))
print(jax.random.key(0, impl="rbg").shape, jax.random.key_data(jax.random.key(0, impl="rbg")).shape)
print(np.asarray(jax.random.uniform(jax.random.key(0), (3,), minval=-1, maxval=1)).dtype)
try:
    jax.random.normal(jnp.array([1, 2, 3]))
except (TypeError, ValueError) as e:
    print(type(e).__name__)
print(jax.random.normal(jax.random.key(0), dtype=jnp.float16).dtype)
print(jnp.issubdtype(key.dtype, jax.dtypes.prng_key))
