# jax.experimental.key_reuse: jax_debug_key_reuse / jax.debug_key_reuse catch a typed key used
# twice, eagerly and under jit, while split and fold_in pass, and random.clone opts out
import jax
import jax.numpy as jnp
from jax import random

with jax.debug_key_reuse(True):
    key = random.key(0)
    val1 = random.normal(key)
    try:
        val2 = random.normal(key)
    except jax.errors.KeyReuseError as e:
        print("KeyReuseError:", e)

jax.config.update("jax_debug_key_reuse", True)
print(jax.config.jax_debug_key_reuse)

key = random.key(1)
k1, k2 = random.split(key)
print(random.uniform(k1).shape, random.uniform(k2, (2,)).shape)
try:
    random.uniform(key)
except jax.errors.KeyReuseError as e:
    print("KeyReuseError:", e)


@jax.jit
def f(key):
    return random.uniform(key) + random.normal(key)


try:
    f(random.key(2))
except jax.errors.KeyReuseError as e:
    print("KeyReuseError:", e)


@jax.jit
def g(key):
    k1, k2 = random.split(key)
    return random.uniform(k1) + random.normal(k2)


key = random.key(3)
print(g(key).shape)
try:
    g(key)
except jax.errors.KeyReuseError as e:
    print("KeyReuseError:", e)

# clone gives a fresh, unconsumed copy
key = random.key(4)
a = random.normal(random.clone(key))
b = random.normal(key)
print(bool(a == b))

# fold_in is not a consumption of the key
key = random.key(5)
ks = [random.fold_in(key, i) for i in range(3)]
print([random.uniform(k).shape for k in ks])

# the checker is off again
jax.config.update("jax_debug_key_reuse", False)
key = random.key(6)
print(bool(random.normal(key) == random.normal(key)))
