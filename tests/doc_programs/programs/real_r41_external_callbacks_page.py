# "External callbacks": pure_callback of a NumPy function with ShapeDtypeStruct results,
# vmap_method='sequential' / 'expand_dims' / 'broadcast_all', jit of a pure_callback, a
# custom_jvp around a pure_callback (the page's scipy.special.jv example done with NumPy),
# io_callback with ordered=True and a host-side RNG, and DCE of an unused pure_callback
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def f_host(x):
    return np.sin(x).astype(x.dtype)


def f(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(f_host, result_shape, x, vmap_method="sequential")


x = jnp.arange(5.0)
print(f(x))
print(jax.jit(f)(x))
print(jax.vmap(f)(jnp.arange(6.0).reshape(2, 3)))

calls = []


def host_sum(x):
    calls.append(x.shape)
    return np.sum(x, axis=-1).astype(np.float32)


def batched_sum(x):
    return jax.pure_callback(
        host_sum, jax.ShapeDtypeStruct(x.shape[:-1], jnp.float32), x, vmap_method="expand_dims"
    )


print(jax.vmap(batched_sum)(jnp.ones((4, 3))))
print(calls)
calls.clear()


def host_add(a, b):
    calls.append((a.shape, b.shape))
    return (a + b).astype(np.float32)


def cb_add(a, b):
    return jax.pure_callback(host_add, jax.ShapeDtypeStruct(jnp.broadcast_shapes(a.shape, b.shape), jnp.float32), a, b, vmap_method="broadcast_all")


print(jax.vmap(cb_add, in_axes=(0, None))(jnp.ones((3, 2)), jnp.arange(2.0)))
print(calls)


@jax.custom_jvp
def np_exp(x):
    return jax.pure_callback(
        lambda v: np.exp(v).astype(v.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential"
    )


@np_exp.defjvp
def np_exp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = np_exp(x)
    return y, y * t


print(np_exp(jnp.array([0.0, 1.0])))
print(jax.grad(lambda v: np_exp(v).sum())(jnp.array([0.0, 1.0])))
print(jax.jacfwd(np_exp)(jnp.array([0.5, 2.0])))
try:
    jax.grad(lambda v: f(v).sum())(x)
except ValueError as e:
    print(type(e).__name__)

rng = np.random.default_rng(0)


def host_rng(shape_hint):
    return rng.uniform(size=shape_hint.shape).astype(np.float32)


@jax.jit
def numpy_random_like(x):
    return io_callback(host_rng, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=True)


print(numpy_random_like(jnp.zeros(3)))
print(numpy_random_like(jnp.zeros(3)))

effects = []


def log_it(v):
    effects.append(int(v))
    return np.int32(v * 2)


@jax.jit
def loop_with_io(n):
    def body(i, c):
        return c + io_callback(log_it, jax.ShapeDtypeStruct((), jnp.int32), i, ordered=True)

    return jax.lax.fori_loop(0, n, body, 0)


print(loop_with_io(4), effects)

count = []


def side(x):
    count.append(1)
    return x


@jax.jit
def unused(x):
    jax.pure_callback(side, jax.ShapeDtypeStruct((), jnp.float32), x)
    return x + 1


print(unused(1.0), len(count))
print(jax.jit(lambda x: jax.pure_callback(side, jax.ShapeDtypeStruct((), jnp.float32), x) * 2)(3.0), len(count))
