# "JAX internals: the jaxpr language" / "Understanding jaxprs": make_jaxpr of functions with
# constants, Python control flow unrolled, lax.cond / while_loop / scan / fori_loop, pjit
# calls, custom_jvp / custom_vjp, pytree inputs and outputs, static arguments, and the
# ClosedJaxpr's parts (jaxpr, consts, in_avals, out_avals, eqns and their primitives / params)
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def func1(first, second):
    temp = first + jnp.sin(second) * 3.0
    return jnp.sum(temp)


print(jax.make_jaxpr(func1)(np.zeros(8), np.ones(8)))


def func5(first, second):
    temp = first + np.sin(second) * 3.0 - jnp.ones(8)
    return temp


print(jax.make_jaxpr(func5)(jnp.zeros(8), np.ones(8)))


def func7(arg):
    return lax.cond(arg >= 0.0, lambda x: x + 3.0, lambda x: x - 3.0, arg)


print(jax.make_jaxpr(func7)(5.0))


def func8(arg1, arg2):
    return lax.cond(arg1 >= 0.0, lambda t: t[0] + 3.0, lambda t: t[1] - 3.0, (arg2, arg1))


print(jax.make_jaxpr(func8)(5.0, (jnp.zeros(1), 2.0)))


def func10(arg, n):
    ones = jnp.ones(arg.shape)
    return lax.fori_loop(0, n, lambda i, carry: carry + ones * 3.0 + arg, arg + ones)


print(jax.make_jaxpr(func10)(np.ones(16), 5))


def func11(arr, extra):
    ones = jnp.ones(arr.shape)

    def body(carry, ae1):
        ae1, ae2 = ae1
        return carry + ae2, ae1 * extra

    return lax.scan(body, 0.0, (arr, ones))


print(jax.make_jaxpr(func11)(np.ones(16), 5.0))


def func12(arg):
    @jax.jit
    def inner(x):
        return x + arg * jnp.ones(1)

    return arg + inner(arg - 2.0)


print(jax.make_jaxpr(func12)(1.0))


def unrolled(x):
    for i in range(3):
        x = x * (i + 1)
    return x


print(jax.make_jaxpr(unrolled)(1.0))
print(jax.make_jaxpr(functools.partial(unrolled))(jnp.int32(2)))
print(jax.make_jaxpr(lambda x, n: x**n, static_argnums=1)(2.0, 3))


@jax.custom_jvp
def softplus(x):
    return jnp.log1p(jnp.exp(x))


softplus.defjvp(lambda p, t: (softplus(p[0]), t[0] * jax.nn.sigmoid(p[0])))
print(jax.make_jaxpr(softplus)(1.0))
print(jax.make_jaxpr(jax.grad(softplus))(1.0))

closed = jax.make_jaxpr(lambda d: {"s": d["a"] * 2 + 1, "t": d["b"].T})(
    {"a": jnp.ones(2), "b": jnp.ones((2, 3), jnp.int32)}
)
print(closed.in_avals, closed.out_avals)
print(closed.consts, len(closed.jaxpr.invars), len(closed.jaxpr.outvars))
for eqn in closed.jaxpr.eqns:
    print(eqn.primitive.name, [str(v.aval) for v in eqn.invars], sorted(eqn.params))
out_shape = jax.make_jaxpr(lambda x: (x, x.sum()), return_shape=True)(jnp.ones(3))[1]
print(out_shape)
print(jax.make_jaxpr(lambda x: jnp.where(x > 0, x, jnp.zeros_like(x)))(jnp.arange(3.0)))
