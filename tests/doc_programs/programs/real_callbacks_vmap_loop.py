# Host callbacks in a simulation loop, as users bridge to NumPy / SciPy code: a pure_callback to a
# NumPy special function under vmap with vmap_method="sequential" and "expand_dims", with a
# custom_jvp giving it a derivative, io_callback(ordered=True) logging from inside a fori_loop
# in jit, debug.callback with a pytree argument, and the callback invoked counts
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

calls = {"seq": 0, "expand": 0}


def np_bessel_like(x):
    calls["seq"] += 1
    return np.asarray(np.sinc(x) * np.cos(x), dtype=x.dtype)


def np_batched(x):
    calls["expand"] += 1
    return np.asarray(np.sinc(x) * np.cos(x), dtype=x.dtype)


@jax.custom_jvp
def f_seq(x):
    return jax.pure_callback(np_bessel_like, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")


@f_seq.defjvp
def f_seq_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    h = 1e-3
    d = (f_seq(x + h) - f_seq(x - h)) / (2 * h)
    return f_seq(x), d * t


def f_expand(x):
    return jax.pure_callback(np_batched, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


xs = jnp.linspace(0.1, 2.0, 6)
a = jax.jit(jax.vmap(f_seq))(xs)
b = jax.jit(jax.vmap(f_expand))(xs)
print("values", np.round(np.asarray(a), 5), "same", bool(jnp.allclose(a, b)))
print("calls sequential", calls["seq"], "expand_dims", calls["expand"])
g = jax.jit(jax.vmap(jax.grad(f_seq)))(xs)
exact = jax.vmap(jax.grad(lambda x: jnp.sinc(x) * jnp.cos(x)))(xs)
print("fd grad close", bool(jnp.allclose(g, exact, atol=1e-3)))

log = []


def record(step, value):
    log.append((int(step), round(float(value), 4)))


@jax.jit
def simulate(x0):
    def body(i, x):
        x = x - 0.2 * (x**3 - x)
        io_callback(record, None, i, jnp.sum(x), ordered=True)
        return x

    return jax.lax.fori_loop(0, 5, body, x0)


out = simulate(jnp.array([0.5, 1.5, -2.0]))
print("final", np.round(np.asarray(out), 5))
print("log", log)

seen = []
jax.jit(lambda p: jax.debug.callback(lambda t: seen.append(sorted((k, float(v)) for k, v in t.items())), p))({"a": 1.0, "b": jnp.float32(2.5)})
jax.effects_barrier()
print("debug callback got", seen)
shape_cb = jax.jit(lambda x: jax.pure_callback(lambda v: np.cumsum(v).astype(np.float32), jax.ShapeDtypeStruct((4,), jnp.float32), x))
print("cumsum via host", shape_cb(jnp.arange(4.0)))
try:
    jax.jit(lambda x: jax.pure_callback(lambda v: v.astype(np.float64), jax.ShapeDtypeStruct((3,), jnp.float32), x))(jnp.ones(3)).block_until_ready()
except Exception as e:
    print("wrong dtype from callback:", type(e).__name__)
