# Writing custom Jaxpr interpreters: the inverse-function interpreter of the tutorial
from functools import wraps
import jax
import jax.numpy as jnp
from jax import lax
from jax.extend import core
from jax import make_jaxpr


def f(x):
    return jnp.exp(jnp.tanh(x))


closed_jaxpr = make_jaxpr(f)(jnp.ones(5))
print(closed_jaxpr.jaxpr)
print(closed_jaxpr.literals)
jaxpr = closed_jaxpr.jaxpr
print("invars:", [v.aval for v in jaxpr.invars])
print("outvars:", [v.aval for v in jaxpr.outvars])
print("constvars:", jaxpr.constvars)
for eqn in jaxpr.eqns:
    print("equation:", len(eqn.invars), eqn.primitive, [v.aval for v in eqn.outvars])


def eval_jaxpr(jaxpr, consts, *args):
    env = {}

    def read(var):
        if type(var) is core.Literal:
            return var.val
        return env[var]

    def write(var, val):
        env[var] = val

    for v, c in zip(jaxpr.constvars, consts):
        write(v, c)
    for v, a in zip(jaxpr.invars, args):
        write(v, a)
    for eqn in jaxpr.eqns:
        invals = [read(v) for v in eqn.invars]
        outvals = eqn.primitive.bind(*invals, **eqn.params)
        if not eqn.primitive.multiple_results:
            outvals = [outvals]
        for v, val in zip(eqn.outvars, outvals):
            write(v, val)
    return [read(v) for v in jaxpr.outvars]


closed_jaxpr = make_jaxpr(f)(jnp.ones(5))
print(eval_jaxpr(closed_jaxpr.jaxpr, closed_jaxpr.literals, jnp.ones(5)))

inverse_registry = {}
inverse_registry[lax.exp_p] = jnp.log
inverse_registry[lax.tanh_p] = jnp.arctanh


def inverse(fun):
    @wraps(fun)
    def wrapped(*args, **kwargs):
        closed_jaxpr = make_jaxpr(fun)(*args, **kwargs)
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

    for v, val in zip(jaxpr.outvars, args):
        write(v, val)
    for v, c in zip(jaxpr.constvars, consts):
        write(v, c)
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
print(f_inv(f(1.0)))
print(jnp.allclose(f_inv(f(jnp.array([0.1, 0.5]))), jnp.array([0.1, 0.5]), atol=1e-5))
print(jax.jit(inverse(f))(f(0.3)))
print(jax.vmap(inverse(f))(f(jnp.array([0.1, 0.2]))))
print(make_jaxpr(inverse(f))(f(1.)))
print(jax.grad(inverse(f))(2.))
try:
    inverse(jnp.sin)(0.5)
except NotImplementedError as e:
    print(e)
