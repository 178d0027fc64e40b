# Writing custom Jaxpr interpreters
import numpy as np
import jax
import jax.numpy as jnp
from jax import jit, grad, vmap
from jax import random
from jax import lax
from jax.extend import core
from functools import wraps

x = random.normal(random.key(0), (5000, 5000))


def f(w, b, x):
    return jnp.tanh(jnp.dot(x, w) + b)


fast_f = jit(f)


def examine_jaxpr(closed_jaxpr):
    jaxpr = closed_jaxpr.jaxpr
    print("invars:", jaxpr.invars)
    print("outvars:", jaxpr.outvars)
    print("constvars:", jaxpr.constvars)
    for eqn in jaxpr.eqns:
        print("equation:", eqn.invars, eqn.primitive, eqn.outvars, eqn.params)
    print()
    print("jaxpr:", jaxpr)


def foo(x):
    return x + 1


print("foo")
print("=====")
examine_jaxpr(jax.make_jaxpr(foo)(5))
print()


def bar(w, b, x):
    return jnp.dot(w, x) + b + jnp.ones(5), x


print("bar")
print("=====")
examine_jaxpr(jax.make_jaxpr(bar)(jnp.ones((5, 10)), jnp.ones(5), jnp.ones(10)))


def f(x):
    return jnp.exp(jnp.tanh(x))


closed_jaxpr = jax.make_jaxpr(f)(jnp.ones(5))
print(closed_jaxpr.jaxpr)
print(closed_jaxpr.literals)


def eval_jaxpr(jaxpr, consts, *args):
    env = {}

    def read(var):
        if type(var) is core.Literal:
            return var.val
        return env[var]

    def write(var, val):
        env[var] = val

    write_all = lambda vs, xs: list(map(write, vs, xs))
    write_all(jaxpr.invars, args)
    write_all(jaxpr.constvars, consts)
    for eqn in jaxpr.eqns:
        invals = [read(v) for v in eqn.invars]
        outvals = eqn.primitive.bind(*invals, **eqn.params)
        if not eqn.primitive.multiple_results:
            outvals = [outvals]
        write_all(eqn.outvars, outvals)
    return [read(v) for v in jaxpr.outvars]


closed_jaxpr = jax.make_jaxpr(f)(jnp.ones(5))
print(eval_jaxpr(closed_jaxpr.jaxpr, closed_jaxpr.literals, jnp.ones(5)))

inverse_registry = {}
inverse_registry[lax.exp_p] = jnp.log
inverse_registry[lax.tanh_p] = jnp.arctanh


def inverse(fun):
    @wraps(fun)
    def wrapped(*args, **kwargs):
        closed_jaxpr = jax.make_jaxpr(fun)(*args, **kwargs)
        out = inverse_jaxpr(closed_jaxpr.jaxpr, closed_jaxpr.literals, *args)
        return out[0]
    return wrapped


def inverse_jaxpr(jaxpr, consts, *args):
    env = {}

    def read(var):
        if type(var) is core.Literal:
            return var.val
        return env[var]

    def write(var, val):
        env[var] = val

    write_all = lambda vs, xs: list(map(write, vs, xs))
    write_all(jaxpr.outvars, args)
    write_all(jaxpr.constvars, consts)
    for eqn in jaxpr.eqns[::-1]:
        invals = [read(v) for v in eqn.outvars]
        if eqn.primitive not in inverse_registry:
            raise NotImplementedError(f"{eqn.primitive} does not have registered inverse.")
        outval = inverse_registry[eqn.primitive](*invals)
        write(eqn.invars[0], outval)
    return [read(v) for v in jaxpr.invars]


def f(x):
    return jnp.exp(jnp.tanh(x))


f_inv = inverse(f)
print(jnp.allclose(f_inv(f(1.0)), 1.0))
print(jax.make_jaxpr(inverse(f))(f(1.)))
print(jit(vmap(grad(inverse(f))))((jnp.arange(5) + 1.) / 5.))

# jaxpr_as_fun / eval_jaxpr
from jax.extend.core import jaxpr_as_fun
cj = jax.make_jaxpr(lambda x, y: (x * y, x - y))(1., 2.)
print(jaxpr_as_fun(cj)(3., 4.))
print(len(cj.eqns), cj.in_avals, cj.out_avals)
print(jax.make_jaxpr(lambda x: lax.cond(x > 0, jnp.sin, jnp.cos, x))(1.))
print(jax.make_jaxpr(lambda x: lax.fori_loop(0, 3, lambda i, c: c * 2, x))(1.))
print(jax.make_jaxpr(jax.grad(lambda x: jnp.sin(x) * x))(1.))
print(jax.make_jaxpr(lambda x: jnp.sum(x, axis=0))(jnp.ones((2, 3))))
print(jax.make_jaxpr(lambda x: x.reshape(3, 2).T @ jnp.ones((3,)))(jnp.ones(6)))
