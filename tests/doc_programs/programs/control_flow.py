# Control flow and logical operators with JIT
import jax
import jax.numpy as jnp
from jax import grad, jit, lax
from functools import partial
import numpy as np


def f(x):
    if x < 3:
        return 3. * x ** 2
    else:
        return -4 * x


print(grad(f)(2.))
print(grad(f)(4.))


@jit
def f2(x):
    for i in range(3):
        x = 2 * x
    return x


print(f2(3))


@jit
def g(x):
    y = 0.
    for i in range(x.shape[0]):
        y = y + x[i]
    return y


print(g(jnp.array([1., 2., 3.])))


@jit
def fj(x):
    if x < 3:
        return 3. * x ** 2
    else:
        return -4 * x


try:
    fj(2)
except Exception as e:
    print(type(e).__name__)


def fs(x):
    if x < 3:
        return 3. * x ** 2
    else:
        return -4 * x


fs = jit(fs, static_argnames='x')
print(fs(2.))


def example_fun(length, val):
    return jnp.ones((length,)) * val


print(example_fun(5, 4))
bad_example_jit = jit(example_fun)
try:
    bad_example_jit(10, 4)
except Exception as e:
    print(type(e).__name__)
good_example_jit = jit(example_fun, static_argnames='length')
print(good_example_jit(10, 4))
print(good_example_jit(5, 4))


@jit
def fp(x):
    print(x)
    y = 2 * x
    print(y)
    return y


fp(2)


def while_loop_helper(x, n):
    i = 0
    while i < n:
        x = x + x
        i += 1
    return x


print(jit(while_loop_helper, static_argnames='n')(1., 3))


def fz(x, n):
    y = 0.
    for i in range(n):
        y = y + x[i]
    return y


fz = jit(fz, static_argnames='n')
print(fz(jnp.array([2., 3., 4.]), 2))


def fb(x):
    return x * jnp.array(x.shape).prod()


print(jit(fb)(jnp.ones((2, 3))))

# lax.cond
operand = jnp.array([0.])
print(lax.cond(True, lambda x: x+1, lambda x: x-1, operand))
print(lax.cond(False, lambda x: x+1, lambda x: x-1, operand))
# lax.switch
index = 2
branches = [lambda x: x-1, lambda x: x, lambda x: x+1]
print(lax.switch(index, branches, operand))
print(lax.switch(5, branches, operand))
print(lax.switch(-3, branches, operand))

init_val = 0
cond_fun = lambda x: x < 10
body_fun = lambda x: x+1
print(lax.while_loop(cond_fun, body_fun, init_val))
print(lax.fori_loop(0, 3, lambda i, x: x+i, init_val))


def sum_loop(xs):
    def body(carry, x):
        return carry + x, carry
    return lax.scan(body, 0., xs)


print(sum_loop(jnp.arange(5.)))
print(jax.grad(lambda xs: sum_loop(xs)[0])(jnp.arange(5.)))
print(lax.fori_loop(0, 5, lambda i, c: c * 2, 1.0))
print(jax.grad(lambda x: lax.fori_loop(0, 5, lambda i, c: c * x, 1.0))(2.0))
try:
    jax.grad(lambda x: lax.while_loop(lambda c: c < 10., lambda c: c * x, 1.0))(2.0)
except Exception as e:
    print(type(e).__name__)
try:
    jax.grad(lambda x, n: lax.fori_loop(0, n, lambda i, c: c * x, 1.0))(2.0, jnp.array(3))
except Exception as e:
    print(type(e).__name__)

# logical operators
def logical_and_bad(x):
    return (x > 0) and (x < 10)


try:
    jit(logical_and_bad)(5.)
except Exception as e:
    print(type(e).__name__)
try:
    logical_and_bad(jnp.array([1., 2.]))
except Exception as e:
    print(type(e).__name__)
print(jnp.logical_and(jnp.array([1., 2.]) > 0, jnp.array([1., 2.]) < 10))
print(jit(lambda x: (x > 0) & (x < 10))(jnp.array([1., 20.])))
print(jnp.where(jnp.array([True, False]), 1, 2))
print(lax.select(jnp.array([True, False]), jnp.array([1, 2]), jnp.array([3, 4])))

# cond with pytrees and operands
print(lax.cond(jnp.array(3) > 2, lambda a, b: (a + b, a), lambda a, b: (a - b, b), 1., 2.))
try:
    lax.cond(True, lambda x: x, lambda x: x.astype(jnp.int32), 1.)
except Exception as e:
    print(type(e).__name__)
try:
    lax.while_loop(lambda c: c < 3, lambda c: c + 1.0, 0)
except Exception as e:
    print(type(e).__name__)
try:
    lax.scan(lambda c, x: (c + x, None), 0, jnp.arange(3.))
except Exception as e:
    print(type(e).__name__)
