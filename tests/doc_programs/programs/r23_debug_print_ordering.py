# "Debugging runtime values" / jax.debug page: jax.debug.print and jax.debug.callback inside
# jit, vmap, grad, scan, cond and while_loop, their ordering with ordered=True, format specs
# and keyword arguments, pytrees printed, callbacks receiving arrays, and effects kept when the
# value is unused (breakpoint is interactive and left out)
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


@jax.jit
def f(x):
    jax.debug.print("x = {x}", x=x)
    y = jnp.sin(x)
    jax.debug.print("y = {} and x + 1 = {}", y, x + 1)
    return y


f(jnp.arange(3.0))
f(1.0)


# ordered prints keep their program order
@jax.jit
def ordered(x):
    jax.debug.print("first {}", x, ordered=True)
    jax.debug.print("second {}", x * 2, ordered=True)
    jax.debug.print("third {}", x * 3, ordered=True)
    return x


ordered(1.0).block_until_ready()

# format specs and keyword arguments
jax.jit(lambda x: jax.debug.print("{x:.3f} {y:>6} {x!r}", x=x, y=jnp.int32(7)))(jnp.float32(1 / 3))
jax.jit(lambda t: jax.debug.print("tree {}", t))({"a": jnp.ones(2), "b": (1.0, jnp.int32(2))})

# under vmap: one print per batch element (the batched values printed whole)
jax.vmap(lambda x: jax.debug.print("vmapped {}", x))(jnp.arange(3))


# under grad: the primal values only
def loss(w):
    jax.debug.print("w = {}", w)
    return (w**2).sum()


print(jax.grad(loss)(jnp.array([1.0, 2.0])))


# in loops and branches
def body(c, x):
    jax.debug.print("carry {} x {}", c, x, ordered=True)
    return c + x, c


print(lax.scan(body, 0, jnp.arange(3)))
lax.fori_loop(0, 3, lambda i, c: (jax.debug.print("i={i}", i=i, ordered=True), c + i)[1], 0)
lax.while_loop(lambda c: c < 2, lambda c: (jax.debug.print("w {}", c), c + 1)[1], 0)
for p in (True, False):
    lax.cond(
        p,
        lambda x: jax.debug.print("true branch {}", x),
        lambda x: jax.debug.print("false branch {}", x),
        jnp.float32(p),
    )

# callbacks receive NumPy-convertible arrays
log = []


def record(name, value):
    log.append((name, np.asarray(value).tolist(), type(np.asarray(value)).__name__))


@jax.jit
def g(x):
    jax.debug.callback(functools.partial(record, "x"), x)
    jax.debug.callback(record, "sum", x.sum(), ordered=True)
    return x * 2


g(jnp.arange(3.0)).block_until_ready()
jax.vmap(lambda x: jax.debug.callback(functools.partial(record, "v"), x))(jnp.arange(2))
jax.effects_barrier()
for entry in log:
    print(entry)

# an unused value's print is kept (an effect), and eager prints run at once
jax.jit(lambda x: (jax.debug.print("unused {}", x * 10), x)[1])(2)
jax.debug.print("eager {}", jnp.arange(2))
