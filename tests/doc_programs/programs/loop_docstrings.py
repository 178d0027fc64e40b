# The docstring examples of lax.scan (cumulative sums, length without xs, reverse, unroll),
# lax.fori_loop (tuple carries, a traced upper bound), lax.while_loop, lax.map with batch_size,
# lax.associative_scan, and jax.lax.cond / switch with operands
import jax
import jax.numpy as jnp
from jax import lax


def cumsum_step(carry, x):
    carry = carry + x
    return carry, carry


xs = jnp.array([1., 2., 3., 4., 5.])
print(lax.scan(cumsum_step, 0., xs))
print(lax.scan(cumsum_step, 0., xs, reverse=True))
print(lax.scan(cumsum_step, 0., xs, unroll=2))
print(lax.scan(lambda c, _: (c * 2, c), 1, None, length=5))
print(lax.scan(lambda c, x: ((c[0] + x["a"], c[1] * x["b"]), c[0]), (0., 1.),
               {"a": xs, "b": xs / 2}))


def body_fun(i, val):
    a, b = val
    return (a + i, b * 2)


print(lax.fori_loop(0, 5, body_fun, (0, 1)))
print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, s: s + i * i, 0))(6))
print(lax.fori_loop(2, 2, lambda i, x: x + 1, 10))
print(lax.while_loop(lambda c: c[0] < 10, lambda c: (c[0] + 3, c[1] + [c[0]][0]), (0, 0)))
print(jax.jit(lambda x: lax.while_loop(lambda v: v.sum() < 100., lambda v: v * 1.5, x))(jnp.ones(3)))
print(lax.map(lambda x: x ** 2 + 1, jnp.arange(7.), batch_size=3))
print(lax.map(lambda p: p[0] * p[1], (jnp.arange(4), jnp.arange(4) + 1)))
print(lax.associative_scan(jnp.add, jnp.arange(8)))
print(lax.associative_scan(jnp.maximum, jnp.array([1, 5, 2, 7, 3]), reverse=True))
print(lax.associative_scan(lambda a, b: (a[0] * b[0], a[1] * b[0] + b[1]),
                           (jnp.array([0.5, 0.5, 0.5]), jnp.array([1., 2., 3.]))))
print(lax.cond(True, lambda x, y: x + y, lambda x, y: x - y, 3, 4))
print(lax.switch(2, [lambda x: x + 1, lambda x: x * 2, lambda x: -x], 5))
print(jax.jit(lambda i, x: lax.switch(i, [jnp.sin, jnp.cos, jnp.tanh], x))(7, 0.5))
print(jax.grad(lambda x: lax.scan(lambda c, _: (jnp.sin(c) * c, None), x, None, length=3)[0])(1.0))
print(jax.grad(lambda x: lax.fori_loop(0, 3, lambda i, c: c * x, 1.0))(2.0))
try:
    jax.grad(lambda x: lax.while_loop(lambda c: c < 10., lambda c: c * x, 1.0))(2.0)
except ValueError:
    print("ValueError")
try:
    lax.scan(lambda c, x: (c + 1., x), 0, xs)
except TypeError:
    print("TypeError")
