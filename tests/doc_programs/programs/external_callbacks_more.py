# External callbacks: pure_callback with vmap_method, io_callback ordered, custom_jvp around a callback
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def host_sin(x):
    return np.sin(x)


def f(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_sin, result_shape, x, vmap_method='sequential')


x = jnp.arange(5.0)
print(f(x))
print(jax.jit(f)(x))
print(jax.vmap(f)(x.reshape(5, 1)).shape)


def f_expand(x):
    return jax.pure_callback(host_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method='expand_dims')


print(jax.vmap(f_expand)(jnp.ones((3, 2))))
print(jax.vmap(lambda x: jax.pure_callback(lambda x: x * 2, jax.ShapeDtypeStruct((), x.dtype), x, vmap_method='broadcast_all'))(jnp.arange(3.)))
try:
    jax.grad(f)(1.)
except ValueError as e:
    print(type(e).__name__)


@jax.custom_jvp
def np_sin(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x)), x, vmap_method='sequential')


@np_sin.defjvp
def _np_sin_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return np_sin(x), jax.pure_callback(np.cos, jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x)), x, vmap_method='sequential') * t


print(np_sin(3.), jax.grad(np_sin)(3.), jnp.cos(3.))
print(jax.vmap(jax.grad(np_sin))(jnp.array([0., 1.])))

RNG = np.random.default_rng(0)
draws = []


def host_random_like(x):
    v = RNG.uniform(size=x.shape).astype(x.dtype)
    draws.append(v.shape)
    return v


@jax.jit
def numpy_random_like(x):
    return io_callback(host_random_like, x, x)


out = numpy_random_like(jnp.zeros(3))
print(out.shape, draws)
print(jax.vmap(numpy_random_like)(jnp.zeros((2, 3))).shape, len(draws))
try:
    jax.jit(lambda x: io_callback(host_random_like, x, x, ordered=True) + jax.vmap(lambda y: io_callback(host_random_like, y, y, ordered=True))(jnp.zeros((2, 1))).sum())(jnp.zeros(1))
except ValueError as e:
    print(type(e).__name__)
log = []
jax.jit(lambda x: (io_callback(lambda v: log.append(('a', float(v))), None, x, ordered=True), io_callback(lambda v: log.append(('b', float(v))), None, x + 1, ordered=True), x)[-1])(1.)
print(log)
print(jax.pure_callback(lambda: np.int32(7), jax.ShapeDtypeStruct((), jnp.int32)))
print(jax.jit(lambda x: jax.pure_callback(lambda a: (a, a * 2), (jax.ShapeDtypeStruct((2,), jnp.float32),) * 2, x))(jnp.ones(2)))
print(jax.make_jaxpr(f)(x).out_avals)
try:
    jax.jit(lambda x: jax.pure_callback(lambda a: a.astype(np.float64), jax.ShapeDtypeStruct((2,), jnp.float32), x))(jnp.ones(2)).block_until_ready()
except Exception as e:
    print(type(e).__name__)
