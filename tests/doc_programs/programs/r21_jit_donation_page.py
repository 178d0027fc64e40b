# "Buffer donation" (the FAQ and jit's docs): donate_argnums / donate_argnames, a donated
# argument deleted after the call (is_deleted, and the error reading it), a donation jit cannot
# use (the warning), donating a pytree, donation with static arguments, and jax.block_until_ready
# of a pytree
import warnings

import jax
import jax.numpy as jnp


def update(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


step = jax.jit(update, donate_argnums=0, static_argnums=2)
params = {"w": jnp.ones((4, 4)), "b": jnp.zeros(4)}
grads = {"w": jnp.full((4, 4), 0.5), "b": jnp.ones(4)}
new = step(params, grads, 0.1)
print(new["w"][0], params["w"].is_deleted(), params["b"].is_deleted(), grads["w"].is_deleted())
try:
    print(params["w"] + 1)
except Exception as e:
    print(type(e).__name__)

f = jax.jit(lambda x, y: x * 2 + y, donate_argnames="x")
x = jnp.arange(4.0)
print(f(x=x, y=jnp.ones(4)), x.is_deleted())
x2 = jnp.arange(4.0)
print(f(x2, jnp.ones(4)), x2.is_deleted())

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    g = jax.jit(lambda a: a.sum(), donate_argnums=0)
    a = jnp.ones((3, 3))
    print(g(a))
print([str(w.message).split(".")[0] for w in caught])
print(jax.block_until_ready({"a": jnp.ones(2), "b": [jnp.zeros(1)]}))
c = jnp.ones(3)
c.delete()
print(c.is_deleted())
try:
    jnp.sum(c)
except Exception as e:
    print(type(e).__name__)
