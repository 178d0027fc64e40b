# "Introduction to debugging" / jax.debug: debug.print under jit, vmap and grad with format
# strings, ordered=True, debug.callback with a Python function receiving arrays, printing
# inside scan / cond / while, and the difference from Python's print (traced values)
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def f(x):
    print("print(x) ->", x)
    jax.debug.print("jax.debug.print(x) -> {x}", x=x)
    y = jnp.sin(x)
    jax.debug.print("y: {}", y)
    return y


f(jnp.arange(3.0))
f(jnp.arange(3.0))


def g(x):
    jax.debug.print("g: x = {x:.3f}", x=x)
    return x**2


jax.vmap(g)(jnp.array([1.0, 2.0]))
print(jax.grad(g)(3.0))
jax.jit(jax.grad(g))(3.0)


@jax.jit
def ordered(x):
    jax.debug.print("first {}", x, ordered=True)
    jax.debug.print("second {}", x + 1, ordered=True)
    return x * 2


ordered(1)

log = []


def record(x, y):
    log.append((np.asarray(x).tolist(), float(y)))


@jax.jit
def h(x):
    jax.debug.callback(record, x, x.sum())
    return x + 1


h(jnp.arange(3.0))
jax.effects_barrier()
print(log)


def body(c, x):
    jax.debug.print("carry={c} x={x}", c=c, x=x)
    return c + x, c * x


out = jax.lax.scan(body, 0, jnp.arange(3))
print(out)


@jax.jit
def branchy(x):
    return jax.lax.cond(
        x > 0,
        lambda x: (jax.debug.print("positive {}", x), x)[1],
        lambda x: (jax.debug.print("non-positive {}", x), -x)[1],
        x,
    )


print(branchy(2.0), branchy(-1.0))


def loop(x):
    def cond(s):
        return s < 20

    def bdy(s):
        jax.debug.print("s={}", s)
        return s * 3

    return jax.lax.while_loop(cond, bdy, x)


print(jax.jit(loop)(1))
jax.debug.print("eager {a} and {b}", a=jnp.int32(1), b=jnp.array([1.5, 2.5]))
jax.debug.print("{0} {1} {0}", 7, 8)
jax.effects_barrier()
