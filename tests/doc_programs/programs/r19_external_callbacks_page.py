# "External callbacks": jax.debug.callback / pure_callback / io_callback under jit, vmap (every
# vmap_method), grad (a custom_jvp around pure_callback), scan and cond; result_shape_dtypes as
# ShapeDtypeStruct pytrees; ordered io_callback; a pure_callback's errors (wrong shape /
# dtype); and a NumPy-backed jnp.sin with its derivative
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def log_value(x):
    print("log:", np.round(x, 3))


@jax.jit
def f(x):
    jax.debug.callback(log_value, x)
    return x**2


print(f(jnp.float32(1.5)))
print(jax.vmap(f)(jnp.arange(3.0)))


def np_sin(x):
    return np.sin(x).astype(x.dtype)


def f_host(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(np_sin, result_shape, x, vmap_method="sequential")


x = jnp.arange(5.0)
print(f_host(x), jax.jit(f_host)(x))
print(jax.vmap(f_host)(jnp.arange(6.0).reshape(2, 3)))


def host_batched(x):
    print("host shape", x.shape)
    return np.cumsum(x, axis=-1).astype(x.dtype)


for method in ("sequential", "expand_dims", "broadcast_all"):
    def cs(x, method=method):
        return jax.pure_callback(host_batched, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method=method)

    print(method, jax.vmap(cs)(jnp.ones((2, 3))))
try:
    jax.vmap(lambda x: jax.pure_callback(np_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x))(jnp.ones((2, 3)))
except Exception as e:
    print(type(e).__name__)
try:
    jax.grad(lambda x: jax.pure_callback(np_sin, jax.ShapeDtypeStruct((), jnp.float32), x))(1.0)
except Exception as e:
    print(type(e).__name__)


@jax.custom_jvp
def host_sin(x):
    return jax.pure_callback(np_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")


@host_sin.defjvp
def host_sin_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    cos = jax.pure_callback(lambda v: np.cos(v).astype(v.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")
    return host_sin(x), cos * t


print(jax.grad(host_sin)(jnp.float32(0.5)), jnp.cos(0.5), jax.vmap(jax.grad(host_sin))(jnp.array([0.0, 1.0])))


def two_outputs(x):
    return {"s": np.sum(x).astype(np.float32), "n": np.int32(x.size)}


out = jax.jit(lambda x: jax.pure_callback(two_outputs, {"s": jax.ShapeDtypeStruct((), jnp.float32), "n": jax.ShapeDtypeStruct((), jnp.int32)}, x))(jnp.arange(4.0))
print(out)

rng = np.random.default_rng(0)


def host_random(x):
    return rng.uniform(size=x.shape).astype(x.dtype) * 0 + x


@jax.jit
def numpy_random_like(x):
    return io_callback(host_random, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=True)


print(numpy_random_like(jnp.ones(3)))
seen = []


def record(i, v):
    seen.append((int(i), float(v)))


def body(carry, i):
    io_callback(record, None, i, carry, ordered=True)
    return carry * 2, None


jax.jit(lambda c: jax.lax.scan(body, c, jnp.arange(4)))(jnp.float32(1.0))
print(seen)
jax.jit(lambda p, x: jax.lax.cond(p, lambda x: jax.debug.callback(log_value, x * 10) or x, lambda x: x, x))(True, jnp.float32(2.0))
try:
    jax.jit(lambda x: jax.pure_callback(lambda v: np.ones(4, np.float32), jax.ShapeDtypeStruct((3,), jnp.float32), x))(jnp.ones(3)).block_until_ready()
except Exception as e:
    print(type(e).__name__)
try:
    jax.jit(lambda x: jax.pure_callback(lambda v: np.ones(3, np.int32), jax.ShapeDtypeStruct((3,), jnp.float32), x))(jnp.ones(3)).block_until_ready()
except Exception as e:
    print(type(e).__name__)
jax.effects_barrier()
print(jax.jit(lambda x: jax.pure_callback(np_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)).lower(jnp.ones(2)).as_text().count("custom_call"))
