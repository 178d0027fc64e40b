# "Introduction to debugging" / jax.debug: jax.debug.print with format specs, positional and
# keyword fields, ordered=True, under jit, vmap, grad, scan and cond; jax.debug.callback
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def f(x):
    jax.debug.print("x = {x}", x=x)
    y = jnp.sin(x)
    jax.debug.print("y = {y:.3f}", y=y[0])
    jax.debug.print("{} and {}", x[0], y[1])
    return y


print(jnp.round(f(jnp.arange(3.)), 4))


def g(x):
    jax.debug.print("in g: {}", x)
    return x ** 2


print(jax.vmap(g)(jnp.arange(3)))
print(jax.grad(lambda x: g(x) * 2.)(3.))


@jax.jit
def loop(x):
    def body(c, i):
        jax.debug.print("step {i}: carry {c:.2f}", i=i, c=c, ordered=True)
        return c * 0.5 + i, c
    return jax.lax.scan(body, x, jnp.arange(3))


c, ys = loop(4.)
print(c, ys)


@jax.jit
def branchy(x):
    return jax.lax.cond(
        x > 0,
        lambda x: (jax.debug.print("positive {:d}", x), x)[1],
        lambda x: (jax.debug.print("non-positive {:d}", x), -x)[1],
        x,
    )


print(branchy(3), branchy(-2))

values = []


def record(x, tag):
    values.append((tag, np.asarray(x).tolist()))


@jax.jit
def h(x):
    jax.debug.callback(record, x, tag="in")
    y = x * 3
    jax.debug.callback(partial(record, tag="out"), y)
    return y


h(jnp.arange(3))
jax.effects_barrier()
print(values)
values.clear()
jax.vmap(h)(jnp.arange(4).reshape(2, 2))
jax.effects_barrier()
print(sorted(values))


@jax.jit
def nested(p):
    jax.debug.print("w={w} b={b}", w=p["w"], b=p["b"])
    jax.debug.print("pair {}", (p["w"], p["b"]))
    return p["w"] * p["b"]


print(nested({"w": jnp.float32(2.), "b": jnp.float32(0.5)}))
jax.debug.print("eager {x:>6.2f}|", x=jnp.float32(3.14159))
jax.debug.print("list {}", [1, 2])
jax.debug.print("int {:04d} float {:.1e}", jnp.int32(7), jnp.float32(12345.))
jax.effects_barrier()
