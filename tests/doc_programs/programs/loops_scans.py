# lax control flow: scan (reverse, unroll, length), associative_scan, fori_loop, while_loop, cond, switch, map
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def cumsum(res, el):
    res = res + el
    return res, res


a = jnp.array([1, 2, 3, 5, 7, 11, 13, 17])
result_init = 0
final, result = lax.scan(cumsum, result_init, a)
print(final, result)
print(lax.scan(cumsum, 0, a, reverse=True))
print(lax.scan(cumsum, 0, a, unroll=2)[1])
print(lax.scan(lambda c, _: (c * 2, c), 1, None, length=5))
print(lax.scan(lambda c, x: (c + x['a'], {'o': x['b'] * c}), 0., {'a': jnp.arange(3.), 'b': jnp.ones(3)}))


def scan_with_pytree_carry(carry, x):
    h, c = carry
    h = jnp.tanh(h + x)
    return (h, c + 1), h.sum()


print(lax.scan(scan_with_pytree_carry, (jnp.zeros(2), 0), jnp.arange(6.).reshape(3, 2) / 10))
print(jax.grad(lambda w: lax.scan(lambda c, x: (c * w + x, None), 0., jnp.arange(4.))[0])(2.))
print(lax.associative_scan(jnp.add, jnp.arange(8)))
print(lax.associative_scan(jnp.maximum, jnp.array([1, 3, 2, 5, 4]), reverse=True))
print(lax.associative_scan(lambda a, b: (a[0] * b[0], a[1] * b[0] + b[1]),
                           (jnp.full(4, 0.5), jnp.arange(4.))))
print(lax.cumsum(jnp.arange(5)), lax.cumprod(jnp.arange(1, 5)), lax.cummax(jnp.array([1, 3, 2])))
print(lax.cumlogsumexp(jnp.arange(3.)))
print(jnp.cumsum(jnp.arange(6).reshape(2, 3), axis=1), jnp.cumprod(jnp.arange(1., 4.)))

init_val = 0
start = 0
stop = 10
body_fun = lambda i, x: x + i
print(lax.fori_loop(start, stop, body_fun, init_val))
print(jax.jit(lambda n: lax.fori_loop(0, n, body_fun, init_val))(5))
print(lax.fori_loop(0, 3, lambda i, c: (c[0] + i, c[1] * 2), (0, 1.)))
print(lax.fori_loop(0, 4, lambda i, x: x.at[i].set(i * i), jnp.zeros(4, jnp.int32), unroll=True))
print(jax.grad(lambda x: lax.fori_loop(0, 3, lambda i, y: y * x, 1.))(2.))

init_val = 0
cond_fun = lambda x: x < 10
body_fun = lambda x: x + 1
print(lax.while_loop(cond_fun, body_fun, init_val))
print(lax.while_loop(lambda c: c[1] < 100, lambda c: (c[0] + 1, c[1] * 3), (0, 1)))
print(jax.vmap(lambda n: lax.while_loop(lambda x: x < n, lambda x: x + 1, 0))(jnp.array([1, 4, 2])))
try:
    jax.grad(lambda x: lax.while_loop(lambda c: c < 10., lambda c: c * 2., x))(1.)
except ValueError as e:
    print(type(e).__name__)

operand = jnp.array([0.])
print(lax.cond(True, lambda x: x + 1, lambda x: x - 1, operand))
print(lax.cond(False, lambda x: x + 1, lambda x: x - 1, operand))
print(lax.cond(jnp.array(2) > 1, lambda x, y: x * y, lambda x, y: x - y, 3., 4.))
print(jax.vmap(lambda p, x: lax.cond(p, jnp.sin, jnp.cos, x))(jnp.array([True, False]), jnp.array([1., 1.])))
print(jax.grad(lambda x: lax.cond(x > 0, lambda y: y ** 2, lambda y: -y, x))(3.))
try:
    lax.cond(True, lambda x: x, lambda x: x.astype(jnp.int32), 1.)
except TypeError as e:
    print(type(e).__name__)
branches = [lambda x: x - 1, lambda x: x, lambda x: x + 1]
for i in range(-1, 4):
    print(lax.switch(i, branches, 5))
print(jax.jit(lambda i: lax.switch(i, branches, 5.))(1))
print(jax.vmap(lambda i, x: lax.switch(i, branches, x))(jnp.array([0, 2, 1]), jnp.ones(3)))
print(lax.map(lambda x: x ** 2, jnp.arange(5)))
print(lax.map(lambda x: x.sum(), jnp.arange(12).reshape(6, 2), batch_size=4))
print(lax.select(jnp.array([True, False]), jnp.ones(2), jnp.zeros(2)))
print(lax.select_n(jnp.array([0, 1, 2]), jnp.zeros(3), jnp.ones(3), jnp.full(3, 2.)))
print(lax.reduce(jnp.arange(6).reshape(2, 3), 0, lax.add, (0,)))
print(lax.reduce_window(jnp.arange(6.), -jnp.inf, lax.max, (2,), (1,), 'VALID'))
print(jax.make_jaxpr(lambda x: lax.fori_loop(0, 3, lambda i, c: c + i, x))(0))
