# "Thinking in JAX" and "JIT compilation" pages, as a user works through them: immutability,
# lax's strictness against jnp's promotion, static vs traced values, retracing counted by a
# Python side effect, make_jaxpr of a function with a Python branch on a static argument
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

x = jnp.arange(10)
try:
    x[0] = 10
except TypeError as e:
    print(type(e).__name__)
y = x.at[0].set(10)
print(x[:3], y[:3])

print(jnp.add(1, 1.0), jnp.add(1, 1.0).dtype)
try:
    lax.add(1, 1.0)
except TypeError as e:
    print(type(e).__name__)
print(lax.add(jnp.float32(1), 1.0))

x = jnp.array([1, 2, 1])
y = jnp.ones(10)
print(jnp.convolve(x, y, mode="same"))
result = lax.conv_general_dilated(
    x.reshape(1, 1, 3).astype(float), y.reshape(1, 1, 10), window_strides=(1,), padding=[(5, 5)]
)
print(result[0, 0])

traces = []


def norm(X):
    traces.append(X.shape)
    X = X - X.mean(0)
    return X / X.std(0)


norm_compiled = jax.jit(norm)
np.random.seed(1701)
X = jnp.array(np.random.rand(10000, 10))
print(np.allclose(norm(X), norm_compiled(X), atol=1e-6))
norm_compiled(X)
norm_compiled(X[:100])
print(traces)


def get_negatives(x):
    return x[x < 0]


x = jnp.array(np.random.randn(10))
print(get_negatives(x).shape)
try:
    jax.jit(get_negatives)(x)
except jax.errors.NonConcreteBooleanIndexError as e:
    print(type(e).__name__)


@partial(jax.jit, static_argnums=(1,))
def f(x, neg):
    return -x if neg else x


print(f(1, True), f(1, False))
print(jax.make_jaxpr(f, static_argnums=(1,))(1, True))


def g(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


try:
    jax.jit(g)(10, 20)
except jax.errors.TracerBoolConversionError as e:
    print(type(e).__name__)
print(jax.jit(g, static_argnames=["n"])(10, 20))


def g_inner(x, n):
    return lax.fori_loop(0, n, lambda i, c: c + 1, x)


print(jax.jit(g_inner)(10, 20))


@jax.jit
def h(x):
    print("Running h():")
    print(f"  x = {x}")
    y = jnp.dot(x, x.T)
    print(f"  y = {y}")
    return jnp.sum(y)


h(jnp.ones((2, 3)))
h(jnp.zeros((2, 3)))
print(h(jnp.ones((2, 3))))


@jax.jit
def shape_fn(x):
    return x.reshape(jnp.array(x.shape).prod())


try:
    shape_fn(jnp.ones((2, 3)))
except TypeError as e:
    print(type(e).__name__)


@jax.jit
def shape_ok(x):
    return x.reshape((np.prod(x.shape),))


print(shape_ok(jnp.ones((2, 3))))
