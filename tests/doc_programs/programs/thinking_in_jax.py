# Thinking in JAX; jax.numpy sharp bits (remaining parts)
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

x_np = np.linspace(0, 10, 10)
y_np = 2 * np.sin(x_np) * np.cos(x_np)
x_jnp = jnp.linspace(0, 10, 10)
y_jnp = 2 * jnp.sin(x_jnp) * jnp.cos(x_jnp)
print(np.allclose(y_np, y_jnp, atol=1e-6))
print(type(x_np), type(x_jnp).__name__)
x = np.arange(10)
x[0] = 10
print(x)
x = jnp.arange(10)
try:
    x[0] = 10
except TypeError as e:
    print(type(e).__name__)
y = x.at[0].set(10)
print(x)
print(y)
print(jnp.add(1, 1.0))
try:
    lax.add(1, 1.0)
except TypeError as e:
    print(type(e).__name__)
print(lax.add(jnp.float32(1), 1.0))
x = jnp.array([1, 2, 1])
y = jnp.ones(10)
print(np.convolve(x, y))
print(jnp.convolve(x, y))
result = lax.conv_general_dilated(
    x.reshape(1, 1, 3).astype(float),
    y.reshape(1, 1, 10),
    window_strides=(1,),
    padding=[(len(y) - 1, len(y) - 1)])
print(result[0, 0])


def norm(X):
    X = X - X.mean(0)
    return X / X.std(0)


norm_compiled = jax.jit(norm)
np.random.seed(1701)
X = jnp.array(np.random.rand(10, 3))
print(np.allclose(norm(X), norm_compiled(X), atol=1E-5))


def get_negatives(x):
    return x[x < 0]


x = jnp.array(np.random.randn(10))
print(get_negatives(x))
try:
    jax.jit(get_negatives)(x)
except Exception as e:
    print(type(e).__name__)


@jax.jit
def f(x, y):
    print("Running f():")
    print(f"  x = {x}")
    print(f"  y = {y}")
    result = jnp.dot(x + 1, y + 1)
    print(f"  result = {result}")
    return result


x = np.random.randn(3, 4)
y = np.random.randn(4)
print(f(x, y).shape)
x2 = np.random.randn(3, 4)
y2 = np.random.randn(4)
print(f(x2, y2).shape)


def f(x, y):
    return jnp.dot(x + 1, y + 1)


print(jax.make_jaxpr(f)(x, y))


@jax.jit
def f(x, neg):
    return -x if neg else x


try:
    f(1, True)
except Exception as e:
    print(type(e).__name__)
from functools import partial


@partial(jax.jit, static_argnums=(1,))
def f(x, neg):
    return -x if neg else x


print(f(1, True))


@jax.jit
def f(x):
    print(f"x = {x}")
    print(f"x.shape = {x.shape}")
    print(f"jnp.array(x.shape).prod() = {jnp.array(x.shape).prod()}")
    return x.reshape(jnp.array(x.shape).prod())


try:
    f(jnp.ones((2, 3)))
except Exception as e:
    print(type(e).__name__)


@jax.jit
def f(x):
    return x.reshape((np.prod(x.shape),))


print(f(jnp.ones((2, 3))))
# sharp bits: out-of-bounds indexing, non-array inputs, dtypes
print(jnp.arange(10)[11], jnp.arange(10.0).at[11].get(mode='fill', fill_value=jnp.nan))
print(jnp.arange(10.0).at[11].add(1.0))
print(jnp.arange(10).at[jnp.array([0, 0, 1])].add(1))
print(jnp.arange(5).at[2:].multiply(3), jnp.arange(5.).at[::2].divide(2.), jnp.arange(5).at[1].power(2))
print(jnp.arange(5).at[jnp.array([1, 3])].min(0), jnp.arange(5).at[0].max(9))
print(jnp.zeros((3, 3)).at[1, :].set(jnp.arange(3.)))
print(jnp.arange(4).at[jnp.array([4, 0])].set(9, mode='drop'))
try:
    jnp.sum([1, 2, 3])
except TypeError as e:
    print(type(e).__name__)
print(jnp.sum(jnp.array([1, 2, 3])))
print(jnp.arange(25).reshape(5, 5)[jnp.array([0, 2]), 1:3])
print(jnp.take(jnp.arange(5), jnp.array([7]), mode='clip'), jnp.take(jnp.arange(5.), jnp.array([7]), mode='fill'))
print(np.arange(4, dtype=np.int64).dtype, jnp.arange(4, dtype=jnp.int64).dtype)
print(jnp.array(np.arange(3.0)).dtype, jnp.asarray([1, 2.0]).dtype, jnp.array(2 ** 40.).dtype)
print(jnp.float32(3.5).astype(jnp.int32), jnp.array([-1.5, 2.5]).round(), jnp.array([256]).astype(jnp.uint8))
print(jnp.array([1, 2]) / jnp.array([2, 2]), jnp.array([7]) // 2, jnp.array([-7]) % 3)
print(jnp.nan_to_num(jnp.array([jnp.nan, jnp.inf])), jnp.isnan(jnp.sqrt(-1.)))
print(jnp.divide(1., 0.), jnp.array([0]) // jnp.array([0]))
