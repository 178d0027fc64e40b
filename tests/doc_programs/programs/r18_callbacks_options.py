# External callbacks with their options: debug.callback with ordered=True / partitioned,
# io_callback ordered and unordered (under jit, scan, vmap), pure_callback with vmap_method
# ("sequential", "expand_dims", "broadcast_all", "legacy_vectorized"), result shape structs of
# pytrees, callbacks returning wrong shapes / dtypes, and a pure_callback made differentiable
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

log = []


def record(tag, v):
    log.append((tag, np.asarray(v).tolist()))


@jax.jit
def f(x):
    jax.debug.callback(record, "a", x, ordered=True)
    y = x * 2
    jax.debug.callback(record, "b", y, ordered=True)
    return y


f(jnp.arange(3.0))
print(log)
log.clear()
jax.vmap(lambda v: jax.debug.callback(record, "v", v) or v)(jnp.arange(3.0))
print(sorted(log))
log.clear()
jax.grad(lambda v: (jax.debug.callback(record, "g", v), v**2)[1])(3.0)
print(log)
log.clear()

counter = {"n": 0}


def bump(v):
    counter["n"] += 1
    return np.asarray(v + counter["n"], dtype=np.float32)


@jax.jit
def g(x):
    a = io_callback(bump, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True)
    b = io_callback(bump, jax.ShapeDtypeStruct((), jnp.float32), a, ordered=True)
    return a, b


print(g(1.0), counter)
print(jax.jit(lambda xs: jax.lax.scan(lambda c, v: (c + io_callback(bump, jax.ShapeDtypeStruct((), jnp.float32), v, ordered=True), None), 0.0, xs)[0])(jnp.ones(3)), counter)
print(jax.vmap(lambda v: io_callback(bump, jax.ShapeDtypeStruct((), jnp.float32), v))(jnp.arange(2.0)).shape)
try:
    jax.vmap(lambda v: io_callback(bump, jax.ShapeDtypeStruct((), jnp.float32), v, ordered=True))(jnp.arange(2.0))
except Exception as e:
    print(type(e).__name__)
try:
    jax.grad(lambda v: io_callback(bump, jax.ShapeDtypeStruct((), jnp.float32), v))(1.0)
except Exception as e:
    print(type(e).__name__)

calls = []


def host_sin(v):
    calls.append(np.shape(v))
    return np.sin(v).astype(v.dtype)


x = jnp.arange(6.0).reshape(3, 2)
for method in ("sequential", "expand_dims", "broadcast_all", "legacy_vectorized"):
    calls.clear()
    out = jax.vmap(lambda r: jax.pure_callback(host_sin, jax.ShapeDtypeStruct(r.shape, r.dtype), r, vmap_method=method))(x)
    print(method, calls, out.shape, jnp.allclose(out, jnp.sin(x)))
try:
    jax.vmap(lambda r: jax.pure_callback(host_sin, jax.ShapeDtypeStruct(r.shape, r.dtype), r))(x)
except Exception as e:
    print(type(e).__name__)
try:
    jax.pure_callback(host_sin, jax.ShapeDtypeStruct((2,), jnp.float32), x, vmap_method="bogus")
except Exception as e:
    print(type(e).__name__)


def two_outputs(v):
    return {"s": np.sum(v).astype(np.float32), "d": (2 * v).astype(np.float32)}


spec = {"s": jax.ShapeDtypeStruct((), jnp.float32), "d": jax.ShapeDtypeStruct((3,), jnp.float32)}
print(jax.jit(lambda v: jax.pure_callback(two_outputs, spec, v))(jnp.arange(3.0)))
try:
    jax.jit(lambda v: jax.pure_callback(lambda a: np.zeros(4, np.float32), jax.ShapeDtypeStruct((3,), jnp.float32), v))(jnp.ones(3)).block_until_ready()
except Exception as e:
    print(type(e).__name__)
try:
    jax.jit(lambda v: jax.pure_callback(lambda a: np.zeros(3, np.float64), jax.ShapeDtypeStruct((3,), jnp.float32), v))(jnp.ones(3)).block_until_ready()
except Exception as e:
    print(type(e).__name__)


@jax.custom_jvp
def host_exp(v):
    return jax.pure_callback(lambda a: np.exp(a).astype(a.dtype), jax.ShapeDtypeStruct(v.shape, v.dtype), v, vmap_method="broadcast_all")


@host_exp.defjvp
def host_exp_jvp(primals, tangents):
    (v,), (t,) = primals, tangents
    y = host_exp(v)
    return y, y * t


print(jax.grad(lambda v: host_exp(v).sum())(jnp.arange(3.0)))
print(jax.jit(jax.vmap(jax.grad(lambda v: host_exp(v))))(jnp.arange(3.0)))
unused = jax.jit(lambda v: (jax.pure_callback(host_sin, jax.ShapeDtypeStruct((), jnp.float32), v), v)[1])
calls.clear()
print(unused(1.0), calls)
