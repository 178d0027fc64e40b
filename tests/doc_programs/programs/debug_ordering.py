# Debugging runtime values: jax.debug.print / callback under jit, vmap, grad, loops, ordering
from functools import partial
import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    jax.debug.print("x: {}", x)
    y = jnp.sin(x)
    jax.debug.print("y: {y}", y=y)
    return y


f(2.)
jax.vmap(f)(jnp.arange(3.))
jax.grad(f)(1.)


@jax.jit
def ordered(x):
    jax.debug.print("first {}", x, ordered=True)
    jax.debug.print("second {}", x + 1, ordered=True)
    return x * 2


ordered(1)


def step(c, x):
    jax.debug.print("step c={c} x={x}", c=c, x=x)
    return c + x, c


jax.lax.scan(step, 0, jnp.arange(3))
jax.lax.fori_loop(0, 2, lambda i, c: (jax.debug.print("i={}", i), c + 1)[1], 0)
jax.lax.cond(True, lambda x: jax.debug.print("true branch {}", x), lambda x: jax.debug.print("false branch {}", x), 3)

log = []


def record(x):
    log.append(np.asarray(x).tolist())


@jax.jit
def g(x):
    jax.debug.callback(record, x)
    jax.debug.callback(record, x * 10, ordered=True)
    return x


g(jnp.arange(2))
jax.effects_barrier()
print(log)
jax.vmap(g)(jnp.arange(4).reshape(2, 2))
jax.effects_barrier()
print(sorted(map(str, log)))
jax.debug.print("{a} and {b:.2f}", a=jnp.arange(2), b=jnp.float32(3.14159))
jax.debug.print("{} {}", 1, {'k': jnp.ones(2)})
jax.jit(lambda x: jax.debug.print("bf16 {}", x))(jnp.array([1.5], jnp.bfloat16))
jax.jit(lambda x: jax.debug.print("shape {} dtype {}", x.shape, x.dtype))(jnp.ones((2, 3)))


@jax.custom_vjp
def checkpointed(x):
    return x ** 2


def fwd(x):
    jax.debug.print("fwd {}", x)
    return x ** 2, x


def bwd(x, g):
    jax.debug.print("bwd {} {}", x, g)
    return (2 * x * g,)


checkpointed.defvjp(fwd, bwd)
print(jax.grad(checkpointed)(3.))
print(jax.jit(jax.grad(lambda x: jnp.sum(jax.checkpoint(lambda y: (jax.debug.print("remat {}", y), jnp.sin(y))[1])(x))))(jnp.ones(2)))
