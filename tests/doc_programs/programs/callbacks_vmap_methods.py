# pure_callback's vmap_method options, io_callback ordering, callbacks returning pytrees
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def host_sin(x):
    print("host_sin called with shape", np.shape(x))
    return np.sin(x).astype(np.float32)


def f(x, method):
    return jax.pure_callback(host_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method=method)


xs = jnp.arange(6.).reshape(3, 2)
for method in ("sequential", "expand_dims", "broadcast_all", "legacy_vectorized"):
    print(method, jax.vmap(lambda x: f(x, method))(xs).round(4))
print(jax.vmap(lambda x: f(x, "sequential_unrolled"))(xs).round(4))
try:
    jax.vmap(lambda x: jax.pure_callback(host_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x))(xs)
except NotImplementedError:
    print("NotImplementedError")


def stats(x):
    return {"mean": np.mean(x).astype(np.float32), "n": np.int32(x.size)}


shape = {"mean": jax.ShapeDtypeStruct((), jnp.float32), "n": jax.ShapeDtypeStruct((), jnp.int32)}
print(jax.jit(lambda x: jax.pure_callback(stats, shape, x))(jnp.arange(4.)))
print(jax.vmap(lambda x: jax.pure_callback(stats, shape, x, vmap_method="sequential"))(xs))


def two_args(x, y):
    return (x * y).astype(np.float32)


print(jax.vmap(lambda x: jax.pure_callback(two_args, jax.ShapeDtypeStruct((2,), jnp.float32), x, jnp.ones(2) * 3,
                                           vmap_method="expand_dims"))(xs))

log = []


def record(x):
    log.append(float(x))
    return np.array(len(log), np.int32)


@jax.jit
def g(x):
    a = io_callback(record, jax.ShapeDtypeStruct((), jnp.int32), x, ordered=True)
    b = io_callback(record, jax.ShapeDtypeStruct((), jnp.int32), x + 1, ordered=True)
    return a + b


print(g(1.), g(5.), log)
print(jax.jit(lambda x: jax.pure_callback(lambda v: np.asarray(v) * 2, jax.ShapeDtypeStruct((), jnp.float32), x))(3.))
print(jax.grad(lambda x: jnp.sin(x) * 2)(1.).round(4))
try:
    jax.grad(lambda x: f(x, "sequential").sum())(jnp.ones(2))
except Exception as e:
    print(type(e).__name__)
print(jax.lax.map(lambda x: f(x, "sequential"), xs).round(4))
