# Debugging: jax.debug.print and jax.debug.callback ordering (ordered=True) across calls and
# inside loops, callbacks under vmap and grad, jax.debug.inspect_array_sharding and
# jax.debug.visualize_array_sharding of 1D and 2D shardings
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.jit
def f(x):
    jax.debug.print("first {}", x, ordered=True)
    y = x * 2
    jax.debug.print("second {}", y, ordered=True)
    return y


f(1.)
f(jnp.array([1, 2]))

log = []


def record(tag, value):
    log.append((tag, np.asarray(value).tolist()))


@jax.jit
def loop(x):
    def body(i, x):
        jax.debug.callback(partial(record, "step"), i, ordered=True)
        return x + i
    out = jax.lax.fori_loop(0, 3, body, x)
    jax.debug.callback(partial(record, "out"), out, ordered=True)
    return out


print(loop(10))
print(log)
log.clear()
jax.vmap(lambda v: jax.debug.callback(partial(record, "vmapped"), v))(jnp.arange(3))
print(sorted(log))
log.clear()


def g(x):
    jax.debug.callback(partial(record, "primal"), x)
    return jnp.sin(x)


print(jax.grad(g)(0.))
print(log)


def h(x):
    jax.debug.print("x={x:.2f} y={y}", x=x, y=x.astype(int))
    return x


jax.jit(h)(2.5)
jax.vmap(h)(jnp.array([1.25, 2.5]))

mesh = jax.make_mesh((2, 4), ("a", "b"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
z = jax.device_put(jnp.arange(32.).reshape(4, 8), NamedSharding(mesh, P("a", "b")))
jax.debug.visualize_array_sharding(z)
jax.debug.visualize_array_sharding(jax.device_put(jnp.arange(8.), NamedSharding(mesh, P("b"))))
jax.debug.visualize_array_sharding(jax.device_put(jnp.ones((4, 8)), NamedSharding(mesh, P(None, "a"))))


@jax.jit
def inspect(x):
    jax.debug.inspect_array_sharding(x, callback=lambda s: print("inside:", s.spec))
    return x * 2


inspect(z)
