# "JAX internals: the jaxpr language" / "Understanding jaxprs": make_jaxpr of simple
# functions, constvars, cond / while / scan / pjit / custom_jvp / xla_call equations,
# jaxpr objects' fields (invars, outvars, eqns, effects), closed jaxprs and literals,
# pretty printing with return_shape and static_argnums
import jax
import jax.extend
import jax.numpy as jnp
from jax import lax, make_jaxpr


def func1(first, second):
    temp = first + jnp.sin(second) * 3.
    return jnp.sum(temp)


print(make_jaxpr(func1)(jnp.zeros(8), jnp.ones(8)))


def func2(inner, first, second):
    temp = first + inner(second) * 3.
    return jnp.sum(temp)


def inner(second):
    if second.shape[0] > 4:
        return jnp.sin(second)
    else:
        assert False


def func3(first, second):
    return func2(inner, first, second)


print(make_jaxpr(func3)(jnp.zeros(8), jnp.ones(8)))


def func4(arg):
    temp = arg[0] + jnp.sin(arg[2]) * 3.
    return jnp.sum(temp)


print(make_jaxpr(func4)((jnp.zeros(8), jnp.ones(1), jnp.ones(8))))


def func5(first, second):
    temp = first + jnp.sin(second) * 3. - jnp.ones(8)
    return temp


def func6(first):
    return func5(first, jnp.ones(8))


print(make_jaxpr(func6)(jnp.ones(8)))


def one_of_three(index, arg):
    return lax.switch(index, [lambda x: x + 1., lambda x: x - 2., lambda x: x + 3.], arg)


print(make_jaxpr(one_of_three)(1, 5.))


def func7(arg):
    return lax.cond(arg >= 0., lambda xtrue: xtrue + 3., lambda xfalse: xfalse - 3., arg)


print(make_jaxpr(func7)(5.))


def func8(arg1, arg2):
    return lax.cond(arg1 >= 0., lambda xtrue: xtrue[0], lambda xfalse: jnp.array([1]) + xfalse[1], arg2)


print(make_jaxpr(func8)(5., (jnp.zeros(1), 2.)))


def func10(arg, n):
    ones = jnp.ones(arg.shape)
    return lax.fori_loop(0, n, lambda i, carry: carry + ones * 3. + arg, arg + ones)


print(make_jaxpr(func10)(jnp.ones(16), 5))


def func11(arr, extra):
    ones = jnp.ones(arr.shape)

    def body(carry, aelems):
        ae1, ae2 = aelems
        return (carry + ae1 * ae2 + extra, carry)

    return lax.scan(body, 0., (arr, ones))


print(make_jaxpr(func11)(jnp.ones(16), 5.))


def func12(arg):
    @jax.jit
    def inner(x):
        return x + arg * jnp.ones(1)
    return arg + inner(arg - 2.)


print(make_jaxpr(func12)(1.))
closed = make_jaxpr(func1)(jnp.zeros(8), jnp.ones(8))
print(len(closed.jaxpr.invars), len(closed.jaxpr.outvars), closed.consts)
print([e.primitive.name for e in closed.jaxpr.eqns])
print(closed.in_avals, closed.out_avals)
print(closed.eqns[0].primitive.name, closed.eqns[0].primitive.multiple_results)
j, shape = make_jaxpr(lambda x: (x * 2, x.sum()), return_shape=True)(jnp.ones(3))
print(shape)
print(make_jaxpr(lambda x, n: x * n, static_argnums=1)(jnp.ones(2), 3))
print(jax.core.jaxpr_as_fun(closed)(jnp.zeros(8), jnp.ones(8)) if hasattr(jax.core, "jaxpr_as_fun") else "no jaxpr_as_fun")
print(jax.extend.core.jaxpr_as_fun(closed)(jnp.zeros(8), jnp.ones(8)))
print(make_jaxpr(lambda x: jnp.where(x > 0, x, 0.) + jnp.float32(2))(jnp.ones(2)))
print(make_jaxpr(jax.grad(lambda x: jnp.tanh(x) * x))(1.))
print(make_jaxpr(jax.vmap(lambda x, y: jnp.dot(x, y)))(jnp.ones((3, 4)), jnp.ones((3, 4))))
