# "Control flow and logical operators with JIT": Python control flow under jit / grad, static
# arguments, the error of branching on a tracer, lax.cond / switch / while_loop / fori_loop /
# scan with their jaxprs' shapes, differentiability of each, logical operators, and jnp.where /
# lax.select / lax.select_n
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import grad, jit, lax


def f(x):
    if x < 3:
        return 3.0 * x**2
    else:
        return -4 * x


print(grad(f)(2.0), grad(f)(4.0))
try:
    jit(f)(2.0)
except jax.errors.TracerBoolConversionError as e:
    print(type(e).__name__, "Attempted boolean conversion" in str(e))
print(jit(f, static_argnums=(0,))(2.0))


def g(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


print(jit(g, static_argnames="n")(10, 20))
try:
    jit(g)(10, 20)
except Exception as e:
    print(type(e).__name__)


def example_fun(length, val):
    return jnp.ones((length,)) * val


print(example_fun(5, 4))
try:
    jit(example_fun)(10, 4)
except Exception as e:
    print(type(e).__name__)
good_example_jit = jit(example_fun, static_argnums=(0,))
print(good_example_jit(10, 4), good_example_jit(5, 4))


@jit
def f2(x):
    print(x)
    y = 2 * x
    print(y)
    return y


f2(2)


@jit
def f3(x):
    print(x)
    y = 2 * x
    jax.debug.print("{}", y)
    return y


f3(2)

operand = jnp.array([0.0])
print(lax.cond(True, lambda x: x + 1, lambda x: x - 1, operand))
print(lax.cond(False, lambda x: x + 1, lambda x: x - 1, operand))
branches = [lambda x: x - 1, lambda x: x, lambda x: x + 1]
for i in (0, 1, 2, 5, -1):
    print(lax.switch(i, branches, operand))
init_val = 0
cond_fun = lambda x: x < 10
body_fun = lambda x: x + 1
print(lax.while_loop(cond_fun, body_fun, init_val))
body_fun2 = lambda i, x: x + i
print(lax.fori_loop(0, 10, body_fun2, 0), lax.fori_loop(0, 10, body_fun2, 0.0))
print(lax.scan(lambda c, x: (c + x, c * x), 0.0, jnp.arange(5.0)))


def with_cond(x):
    return lax.cond(x > 0, lambda y: y**2, lambda y: -y, x)


print(grad(with_cond)(3.0), grad(with_cond)(-3.0), jax.vmap(grad(with_cond))(jnp.array([-1.0, 2.0])))
print(grad(lambda x: lax.fori_loop(0, 3, lambda i, c: c * x, 1.0))(2.0))
try:
    grad(lambda x: lax.while_loop(lambda c: c < 10, lambda c: c * x, 1.0))(2.0)
except Exception as e:
    print(type(e).__name__, "Reverse-mode differentiation does not work" in str(e))
print(jax.jvp(lambda x: lax.while_loop(lambda c: c < 10, lambda c: c * x, 1.0), (2.0,), (1.0,)))
try:
    grad(lambda x: lax.fori_loop(0, jnp.int32(x), lambda i, c: c * 2.0, x))(2.0)
except Exception as e:
    print(type(e).__name__)


def multiply_add(x, y, z):
    return jnp.where(x > 0, x * y, z)


print(jax.make_jaxpr(multiply_add)(1.0, 2.0, 3.0))
x = jnp.array([-1.0, 0.0, 2.0])
print(jnp.logical_and(x > -1, x < 2), (x > -1) & (x < 2), jnp.logical_or(x < 0, x > 1), ~(x > 0), jnp.logical_not(x))
print(jnp.logical_xor(jnp.array([True, False]), True), jnp.any(x > 1), jnp.all(x > -2))
try:
    jit(lambda x: x > 0 and x < 2)(1.0)
except Exception as e:
    print(type(e).__name__)
print(jit(lambda x: jnp.logical_and(x > 0, x < 2))(1.0))
print(lax.select(jnp.array([True, False, True]), jnp.ones(3), jnp.zeros(3)))
print(lax.select_n(jnp.array([0, 1, 2]), jnp.zeros(3), jnp.ones(3), jnp.full(3, 2.0)))
print(jnp.select([x < 0, x > 1], [x * 10, x * 100], default=-7.0))
print(jnp.piecewise(x, [x < 0, x > 1], [lambda x: -x, lambda x: x**2, 0.5]))
print(lax.cond(jnp.bool_(True), lambda a, b: (a, b + 1), lambda a, b: (b, a), 1, 2))
try:
    lax.cond(True, lambda x: x, lambda x: x.astype(jnp.int32), 1.0)
except TypeError as e:
    print("TypeError", "true_fun and false_fun output must have identical types" in str(e))
print(jax.make_jaxpr(lambda i, x: lax.switch(i, branches, x))(1, 2.0))
