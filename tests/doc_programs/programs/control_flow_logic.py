# Control flow and logical operators with JIT
from functools import partial
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def f(x):
    return jnp.logical_and(x > 0, x < 5).astype(jnp.int32)


print(f(jnp.arange(-2, 8)))
try:
    jax.jit(lambda x: (x > 0) and (x < 5))(1.)
except jax.errors.TracerBoolConversionError as e:
    print(type(e).__name__)
try:
    jax.jit(lambda x: 1. if x > 0 else -1.)(1.)
except jax.errors.ConcretizationTypeError as e:
    print(type(e).__name__)
print(jax.jit(lambda x, n: x * n, static_argnums=1)(2., 3))


@partial(jax.jit, static_argnames=['n'])
def g(x, n):
    for i in range(n):
        x = x + i
    return x


print(g(1., n=4))
print(jax.jit(lambda x: jnp.where(x > 0, x, -x))(jnp.array([-1., 2.])))
print(lax.cond(True, lambda x: x + 1, lambda x: x - 1, 10))
print(lax.cond(jnp.array(0), lambda x, y: x + y, lambda x, y: x * y, 3, 4))
print(lax.switch(2, [lambda: 0, lambda: 1, lambda: 2]))
print(lax.switch(7, [lambda x: x, lambda x: -x], 5.))  # index clamped
print(lax.select(jnp.array([True, False]), jnp.ones(2), jnp.zeros(2)))
print(lax.while_loop(lambda c: c[0] < 10, lambda c: (c[0] + 1, c[1] * 2), (0, 1)))
print(lax.fori_loop(0, 5, lambda i, acc: acc + i, 0))
print(lax.fori_loop(0, 5, lambda i, acc: acc + i, 0., unroll=True))
print(lax.scan(lambda c, x: (c + x, c * x), 0, jnp.arange(5)))
# logical operators on arrays
a = jnp.array([True, False, True])
b = jnp.array([False, False, True])
print(a & b, a | b, ~a, a ^ b)
print(jnp.logical_not(jnp.array([0, 1, 2])), jnp.logical_xor(1, 0))
print(jnp.any(a), jnp.all(a), jnp.all(jnp.array([])))
print(jnp.array([1, 2]) & 3, ~jnp.array([0], jnp.uint8))
# grads through control flow
print(jax.grad(lambda x: lax.cond(x > 0, jnp.sin, jnp.cos, x))(1.))
print(jax.grad(lambda x: lax.fori_loop(0, 3, lambda i, c: c * x, 1.))(2.))
try:
    jax.grad(lambda x: lax.while_loop(lambda c: c < 10., lambda c: c * x, 1.))(2.)
except ValueError as e:
    print(type(e).__name__)
print(jax.jvp(lambda x: lax.while_loop(lambda c: c < 10., lambda c: c * x, 1.), (2.,), (1.,)))
# the double-where trick for NaN-free gradients
def safe_log(x):
    ok = x > 0
    return jnp.where(ok, jnp.log(jnp.where(ok, x, 1.)), 0.)


print(jax.grad(lambda x: jnp.where(x > 0, jnp.log(x), 0.))(0.))
print(jax.grad(safe_log)(0.), jax.grad(safe_log)(2.))
print(jax.vmap(lambda p, x: lax.cond(p, lambda: x, lambda: -x))(jnp.array([True, False]), jnp.array([1., 2.])))
print(jax.make_jaxpr(lambda p, x: lax.cond(p, jnp.sin, jnp.cos, x))(True, 1.))
print(jax.make_jaxpr(lambda x: jnp.logical_or(x > 0, x < -1) & (x != 0))(1.))
