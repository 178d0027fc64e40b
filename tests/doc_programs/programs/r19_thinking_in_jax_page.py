# "Thinking in JAX" end to end: NumPy vs jax.numpy (immutability and .at), jnp's weak Python
# scalars vs lax's strictness, lax.conv_general_dilated from the page, and the operations that
# need static shapes (the page's jit sections, tracers, static arguments and side-effect jaxpr,
# are in thinking_in_jax.py)
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

x_np = np.linspace(0, 10, 5)
x_jnp = jnp.linspace(0, 10, 5)
print(x_np, x_jnp, type(x_np).__name__, isinstance(x_jnp, jax.Array), x_jnp.dtype)
x = np.arange(4)
x[0] = 10
print(x)
y = jnp.arange(4)
try:
    y[0] = 10
except TypeError as e:
    print("TypeError:", str(e).splitlines()[0][:60])
z = y.at[0].set(10)
print(y, z, y.at[1:3].add(5), y.at[::2].mul(3), y.at[jnp.array([0, 0, 1])].add(1))
print(jnp.add(1, 1.0), jnp.add(1, 1.0).dtype, lax.add(jnp.float32(1), 1.0))
try:
    lax.add(1, 1.0)
except TypeError as e:
    print("TypeError:", str(e).splitlines()[0][:70])
print(lax.add(jnp.float32(1), jnp.float32(1.0)))
xk = jnp.array([1, 2, 1], jnp.float32)
yk = jnp.ones(10, jnp.float32)
print(jnp.convolve(xk, yk), jnp.convolve(xk, yk, mode="same"))
result = lax.conv_general_dilated(
    xk.reshape(1, 1, 3),
    yk.reshape(1, 1, 10),
    window_strides=(1,),
    padding=[(len(yk) - 1, len(yk) - 1)],
)
print(result[0, 0], result.shape, result.dtype)


def norm(X):
    X = X - X.mean(0)
    return X / X.std(0)


norm_compiled = jax.jit(norm)
np.random.seed(1701)
X = jnp.array(np.random.rand(10000, 10))
print(np.allclose(norm(X), norm_compiled(X), atol=1e-6), norm_compiled(X)[:2, :3])


@jax.jit
def f4(x):
    return x.reshape(jnp.array(x.shape).prod())


try:
    f4(jnp.ones((2, 3)))
except Exception as e:
    print(type(e).__name__)


@jax.jit
def f5(x):
    return x.reshape((np.prod(x.shape),))


print(f5(jnp.ones((2, 3))))


@jax.jit
def f6(x):
    print(f"x = {x}")
    print(f"x.shape = {x.shape}")
    print(f"jnp.array(x.shape).prod() = {jnp.array(x.shape).prod()}")
    return x


f6(jnp.ones((2, 3)))
