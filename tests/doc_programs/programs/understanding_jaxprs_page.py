# "Understanding jaxprs" end to end: closures and constants, pytrees in and out, nested jit,
# cond / while / scan / fori jaxprs with consts, custom_jvp / custom_vjp calls, and the jaxpr API
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

def func1(first, second):
    temp = first + jnp.sin(second) * 3.
    return jnp.sum(temp)
print(jax.make_jaxpr(func1)(jnp.zeros(8), jnp.ones(8)))

def func2(inner, first, second):
    temp = first + inner(second) * 3.
    return jnp.sum(temp)
def inner(second):
    if second.shape[0] > 4:
        return jnp.sin(second)
    else:
        assert False
print(jax.make_jaxpr(lambda f, s: func2(inner, f, s))(jnp.zeros(8), jnp.ones(8)))

def func3(arg1, arg2):
    return {"sum": arg1["a"] + arg2, "prod": arg1["b"] * arg2}
print(jax.make_jaxpr(func3)({"a": 1., "b": jnp.ones(3)}, 2.))

const = np.arange(4.)
print(jax.make_jaxpr(lambda x: x * const + 1.)(jnp.ones(4)))
print(jax.make_jaxpr(lambda x: jax.jit(lambda y: y * 2., )(x) + 1.)(3.))

def one_of_three(index, arg):
    return lax.switch(index, [lambda x: x + 1., lambda x: x - 2., lambda x: x + const[0]], arg)
print(jax.make_jaxpr(one_of_three)(1, 5.))

def func7(arg):
    return lax.cond(arg >= 0., lambda xtrue: xtrue + 3., lambda xfalse: xfalse - 3., arg)
print(jax.make_jaxpr(func7)(5.))

def func10(arg, n):
    ones = jnp.ones(arg.shape)
    return lax.fori_loop(0, n, lambda i, carry: carry + ones * 3. + arg, arg + ones)
print(jax.make_jaxpr(func10)(np.ones(16), 5))

def func11(arr, extra):
    ones = jnp.ones(arr.shape)
    def body(carry, aelems):
        ae1, ae2 = aelems
        return (carry + ae1 * ae2 + extra, carry)
    return lax.scan(body, 0., (arr, ones))
print(jax.make_jaxpr(func11)(np.ones(16), 5.))

@jax.custom_jvp
def f(x):
    return jnp.sin(x)
f.defjvp(lambda p, t: (f(p[0]), 2. * t[0]))
print(jax.make_jaxpr(f)(1.))
print(jax.make_jaxpr(jax.grad(f))(1.))

@jax.custom_vjp
def g(x):
    return x * 3.
g.defvjp(lambda x: (g(x), x), lambda r, ct: (ct * r,))
print(jax.make_jaxpr(g)(1.))
print(jax.make_jaxpr(jax.grad(g))(2.))

closed = jax.make_jaxpr(func1)(jnp.zeros(3), jnp.ones(3))
jaxpr = closed.jaxpr
print(len(jaxpr.invars), len(jaxpr.outvars), len(jaxpr.eqns), closed.consts)
print([e.primitive.name for e in jaxpr.eqns])
print([str(v.aval) for v in jaxpr.invars], closed.in_avals, closed.out_avals)
print(jax.core.eval_jaxpr(closed.jaxpr, closed.consts, jnp.zeros(3), jnp.ones(3)))
print(jax.make_jaxpr(func1, return_shape=True)(jnp.zeros(2), jnp.ones(2))[1])
print(jax.make_jaxpr(lambda x: x.T @ x)(jax.ShapeDtypeStruct((3, 2), jnp.float32)))
print(jax.make_jaxpr(lambda x, y: x + y, static_argnums=1)(1., 2))
