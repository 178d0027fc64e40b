# "Control flow and logical operators with JIT": Python control flow under jit and its errors,
# static_argnames, lax.cond / switch / while_loop / fori_loop / scan with their differentiability,
# logical operators (and / or / not on tracers vs jnp.logical_*), lax.select_n, jnp.where /
# jnp.piecewise / jnp.select
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def f(x):
    for i in range(3):
        x = 2 * x
    return x


print(f(3))


@jax.jit
def g(x):
    y = 0.
    for i in range(x.shape[0]):
        y = y + x[i]
    return y


print(g(jnp.array([1., 2., 3.])))


def f(x):
    if x < 3:
        return 3. * x ** 2
    else:
        return -4 * x


print(jax.grad(f)(2.))
print(jax.grad(f)(4.))
try:
    jax.jit(f)(2.)
except jax.errors.TracerBoolConversionError as e:
    print(type(e).__name__)
f_jit = jax.jit(f, static_argnums=0)
print(f_jit(2.))
f_jit = jax.jit(f, static_argnames='x')
print(f_jit(x=2.))


def example_fun(length, val):
    return jnp.ones((length,)) * val


print(example_fun(5, 4))
try:
    jax.jit(example_fun)(10, 4)
except Exception as e:
    print(type(e).__name__)
good = jax.jit(example_fun, static_argnums=(0,))
print(good(10, 4))
print(good(5, 4))


@jax.jit
def h(x):
    print(x)
    y = 2 * x
    print(y)
    return y


h(2)

operand = jnp.array([0.])
print(lax.cond(True, lambda x: x + 1, lambda x: x - 1, operand))
print(lax.cond(False, lambda x: x + 1, lambda x: x - 1, operand))
print(lax.switch(1, [lambda x: x + 1, lambda x: x * 10, lambda x: -x], 5.))
print(lax.switch(7, [lambda x: x + 1, lambda x: x * 10], 5.))
print(lax.switch(-3, [lambda x: x + 1, lambda x: x * 10], 5.))
init_val = 0
cond_fun = lambda x: x < 10
body_fun = lambda x: x + 1
print(lax.while_loop(cond_fun, body_fun, init_val))
print(lax.fori_loop(0, 3, lambda i, x: x + i, 0))
print(jax.grad(lambda x: lax.fori_loop(0, 3, lambda i, c: c * x, 1.))(2.))
try:
    jax.grad(lambda x: lax.while_loop(lambda c: c < 10., lambda c: c * x, 1.))(2.)
except ValueError as e:
    print(type(e).__name__)


def python_logic(x):
    return x > 0 and x < 10


print(python_logic(5))
try:
    jax.jit(python_logic)(5)
except jax.errors.TracerBoolConversionError as e:
    print(type(e).__name__)


@jax.jit
def jnp_logic(x):
    return jnp.logical_and(x > 0, x < 10)


print(jnp_logic(jnp.array([-1, 5, 11])))
print(jax.jit(lambda x: (x > 0) & (x < 10) | ~(x == 5))(jnp.arange(-2, 12, 3)))
print(jnp.logical_or(jnp.array([True, False]), jnp.array([False, False])))
print(jnp.logical_not(jnp.array([1, 0, 2])))
print(jnp.logical_xor(jnp.array([1, 0]), jnp.array([1, 1])))
x = jnp.linspace(-2, 2, 5)
print(jnp.where(x > 0, x, 0))
print(jnp.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v ** 2]))
print(jnp.select([x < -1, x > 1], [x * 10, x * 100], default=-1))
print(lax.select_n(jnp.array([0, 1, 2, 1, 0]), x, -x, 2 * x))
print(jax.grad(lambda v: jnp.where(v > 0, v ** 2, jnp.sin(v)).sum())(x))
print(jax.vmap(lambda p, v: lax.cond(p, jnp.sin, jnp.cos, v))(jnp.array([True, False]), jnp.array([1., 1.])))
print(jax.make_jaxpr(lambda p, v: lax.cond(p, jnp.sin, jnp.cos, v))(True, 1.))
print(jax.make_jaxpr(lambda i, v: lax.switch(i, [jnp.sin, jnp.cos, jnp.tan], v))(1, 1.))
try:
    lax.cond(True, lambda x: x, lambda x: x.astype(jnp.int32), 1.)
except TypeError as e:
    print(type(e).__name__)
try:
    lax.cond(jnp.array([True, False]), lambda: 1., lambda: 2.)
except TypeError as e:
    print(type(e).__name__)
