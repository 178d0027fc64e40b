# jax.debug.print under transformations (the debugging page): vmap prints one line per batch
# element, grad prints primal values, ordered=True across jit calls, pytree and keyword
# formatting, jax.debug.callback with pytrees, and printing inside cond / scan / while.
import jax
import jax.numpy as jnp
from jax import lax


def f(x):
    jax.debug.print("x: {}", x)
    y = jnp.sin(x)
    jax.debug.print("y: {y}", y=y)
    return y


jax.vmap(f)(jnp.arange(3.0))
jax.grad(f)(1.0)
jax.jit(jax.vmap(f))(jnp.arange(2.0))


@jax.jit
def g(x):
    jax.debug.print("first {}", x, ordered=True)
    jax.debug.print("second {}", x + 1, ordered=True)
    return x * 2


g(1.0)
g(2.0)
jax.effects_barrier()


def tree_print(p):
    jax.debug.print("params {p}", p=p)
    jax.debug.print("a={a} b={b[0]}", a=p["a"], b=p["b"])
    return p["a"] * 2


jax.jit(tree_print)({"a": jnp.ones(2), "b": (jnp.int32(3), 4.0)})
jax.debug.print("{:.3f} and {x:>6.2f}", jnp.float32(3.14159), x=jnp.float32(2.5))
jax.debug.print("{} {}", *jnp.arange(2))


def show(*args):
    print("callback got", [a.shape for a in jax.tree.leaves(args)])


jax.jit(lambda x: jax.debug.callback(show, x, {"y": x[:1]}))(jnp.ones(3))


def body(i, c):
    jax.debug.print("step {i}: {c}", i=i, c=c)
    return c * 2


print(lax.fori_loop(0, 3, body, 1.0))
print(lax.cond(True, lambda x: (jax.debug.print("true branch {}", x), x)[1], lambda x: x, 5.0))


def scan_step(c, x):
    jax.debug.print("c={} x={}", c, x)
    return c + x, c


print(lax.scan(scan_step, 0, jnp.arange(3)))
jax.vmap(lambda x, y: jax.debug.print("pair {} {}", x, y), in_axes=(0, None))(jnp.arange(2), 9)
