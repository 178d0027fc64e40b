# "External callbacks": a SciPy-free pure_callback made differentiable by custom_jvp (the page's
# Bessel example with NumPy), io_callback ordered inside scan, debug.callback under vmap and grad
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

def np_sinc(x):
    return np.sinc(x).astype(x.dtype)

@jax.custom_jvp
def sinc(x):
    return jax.pure_callback(np_sinc, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")

@sinc.defjvp
def sinc_jvp(primals, tangents):
    x, = primals
    t, = tangents
    px = jnp.pi * x
    d = jnp.where(x == 0, 0., (jnp.cos(px) * px - jnp.sin(px)) / (px * x + (x == 0)))
    return sinc(x), d * t

xs = jnp.linspace(0.25, 2., 4)
print(sinc(xs))
print(jax.jit(sinc)(xs))
print(jax.vmap(sinc)(xs.reshape(2, 2)))
print(jnp.round(jax.grad(lambda x: sinc(x).sum())(xs), 5))
print(jnp.round(jax.vmap(jax.grad(lambda x: sinc(x)))(xs), 5))
try:
    jax.grad(lambda x: jax.pure_callback(np_sinc, jax.ShapeDtypeStruct((), jnp.float32), x))(1.)
except ValueError as e:
    print("ValueError", "Pure callbacks do not support JVP" in str(e))

log = []
def record(i, v):
    log.append((int(i), float(v)))

def step(c, i):
    io_callback(record, None, i, c, ordered=True)
    return c * 2., c
out = jax.jit(lambda c: jax.lax.scan(step, c, jnp.arange(4)))(1.)
print(out[0], out[1], log)

def show(x):
    print("callback got", np.asarray(x))
jax.vmap(lambda x: jax.debug.callback(show, x))(jnp.arange(3.))
jax.grad(lambda x: (jax.debug.callback(show, x), x ** 2)[1])(3.)
jax.jit(lambda x: jax.debug.callback(show, x * 2, ordered=True))(jnp.ones(2))
r = jax.pure_callback(lambda x: np.cumsum(x), jax.ShapeDtypeStruct((4,), jnp.float32), jnp.arange(4.), vmap_method="expand_dims")
print(r)
print(jax.vmap(lambda x: jax.pure_callback(lambda v: v * 10, jax.ShapeDtypeStruct((), jnp.float32), x, vmap_method="broadcast_all"))(jnp.arange(3.)))
print(jax.vmap(lambda x: io_callback(lambda v: np.float32(v + 1), jax.ShapeDtypeStruct((), jnp.float32), x))(jnp.arange(3.)))
try:
    jax.vmap(lambda x: io_callback(lambda v: v, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True))(jnp.arange(3.))
except ValueError as e:
    print("ValueError", str(e)[:40])
