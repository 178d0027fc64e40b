# jax.make_jaxpr of control flow ("Control flow and logical operators with JIT" and the
# "Understanding jaxprs" doc), plus the results
import jax
import jax.numpy as jnp
from jax import lax


def f_cond(x):
    return lax.cond(x > 0, lambda v: v * 2., lambda v: v - 1., x)


print(jax.make_jaxpr(f_cond)(1.0))
print(f_cond(1.0), f_cond(-1.0))


def f_switch(i, x):
    return lax.switch(i, [jnp.sin, jnp.cos, lambda v: -v], x)


print(jax.make_jaxpr(f_switch)(1, 0.5))
print(jnp.round(f_switch(0, 0.5), 5), jnp.round(f_switch(5, 0.5), 5), f_switch(-3, 0.5))


def f_while(x):
    return lax.while_loop(lambda c: c[0] < 5, lambda c: (c[0] + 1, c[1] * 2.), (0, x))


def f_while2(x):
    return lax.while_loop(lambda c: c < 5., lambda c: c * 2., x)


print(jax.make_jaxpr(f_while)(1.0))
print(f_while(1.0))
print(jax.make_jaxpr(f_while2)(1.0))
print(f_while2(1.0))


def f_fori(x):
    return lax.fori_loop(0, 4, lambda i, v: v + i, x)


print(jax.make_jaxpr(f_fori)(1.0))
print(f_fori(1.0))


def f_scan(xs):
    return lax.scan(lambda c, x: (c + x, c * x), 0., xs)


print(jax.make_jaxpr(f_scan)(jnp.arange(3.)))
print(f_scan(jnp.arange(4.)))


def f_select(p, x):
    return lax.select(p, x, -x)


print(jax.make_jaxpr(f_select)(True, 2.0))


def f_map(xs):
    return lax.map(lambda v: v ** 2, xs)


print(jax.make_jaxpr(f_map)(jnp.arange(3.)))
print(f_map(jnp.arange(3.)))


def f_nested(x):
    def body(i, v):
        return lax.cond(i % 2 == 0, lambda u: u + 1., lambda u: u * 2., v)
    return lax.fori_loop(0, 3, body, x)


print(f_nested(1.0))
print(jnp.round(jax.grad(lambda x: lax.cond(x > 0, jnp.sin, jnp.cos, x))(1.0), 5))
print(jax.vmap(f_cond)(jnp.array([1., -1.])))
print(jax.make_jaxpr(lambda x: lax.fori_loop(0, x.shape[0], lambda i, c: c + x[i], 0.))(jnp.ones(3)))
print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c * 2, 1))(5))
try:
    jax.jit(lambda x: lax.cond(x > 0, lambda: 1., lambda: jnp.ones(2)))(1.0)
except TypeError as e:
    print(type(e).__name__)
try:
    lax.while_loop(lambda c: c < 3, lambda c: c + 1., 0)
except TypeError as e:
    print(type(e).__name__)
print(jax.make_jaxpr(lambda x: jnp.logical_and(x > 0, x < 1) | (x == 5))(1.0))
print(lax.cond(True, lambda: "static-free", lambda: "other") if False else lax.cond(jnp.bool_(True), lambda: 1, lambda: 2))
