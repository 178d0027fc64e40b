# "External callbacks": jax.pure_callback with vmap_method options ('sequential',
# 'expand_dims', 'broadcast_all', 'legacy_vectorized' errors), result_shape_dtypes as pytrees,
# pure_callback differentiated by custom_jvp, io_callback ordered / unordered under jit and scan,
# jax.debug.callback with partial args and under vmap / grad
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def f_host(x):
    print("called with shape", np.shape(x))
    return np.sin(x)


def f(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(f_host, result_shape, x, vmap_method='sequential')


x = jnp.arange(5.0)
print(f(x))
print(jax.jit(f)(x))
print(jax.vmap(f)(jnp.arange(6.0).reshape(2, 3)))


def g(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(f_host, result_shape, x, vmap_method='expand_dims')


print(jax.vmap(g)(jnp.arange(6.0).reshape(2, 3)))


def add_host(x, y):
    print("shapes", np.shape(x), np.shape(y))
    return np.asarray(x + y, dtype=np.float32)


def add(x, y):
    out = jax.ShapeDtypeStruct(jnp.broadcast_shapes(x.shape, y.shape), jnp.float32)
    return jax.pure_callback(add_host, out, x, y, vmap_method='broadcast_all')


print(jax.vmap(add, in_axes=(0, None))(jnp.ones((2, 3)), jnp.arange(3.)))


def h(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


try:
    jax.vmap(h)(jnp.ones((2, 3)))
except Exception as e:
    print(type(e).__name__)
try:
    jax.grad(f)(1.0)
except Exception as e:
    print(type(e).__name__)


def pair_host(x):
    return {'s': np.sin(x), 'c': np.cos(x).astype(np.float32)}


def pair(x):
    shapes = {'s': jax.ShapeDtypeStruct(x.shape, x.dtype),
              'c': jax.ShapeDtypeStruct(x.shape, jnp.float32)}
    return jax.pure_callback(pair_host, shapes, x)


print(jax.jit(pair)(jnp.arange(3.)))


@jax.custom_jvp
def sin_cb(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method='sequential')


@sin_cb.defjvp
def sin_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return sin_cb(x), jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                        vmap_method='sequential') * t


print(jax.grad(sin_cb)(jnp.float32(1.0)))
print(jax.vmap(jax.grad(sin_cb))(jnp.arange(3.)))
print(jax.jacfwd(sin_cb)(jnp.arange(2.)))

RNG = np.random.default_rng(0)


def host_random_like(x):
    return RNG.uniform(size=x.shape).astype(x.dtype)


@jax.jit
def numpy_random_like(x):
    return io_callback(host_random_like, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


print(numpy_random_like(jnp.zeros(5)))


def log_host(i, v):
    print("step", int(i), "value", float(v))


@jax.jit
def loop(x):
    def body(c, i):
        io_callback(log_host, None, i, c, ordered=True)
        return c * 2, None
    return jax.lax.scan(body, x, jnp.arange(3))[0]


print(loop(1.5))
try:
    jax.vmap(lambda x: io_callback(lambda v: v, jax.ShapeDtypeStruct((), jnp.float32), x,
                                   ordered=True))(jnp.ones(2))
except Exception as e:
    print(type(e).__name__)
print(jax.vmap(lambda x: io_callback(lambda v: np.asarray(v * 3), jax.ShapeDtypeStruct((), jnp.float32), x))(jnp.ones(2)))


def log_value(name, x):
    print(f"{name}: {x}")


@jax.jit
def dbg(x):
    jax.debug.callback(partial(log_value, "x"), x)
    y = x ** 2
    jax.debug.callback(log_value, "y", y)
    return y


print(dbg(jnp.arange(3.)))
print(jax.grad(lambda x: dbg(x).sum())(jnp.arange(2.)))
jax.vmap(lambda v: jax.debug.callback(log_value, "row", v))(jnp.arange(4.).reshape(2, 2))
jax.effects_barrier()
print("done")
