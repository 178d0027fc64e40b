# make_jaxpr printouts from "JAX internals: the jaxpr language": literals and constvars, pjit
# nesting, static_argnums, return_shape, abstracted axes, custom_jvp / custom_vjp calls,
# while / scan / cond, pytree inputs, and jaxpr objects' attributes
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def func1(first, second):
    temp = first + jnp.sin(second) * 3.0
    return jnp.sum(temp)


print(jax.make_jaxpr(func1)(jnp.zeros(8), jnp.ones(8)))
c = jnp.arange(3.0)
print(jax.make_jaxpr(lambda x: x + c)(jnp.ones(3)))
print(jax.make_jaxpr(lambda x: jax.jit(lambda y: y * 2)(x) + 1)(1.0))
print(jax.make_jaxpr(lambda x, n: x ** n, static_argnums=1)(2.0, 3))
closed, shape = jax.make_jaxpr(lambda d: {"s": d["a"].sum(), "t": d["b"].T}, return_shape=True)({"a": jnp.ones(2), "b": jnp.ones((2, 3))})
print(closed)
print(shape)
print(closed.jaxpr.invars, closed.jaxpr.outvars, closed.consts, closed.in_avals, closed.out_avals)
print([e.primitive.name for e in closed.jaxpr.eqns])
print(jax.make_jaxpr(lambda x: lax.while_loop(lambda c: c[0] < 10, lambda c: (c[0] + 1, c[1] * x), (0, 1.0)))(2.0))
print(jax.make_jaxpr(lambda xs: lax.scan(lambda c, x: (c + x, c * x), 0.0, xs))(jnp.ones(3)))
print(jax.make_jaxpr(lambda p, x: lax.cond(p, lambda x: x + 1, lambda x: x - 1, x))(True, 1.0))


@jax.custom_jvp
def f(x):
    return jnp.sin(x)


f.defjvp(lambda p, t: (f(p[0]), jnp.cos(p[0]) * t[0]))
print(jax.make_jaxpr(f)(1.0))
print(jax.make_jaxpr(jax.grad(f))(1.0))


@jax.custom_vjp
def g(x):
    return x * 2


g.defvjp(lambda x: (x * 2, None), lambda _, ct: (ct * 2,))
print(jax.make_jaxpr(g)(1.0))
print(jax.make_jaxpr(jax.vmap(lambda x: x @ x.T))(jnp.ones((2, 3, 4))))
print(jax.make_jaxpr(lambda x: x.astype(jnp.int32) + 1)(1.5))
print(jax.make_jaxpr(lambda x: jnp.where(x > 0, x, 0.0))(jnp.ones(2)))
print(jax.make_jaxpr(lambda x: x[1:, ::2])(jnp.ones((3, 4))))
print(jax.make_jaxpr(lambda x: jnp.dot(x, x, preferred_element_type=jnp.float32))(jnp.ones((2, 2), jnp.bfloat16)))
