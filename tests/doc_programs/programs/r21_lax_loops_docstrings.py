# The docstrings of lax.while_loop / fori_loop / scan / map / cond / switch, with the options
# the API pages list: a fori_loop over a pytree carry with unroll, a while_loop of a tuple
# carry, scan with xs=None and length, reverse=True, unroll=2, a pytree of xs and ys,
# lax.map with batch_size, switch clamping its index, cond with several operands, and each of
# them under jit and grad
import jax
import jax.numpy as jnp
from jax import lax


def body(i, carry):
    total, prod = carry
    return total + i, prod * (i + 1)


print(lax.fori_loop(0, 5, body, (0, 1)))
print(lax.fori_loop(0, 5, body, (jnp.int32(0), jnp.int32(1)), unroll=2))
print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, x: x + i, 0.0))(10))
print(lax.while_loop(lambda c: c[0] < 10, lambda c: (c[0] + 3, c[1] * 2), (0, 1.0)))


def cumsum_step(c, x):
    c = c + x
    return c, c


xs = jnp.arange(1.0, 6.0)
print(lax.scan(cumsum_step, 0.0, xs))
print(lax.scan(cumsum_step, 0.0, xs, reverse=True))
print(lax.scan(cumsum_step, 0.0, xs, unroll=2)[1])
print(lax.scan(lambda c, _: (c * 2, c), 1, None, length=5))
ys = lax.scan(
    lambda c, x: (c + x["a"], {"s": c * x["b"], "t": x["a"] > 2}), 0.0, {"a": xs, "b": xs[::-1]}
)
print(ys)
print(lax.map(lambda x: x**2 + 1, jnp.arange(7.0), batch_size=3))
print(lax.map(lambda p: p[0] * p[1], (jnp.arange(4), jnp.arange(4, 8))))
branches = [lambda x: x + 1, lambda x: x * 10, lambda x: -x]
for i in [-3, 0, 1, 2, 7]:
    print(i, lax.switch(i, branches, 5.0))
print(jax.jit(lambda i, x: lax.switch(i, branches, x))(5, 2.0))
print(lax.cond(True, lambda a, b: a + b, lambda a, b: a - b, 3.0, 4.0))
print(lax.cond(jnp.array(False), lambda a, b: a + b, lambda a, b: a - b, 3.0, 4.0))
print(jax.grad(lambda x: lax.cond(x > 0, jnp.sin, jnp.cos, x))(1.0))
print(jax.grad(lambda x: lax.fori_loop(0, 3, lambda i, y: y * x, 1.0))(2.0))
print(jax.grad(lambda x: lax.scan(lambda c, _: (c * x, None), 1.0, None, length=4)[0])(2.0))
print(jax.grad(lambda x: lax.switch(1, branches, x))(3.0))
print(jax.vmap(lambda i, x: lax.switch(i, branches, x))(jnp.array([0, 1, 2]), jnp.ones(3)))
print(jax.make_jaxpr(lambda x: lax.fori_loop(0, 3, lambda i, y: y + i, x))(1))
