# Just-in-time compilation
import jax
import jax.numpy as jnp
import numpy as np

global_list = []


def log2(x):
    global_list.append(x)
    ln_x = jnp.log(x)
    ln_2 = jnp.log(2.0)
    return ln_x / ln_2


print(jax.make_jaxpr(log2)(3.0))


def log2_with_print(x):
    print("printed x:", x)
    ln_x = jnp.log(x)
    ln_2 = jnp.log(2.0)
    return ln_x / ln_2


print(jax.make_jaxpr(log2_with_print)(3.))


def log2_if_rank_2(x):
    if x.ndim == 2:
        ln_x = jnp.log(x)
        ln_2 = jnp.log(2.0)
        return ln_x / ln_2
    else:
        return x


print(jax.make_jaxpr(log2_if_rank_2)(jax.numpy.array([1, 2, 3])))


def selu(x, alpha=1.67, lambda_=1.05):
    return lambda_ * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


x = jnp.arange(1000000)
selu_jit = jax.jit(selu)
print(selu_jit(x).block_until_ready()[:3])


def f(x):
    if x > 0:
        return x
    else:
        return 2 * x


jax_f = jax.jit(f)
try:
    jax_f(10)
except Exception as e:
    print(type(e).__name__)


def g(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


jax_g = jax.jit(g)
try:
    jax_g(10, 20)
except Exception as e:
    print(type(e).__name__)


@jax.jit
def loop_body(prev_i):
    return prev_i + 1


def g_inner_jitted(x, n):
    i = 0
    while i < n:
        i = loop_body(i)
    return x + i


print(g_inner_jitted(10, 20))

f_jit_correct = jax.jit(f, static_argnums=0)
print(f_jit_correct(10))

g_jit_correct = jax.jit(g, static_argnames=['n'])
print(g_jit_correct(10, 20))

from functools import partial


@partial(jax.jit, static_argnames=['n'])
def g_jit_decorated(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


print(g_jit_decorated(10, 20))


def unjitted_loop_body(prev_i):
    return prev_i + 1


def g_inner_jitted_partial(x, n):
    i = 0
    while i < n:
        i = jax.jit(partial(unjitted_loop_body))(i)
    return x + i


print(g_inner_jitted_partial(10, 20))

# static args hashing
@partial(jax.jit, static_argnums=(1,))
def h(x, shape):
    return jnp.reshape(x, shape)

print(h(jnp.arange(6), (2, 3)))
try:
    h(jnp.arange(6), [2, 3])
except Exception as e:
    print(type(e).__name__)

# Using jit with `.lower`
print(jax.jit(selu).lower(1.0).compile()(2.0))
