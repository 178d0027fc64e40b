# External callbacks: pure_callback (vmap_method), io_callback (ordered), debug.callback
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def f_host(x):
    return np.sin(x)


def f(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(f_host, result_shape, x, vmap_method='sequential')


x = jnp.arange(5.0)
print(f(x))
print(jax.jit(f)(x))
print(jax.vmap(f)(x))
print(jax.lax.map(f, x))
try:
    jax.grad(f)(x[0])
except ValueError as e:
    print(type(e).__name__)


def g_host(x):
    print("host sees", x.shape, x.dtype)
    return np.cos(x).astype(x.dtype)


def g(x):
    return jax.pure_callback(g_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method='broadcast_all')


print(jax.vmap(g)(jnp.arange(6.).reshape(3, 2)))


def h(x):
    return jax.pure_callback(g_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method='expand_dims')


print(jax.vmap(h, in_axes=(0,))(jnp.ones((2, 3))))
try:
    jax.vmap(lambda x: jax.pure_callback(f_host, jax.ShapeDtypeStruct((), jnp.float32), x))(x)
except NotImplementedError as e:
    print(type(e).__name__)


def two_outputs(a, b):
    return a + b, (a * b).astype(np.int32)


out = jax.jit(lambda a, b: jax.pure_callback(
    two_outputs, (jax.ShapeDtypeStruct((2,), jnp.float32), jax.ShapeDtypeStruct((2,), jnp.int32)), a, b))(
    jnp.array([1., 2.]), jnp.array([3., 4.]))
print(out)

rng = np.random.default_rng(0)


def host_side_random_like(x):
    return rng.uniform(size=x.shape).astype(x.dtype)


@jax.jit
def numpy_random_like(x):
    return io_callback(host_side_random_like, x, x)


x = jnp.zeros(5)
print(numpy_random_like(x))
print(jax.vmap(numpy_random_like)(x))
try:
    jax.vmap(lambda x: io_callback(host_side_random_like, x, x, ordered=True))(x)
except ValueError as e:
    print(type(e).__name__)


log = []


@jax.jit
def ordered(x):
    io_callback(lambda v: log.append(("a", float(v))), None, x, ordered=True)
    io_callback(lambda v: log.append(("b", float(v))), None, x * 2, ordered=True)
    return x + 1


ordered(1.0)
jax.effects_barrier()
print(log)
ret = jax.jit(lambda x: io_callback(lambda v: np.float32(v * 3), jax.ShapeDtypeStruct((), jnp.float32), x))(2.)
print(ret, ret.dtype)


def log_value(x):
    print("log:", x)


def f(x):
    jax.debug.callback(log_value, x)
    return jnp.sin(2.0 * x)


print(jax.grad(f)(1.0))
jax.jit(f)(jnp.arange(2.))
jax.effects_barrier()


@jax.custom_jvp
def f(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x)), x,
                             vmap_method='sequential')


@f.defjvp
def f_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return f(x), jax.pure_callback(np.cos, jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x)), x,
                                   vmap_method='sequential') * t


print(jax.grad(f)(0.5))
print(jax.vmap(jax.grad(f))(jnp.array([0., 1.])))
try:
    jax.jit(lambda x: jax.pure_callback(lambda v: v, jax.ShapeDtypeStruct((3,), jnp.float32), x))(jnp.ones(2))
except Exception as e:
    print(type(e).__name__)
