# jax.debug docstrings: debug.print formatting (positional, keyword, format specs, ordered),
# debug.callback with pytrees, inside vmap / scan / cond / grad; jax.named_scope and
# jax.named_call in jaxprs; jax.debug.breakpoint is left out (interactive)
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def f(x):
    jax.debug.print("x: {}", x)
    y = jnp.sin(x)
    jax.debug.print("y: {y}, x+1: {z}", y=y, z=x + 1)
    jax.debug.print("fmt {x:.3f} {n}", x=y[0], n=3)
    return y


f(jnp.arange(2.))
jax.vmap(lambda v: jax.debug.print("vmapped {}", v))(jnp.arange(3))


def body(carry, v):
    jax.debug.print("carry {c} v {v}", c=carry, v=v, ordered=True)
    return carry + v, carry


print(jax.jit(lambda xs: lax.scan(body, 0, xs))(jnp.arange(3)))
lax.cond(True, lambda v: jax.debug.print("true {}", v), lambda v: jax.debug.print("false {}", v), 7)


def show(tree):
    print("callback:", jax.tree.map(lambda a: a.tolist(), tree))


@jax.jit
def g(x):
    jax.debug.callback(show, {"x": x, "twice": 2 * x})
    return x.sum()


print(g(jnp.arange(3)))


def h(x):
    jax.debug.print("primal {}", x)
    return x ** 2


print(jax.grad(h)(3.0))
print(jax.jit(lambda x: jax.debug.print("{} and {}", x, [x, x]) or x)(jnp.int32(5)))


@jax.named_scope("outer")
def scoped(x):
    with jax.named_scope("inner"):
        return jnp.tanh(x) * 2


print(jax.jit(scoped)(1.0))
print(jax.make_jaxpr(jax.named_call(lambda x: x + 1, name="plus_one"))(1.0))
print("outer/inner" in jax.jit(scoped).lower(1.0).as_text(debug_info=True))
print(jax.debug.print.__name__, callable(jax.debug.callback))
