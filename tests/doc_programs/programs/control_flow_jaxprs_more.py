# Printed jaxprs of lax control flow with pytrees, consts and transformations
import jax
import jax.numpy as jnp
from jax import lax


def cumulative(xs):
    def step(carry, x):
        total, count = carry
        return (total + x, count + 1), total * x
    return lax.scan(step, (0., 0), xs)


print(jax.make_jaxpr(cumulative)(jnp.arange(3.)))
print(jax.make_jaxpr(lambda xs: lax.scan(lambda c, x: (c * 2, None), 1., xs, reverse=True))(jnp.ones(4)))
print(jax.make_jaxpr(lambda: lax.scan(lambda c, _: (c + 1, c), 0, None, length=3))())
print(jax.make_jaxpr(lambda n: lax.fori_loop(0, n, lambda i, v: v + i, 0))(5))
print(jax.make_jaxpr(lambda x: lax.fori_loop(0, 3, lambda i, v: v * x, 1.))(2.))
print(jax.make_jaxpr(lambda x: lax.while_loop(lambda s: s[0] < 10, lambda s: (s[0] + 1, s[1] * x), (0, 1.)))(2.))
print(jax.make_jaxpr(lambda p, x: lax.cond(p, lambda a: a + 1., lambda a: a * 2., x))(True, 1.))
print(jax.make_jaxpr(lambda i, x: lax.switch(i, [jnp.sin, jnp.cos, lambda v: v], x))(1, 1.))
print(jax.make_jaxpr(lambda x: lax.cond(x > 0, lambda: {"a": x, "b": 2 * x}, lambda: {"a": -x, "b": x}))(1.))
w = jnp.arange(3.)
print(jax.make_jaxpr(lambda x: lax.cond(x.sum() > 0, lambda v: v * w, lambda v: v, x))(jnp.ones(3)))
print(jax.make_jaxpr(lambda xs: lax.map(lambda v: v ** 2, xs))(jnp.ones(3)))
print(jax.make_jaxpr(lambda x: lax.scan(lambda c, v: (c + v, c), 0., x, unroll=2))(jnp.ones(4)))
