# jax.random: choosing a PRNG implementation (threefry2x32, rbg, unsafe_rbg), key_impl,
# jax_default_prng_impl, and sampling with rbg keys
import jax
import jax.numpy as jnp

for impl in ["threefry2x32", "rbg", "unsafe_rbg"]:
    key = jax.random.key(42, impl=impl)
    print(impl, key.dtype, key.shape, jax.random.key_impl(key))
    print(jax.random.key_data(key))
    k1, k2 = jax.random.split(key)
    print(jax.random.key_data(k2))
    print(jax.random.key_data(jax.random.fold_in(key, 3)))
    print(jax.random.uniform(k1, (3,)))
    print(jax.random.normal(k2, (2, 2)))
    print(jax.random.randint(k1, (5,), 0, 100))
    print(jax.random.bits(k2, (4,), jnp.uint16))
    print(jax.random.choice(k1, 10, (3,), replace=False))
    print(jax.random.bernoulli(k2, 0.3, (6,)))

key = jax.random.key(0, impl="rbg")
print(key)
keys = jax.random.split(key, 4)
print(keys.shape, keys.dtype)
print(jax.vmap(lambda k: jax.random.normal(k, (2,)))(keys).shape)


@jax.jit
def sample(key):
    key, sub = jax.random.split(key)
    return key, jax.random.exponential(sub, (3,))


key, draws = sample(key)
print(key.dtype, draws)
print(jax.random.key_data(key))

raw = jax.random.PRNGKey(7, impl="rbg")
print(raw.shape, raw.dtype, raw)
typed = jax.random.wrap_key_data(raw, impl="rbg")
print(typed.dtype, jax.random.key_impl(typed))

jax.config.update("jax_default_prng_impl", "rbg")
key = jax.random.PRNGKey(1)
print(key.shape, key)
print(jax.random.normal(key, (3,)))
print(jax.random.key(1).dtype)
jax.config.update("jax_default_prng_impl", "threefry2x32")
print(jax.random.PRNGKey(1))

try:
    jax.random.key(0, impl="mersenne")
except ValueError as e:
    print("ValueError")
