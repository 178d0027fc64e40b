# lax.reduce with a custom computation under jax.jvp / jax.grad (JAX's general reduce JVP rule,
# which splits the reduced axis in halves), with multiple operands (an argmax written as a
# variadic reduce), under vmap, and with a batched init value; lax cumulative reductions
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def prod_reduce(x):
    return lax.reduce(x, 1.0, lambda a, b: a * b, (0,))


x = jnp.array([1.5, 2.0, -0.5, 3.0, 0.25])
print(prod_reduce(x))
print(jax.jvp(prod_reduce, (x,), (jnp.ones(5),)))
print(jax.grad(prod_reduce)(x))


def smooth_max(x):
    return lax.reduce(x, -jnp.inf, lambda a, b: jnp.maximum(a, b) + 0.0 * a, (1,))


m = jnp.array([[1., 4., 2.], [0., -1., 5.]])
print(smooth_max(m), jax.jacfwd(smooth_max)(m))


def argmax_reduce(v):
    def comp(a, b):
        av, ai = a
        bv, bi = b
        pick = av >= bv
        return jnp.where(pick, av, bv), jnp.where(pick, ai, bi)

    return lax.reduce((v, jnp.arange(v.shape[0])), (-jnp.inf, 0), comp, (0,))


print(argmax_reduce(x))


def minmax(v):
    comp = lambda a, b: (jnp.minimum(a[0], b[0]), jnp.maximum(a[1], b[1]))
    return lax.reduce((v, v), (jnp.inf, -jnp.inf), comp, (0,))


print(jax.jvp(minmax, (x,), (jnp.arange(5.),)))
print(jax.vmap(prod_reduce)(jnp.arange(1., 7.).reshape(2, 3)))
print(jax.vmap(lambda r: lax.reduce(r, 0., lax.add, (0,)), in_axes=1)(m))
try:
    jax.vmap(lambda r, i: lax.reduce(r, i, lambda a, b: a + b, (0,)))(m, jnp.array([0., 1.]))
except Exception as e:
    print(type(e).__name__)
try:
    jax.jvp(lambda i: lax.reduce(x, i, lambda a, b: a * b, (0,)), (1.0,), (1.0,))
except Exception as e:
    print(type(e).__name__)
print(lax.cumsum(x, reverse=True), lax.cummax(x), lax.cummin(x, reverse=True), lax.cumprod(x))
print(lax.cumlogsumexp(jnp.zeros(3)), jax.grad(lambda v: lax.cummax(v).sum())(x))
print(lax.argmax(m, 1, jnp.int8), lax.argmin(m, 0, index_dtype=jnp.int32))
print(lax.reduce_sum(m, (0,)) if hasattr(lax, "reduce_sum") else lax.reduce(m, 0., lax.add, (0,)))
print(lax.reduce_max(m, (1,)), lax.reduce_and(m > 0, (1,)), lax.reduce_xor(jnp.array([1, 3, 5]), (0,)))
