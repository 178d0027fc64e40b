# "Control flow and logical operators with JIT": Python control flow under jit with
# static_argnums / static_argnames, lax.cond / switch / while_loop / fori_loop / scan,
# their differentiability (grad of while_loop refused), jnp.where vs cond, logical
# operators on arrays, and the ConcretizationTypeError of branching on a tracer
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def f(x):
    if x < 3:
        return 3.0 * x**2
    return -4 * x


print(jax.grad(f)(2.0), jax.grad(f)(4.0))
try:
    jax.jit(f)(2.0)
except jax.errors.ConcretizationTypeError as e:
    print(type(e).__name__)
f_jit = jax.jit(f, static_argnums=0)
print(f_jit(2.0), f_jit(4.0))


def g(x, n):
    y = 0.0
    for i in range(n):
        y = y + x[i]
    return y


g_jit = jax.jit(g, static_argnames="n")
print(g_jit(jnp.arange(10.0), 5), g_jit(jnp.arange(10.0), n=7))


def example_fun(length, val):
    return jnp.ones((length,)) * val


try:
    jax.jit(example_fun)(5, 4)
except TypeError as e:
    print(type(e).__name__)
good_example_jit = jax.jit(example_fun, static_argnums=(0,))
print(good_example_jit(10, 4))
print(good_example_jit(5, 4))

operand = jnp.array([0.0])
print(lax.cond(True, lambda x: x + 1, lambda x: x - 1, operand))
print(lax.cond(False, lambda x: x + 1, lambda x: x - 1, operand))
branches = [lambda x: x * 0, lambda x: x + 10, lambda x: x**2]
print([lax.switch(i, branches, 3.0) for i in range(-1, 5)])
print(jax.jit(lambda i, x: lax.switch(i, branches, x))(2, 4.0))

init_val = 0
cond_fun = lambda x: x < 10
body_fun = lambda x: x + 1
print(lax.while_loop(cond_fun, body_fun, init_val))
print(lax.fori_loop(0, 5, lambda i, x: x + i, 0))
print(lax.fori_loop(0, 5, lambda i, x: x * 2.0, jnp.float32(1)))


def cumsum_scan(carry, x):
    carry = carry + x
    return carry, carry


print(lax.scan(cumsum_scan, 0.0, jnp.arange(5.0)))
print(lax.scan(lambda c, x: (c * x, c), 1.0, jnp.arange(1.0, 5.0), reverse=True))
print(lax.scan(lambda c, _: (c + 1, c**2), 0, None, length=4))

print(jax.grad(lambda x: lax.cond(x > 0, jnp.sin, jnp.cos, x))(1.0))
print(jax.grad(lambda x: lax.fori_loop(0, 3, lambda i, c: c * x, 1.0))(2.0))
print(jax.grad(lambda x: lax.scan(lambda c, _: (c * x, None), 1.0, None, length=3)[0])(2.0))
try:
    jax.grad(lambda x: lax.while_loop(lambda c: c < 10.0, lambda c: c * x, 1.0))(2.0)
except ValueError as e:
    print(type(e).__name__)
print(jax.jvp(lambda x: lax.while_loop(lambda c: c < 10.0, lambda c: c * x, 1.0), (2.0,), (1.0,)))

x = jnp.array([-1.0, 0.5, 2.0, -3.0])
print(jnp.where(x > 0, jnp.sqrt(jnp.abs(x)), x**2))
print(jnp.logical_and(x > -2, x < 1), jnp.logical_or(x > 1, x < -2), jnp.logical_not(x > 0))
print((x > 0) & (x < 1), (x > 0) | (x < -2), ~(x > 0))
print(jnp.any(x > 1), jnp.all(x < 3))
try:
    jax.jit(lambda x: x if x.sum() > 0 else -x)(x)
except jax.errors.TracerBoolConversionError as e:
    print(type(e).__name__)
try:
    jax.jit(lambda x: (x > 0) and (x < 1))(x)
except (ValueError, jax.errors.TracerBoolConversionError) as e:
    print(type(e).__name__)


def while_with_jit(x, n):
    i = 0
    while i < n:
        x = x * 2
        i += 1
    return x


print(jax.jit(while_with_jit, static_argnums=1)(jnp.ones(2), 3))
print(jax.jit(lambda x: lax.while_loop(lambda s: s[1] < 5, lambda s: (s[0] * 2, s[1] + 1), (x, 0)))(jnp.ones(2)))
