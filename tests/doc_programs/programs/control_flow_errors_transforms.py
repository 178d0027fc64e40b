# lax control flow as the "Control flow and logical operators with JIT" page and the lax
# docstrings use it: under jit / vmap / grad / jvp, and the errors for mismatched branches and carries
import jax
import jax.numpy as jnp
from jax import lax

def first_line(e):
    return type(e).__name__ + ": " + str(e)[:25]

try:
    lax.cond(True, lambda x: x, lambda x: x.astype(jnp.int32), 1.)
except TypeError as e:
    print(first_line(e))
try:
    lax.cond(True, lambda x: (x, x), lambda x: x, 1.)
except TypeError as e:
    print(first_line(e))
try:
    lax.switch(0, [lambda x: x, lambda x: jnp.stack([x, x])], 1.)
except TypeError as e:
    print(first_line(e))
try:
    lax.while_loop(lambda c: c < 10, lambda c: c + 1., 0)
except TypeError as e:
    print(first_line(e))
try:
    lax.scan(lambda c, x: (c + x, None), 0, jnp.arange(3.))
except TypeError as e:
    print(first_line(e))
try:
    lax.fori_loop(0, 3, lambda i, c: (c, c), 0.)
except TypeError as e:
    print(first_line(e))
try:
    lax.scan(lambda c, x: (c, x), 0., None)
except ValueError as e:
    print(first_line(e))
try:
    lax.scan(lambda c, x: (c, x), 0., (jnp.ones(3), jnp.ones(4)))
except ValueError as e:
    print(first_line(e))
try:
    lax.while_loop(lambda c: jnp.array([True, False]), lambda c: c, 0.)
except TypeError as e:
    print(first_line(e))
try:
    lax.cond(jnp.array([True, False]), lambda: 1., lambda: 2.)
except TypeError as e:
    print(first_line(e))
try:
    jax.grad(lambda x: lax.while_loop(lambda c: c < 10., lambda c: c * 2., x))(1.)
except ValueError as e:
    print(first_line(e))

print(jax.jvp(lambda x: lax.while_loop(lambda c: c < 10., lambda c: c * 2., x), (1.,), (1.,)))
print(jax.grad(lambda x: lax.fori_loop(0, 3, lambda i, c: c * x, 1.))(2.))
print(jax.vmap(lambda x: lax.while_loop(lambda c: c < 10., lambda c: c * 2., x))(jnp.array([1., 3., 20.])))
print(jax.vmap(lambda n: lax.fori_loop(0, n, lambda i, c: c + i, 0))(jnp.array([1, 4, 6])))
print(jax.vmap(lambda p, x: lax.cond(p, jnp.sin, jnp.cos, x))(jnp.array([True, False]), jnp.array([0.5, 0.5])))
print(jax.vmap(lambda i, x: lax.switch(i, [jnp.sin, jnp.cos, jnp.exp], x))(jnp.array([0, 1, 2, 5, -1]), jnp.ones(5)))
print(lax.switch(7, [lambda: 0, lambda: 1, lambda: 2]), lax.switch(-3, [lambda: 0, lambda: 1, lambda: 2]))
print(jax.grad(lambda x: lax.cond(x > 0, lambda x: x ** 2, lambda x: -x, x))(3.), jax.grad(lambda x: lax.cond(x > 0, lambda x: x ** 2, lambda x: -x, x))(-3.))
print(jax.jacfwd(lambda x: lax.scan(lambda c, a: (c * a, c), 1., x)[1])(jnp.array([2., 3., 4.])))
print(lax.scan(lambda c, _: (c + 1, c * 2), 0, length=4))
print(lax.scan(lambda c, x: (c + x, c), 0., jnp.arange(5.), reverse=True, unroll=2))
print(lax.fori_loop(0, 10, lambda i, c: c + i, 0, unroll=3))
print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c * 2, 1))(5))
print(lax.map(lambda x: x ** 2, jnp.arange(6.), batch_size=4))
print(jax.jit(lambda x: jnp.logical_and(x > 0, x < 5) | jnp.logical_not(x != 7))(jnp.arange(8)))
print(jnp.logical_xor(True, jnp.array([True, False])), (jnp.array(3) > 2) & (jnp.array(4) < 3))
try:
    jax.jit(lambda x: 1. if x > 0 else -1.)(2.)
except jax.errors.TracerBoolConversionError as e:
    print("TracerBoolConversionError")
try:
    jax.jit(lambda x: (x > 0) and (x < 3))(2.)
except jax.errors.TracerBoolConversionError:
    print("TracerBoolConversionError and")
print(jax.jit(lambda x, n: x * n if n > 2 else x, static_argnums=1)(2., 3))
