# jax.experimental.compute_on: a host computation inside jit (as a context manager and as a
# decorator of a jitted function), its jaxpr and lowered text, nested in scan, differentiated,
# and combined with arrays and outputs in pinned_host memory
from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.compute_on import compute_on
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@compute_on("device_host")
@jax.jit
def host_fn(x):
    return jnp.sin(x) * 2


@jax.jit
def f(x):
    y = x + 1
    z = host_fn(y)
    return z * 3


x = jnp.arange(4.0)
print(f(x))
print(jax.jit(jax.grad(lambda v: f(v).sum()))(x))
text = f.lower(x).as_text()
print('_xla_compute_type = "host"' in text)


@jax.jit
def g(x):
    with compute_on("device_host"):
        y = jnp.cos(x) + 1
    return y * 2


print(g(x), jax.vmap(g)(jnp.ones((2, 3))))


@jax.jit
def scanned(xs):
    def body(c, v):
        return c + host_fn(v), c

    return jax.lax.scan(body, 0.0, xs)


print(scanned(jnp.arange(3.0)))

mesh = jax.make_mesh((8,), ("d",), axis_types=(jax.sharding.AxisType.Auto,))
s_host = NamedSharding(mesh, P("d"), memory_kind="pinned_host")
s_dev = NamedSharding(mesh, P("d"), memory_kind="device")


@partial(jax.jit, out_shardings=s_host)
def to_host(v):
    return host_fn(v) + 1


out = to_host(jax.device_put(jnp.arange(8.0), s_dev))
print(out.sharding.memory_kind, jax.device_put(out, s_dev)[:3])
try:
    with compute_on("tpu_sparsecore"):
        jax.jit(lambda v: v + 1)(x)
    print("ran")
except Exception as e:
    print(type(e).__name__)
