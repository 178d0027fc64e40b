# jax.pure_callback with vmap_method "sequential", "expand_dims", "broadcast_all" and
# "legacy_vectorized"; result_shape_dtypes pytrees; a callback under jit / grad via custom_jvp
import jax
import jax.numpy as jnp
import numpy as np

calls = []


def host_fn(x, y):
    calls.append((np.shape(x), np.shape(y)))
    return (np.sin(x) * y).astype(np.float32)


def make(method):
    def f(x, y):
        shape = jax.ShapeDtypeStruct(jnp.broadcast_shapes(x.shape, y.shape), jnp.float32)
        return jax.pure_callback(host_fn, shape, x, y, vmap_method=method)

    return f


x = jnp.arange(3.0)
y = jnp.float32(2.0)
for method in ("sequential", "expand_dims", "broadcast_all", "legacy_vectorized"):
    calls.clear()
    out = jax.vmap(make(method), in_axes=(0, None))(x, y)
    print(method, out, calls)

calls.clear()
out = jax.vmap(jax.vmap(make("expand_dims")), in_axes=(0, None))(jnp.ones((2, 3)), jnp.arange(3.0))
print(out.shape, calls)
try:
    jax.vmap(lambda v: jax.pure_callback(np.sin, jax.ShapeDtypeStruct((), jnp.float32), v))(x)
except NotImplementedError as e:
    print("NotImplementedError")


def stats(v):
    return {"mean": np.float32(np.mean(v)), "max": np.asarray(np.max(v), np.float32)}


spec = {"mean": jax.ShapeDtypeStruct((), jnp.float32), "max": jax.ShapeDtypeStruct((), jnp.float32)}
print(jax.jit(lambda v: jax.pure_callback(stats, spec, v))(jnp.array([1.0, 5.0, 3.0])))


@jax.custom_jvp
def host_sin(x):
    return jax.pure_callback(lambda v: np.sin(v).astype(v.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


@host_sin.defjvp
def _(primals, tangents):
    (x,), (t,) = primals, tangents
    return host_sin(x), jnp.cos(x) * t


print(jax.grad(host_sin)(jnp.float32(0.5)), jax.jit(jax.vmap(jax.grad(host_sin)))(x))
try:
    jax.grad(lambda v: jax.pure_callback(np.sin, jax.ShapeDtypeStruct((), jnp.float32), v))(1.0)
except Exception as e:
    print(type(e).__name__)
print(jax.pure_callback(lambda: np.int32(7), jax.ShapeDtypeStruct((), jnp.int32)))
try:
    jax.jit(lambda v: jax.pure_callback(lambda v: np.zeros(4, np.float32), jax.ShapeDtypeStruct((3,), jnp.float32), v))(x).block_until_ready()
except Exception as e:
    print(type(e).__name__)
