# JEP 28661 "Supporting the __jax_array__ protocol": a wrapper class with __jax_array__ passed
# to jnp.asarray / jnp.array, jnp functions, arithmetic with Arrays on either side,
# jnp.zeros_like / full_like of it, jit and vmap of functions that take it, and a pytree of them
import jax
import jax.numpy as jnp
import numpy as np


class Wrapped:
    def __init__(self, value):
        self.value = value

    def __jax_array__(self):
        return jnp.asarray(self.value)


w = Wrapped(np.arange(4.0, dtype=np.float32))
print(jnp.asarray(w), jnp.array(w).dtype)
for name, fn in [
    ("sin", lambda: jnp.sin(w)),
    ("sum", lambda: jnp.sum(w)),
    ("add", lambda: jnp.arange(4.0) + w),
    ("radd", lambda: w + jnp.arange(4.0)),
    ("zeros_like", lambda: jnp.zeros_like(w)),
    ("full_like", lambda: jnp.full_like(w, 3)),
    ("stack", lambda: jnp.stack([w, w])),
    ("jit", lambda: jax.jit(lambda v: v * 2)(w)),
    ("array_of_list", lambda: jnp.array([w, w])),
]:
    try:
        print(name, fn())
    except Exception as e:
        print(name, type(e).__name__)
print(jnp.sin(jnp.asarray(w)), jnp.zeros_like(jnp.array(w)))


@jax.jit
def f(x):
    return jnp.asarray(x) ** 2


print(f(jnp.asarray(w)))
print(jax.grad(lambda x: jnp.sum(jnp.sin(x)))(jnp.asarray(w)))
print(jax.vmap(lambda v: jnp.dot(v, v))(jnp.stack([jnp.asarray(w)] * 3)))
iw = Wrapped(np.array([1, 2, 3], dtype=np.int32))
print(jnp.asarray(iw).dtype, jnp.cumsum(jnp.asarray(iw)), jnp.take(jnp.arange(10), jnp.asarray(iw)))
print(jnp.asarray(Wrapped(2.5)), jnp.asarray(Wrapped(2.5)).weak_type)
