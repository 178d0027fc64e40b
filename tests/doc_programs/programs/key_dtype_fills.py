# Typed keys made by jnp's creation functions (jnp.zeros(n, key.dtype) as a scan carry's initial
# keys, zeros_like of keys, full of a key), key dtypes in eval_shape, and the dtype arguments of
# jax.random's samplers (which dtypes each takes, JAX's errors for the others)
import jax
import jax.numpy as jnp
from jax import lax, random

key = random.key(0)
print(key.dtype, jnp.zeros((3,), dtype=key.dtype))
print(random.key_data(jnp.zeros((2,), key.dtype)), random.key_data(jnp.ones((2,), key.dtype)))
keys = random.split(key, 4)
print(random.key_data(jnp.zeros_like(keys)).shape, jnp.empty_like(keys).dtype)
print(random.key_data(jnp.full((2,), random.key(7))))
print(random.key_data(lax.full_like(keys, 3)))


def step(carry, k):
    prev = carry
    x = random.normal(k, (2,))
    return k, (x, random.key_data(prev))


last, (xs, prevs) = lax.scan(step, jnp.zeros((), key.dtype), keys)
print(xs.shape, prevs[0], random.key_data(last) == random.key_data(keys[-1]))


@jax.jit
def pick(mask, a, b):
    return jnp.where(mask, a, b)


picked = pick(jnp.array([True, False, True, False]), keys, jnp.zeros_like(keys))
print(random.key_data(picked))
print(jax.eval_shape(lambda: jnp.zeros((5,), key.dtype)))
for dt in [jnp.bfloat16, jnp.float16, jnp.float32]:
    print("t", random.t(key, 3.0, (3,), dtype=dt).dtype, "beta", random.beta(key, 2.0, 3.0, (2,), dtype=dt).dtype)
print(random.lognormal(key, 0.5, (2,), dtype=jnp.complex64))
print(random.rademacher(key, (6,), dtype=jnp.float32), random.rademacher(key, (3,), dtype=jnp.bool_))
print(random.multinomial(key, 10, jnp.array([0.2, 0.3, 0.5]), dtype=jnp.int32))
for name, call in [
    ("normal int", lambda: random.normal(key, (2,), dtype=jnp.int32)),
    ("uniform complex", lambda: random.uniform(key, (2,), dtype=jnp.complex64)),
    ("randint float", lambda: random.randint(key, (2,), 0, 3, dtype=jnp.float32)),
    ("poisson float", lambda: random.poisson(key, 3.0, (2,), dtype=jnp.float32)),
    ("ball int", lambda: random.ball(key, 3, dtype=jnp.int32)),
    ("orthogonal half", lambda: random.orthogonal(key, 3, dtype=jnp.float16)),
    ("gamma int", lambda: random.gamma(key, 2.0, dtype=jnp.int8)),
    ("astype key", lambda: jnp.zeros(2).astype(key.dtype)),
]:
    try:
        call()
        print(name, "ok")
    except Exception as e:
        print(name, type(e).__name__)
