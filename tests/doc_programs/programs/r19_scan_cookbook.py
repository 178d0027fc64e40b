# lax.scan as the docs use it: cumulative sums with the carry, reverse scans, pytree carries and
# outputs, length without xs, unroll, scans of scans, an RNN cell, gradients through scan,
# vmap of scan, lax.associative_scan against a scan, lax.map, and the errors of carry
# mismatches
import jax
import jax.numpy as jnp
from jax import lax


def cumsum(res, el):
    res = res + el
    return res, res


result_init = 0
final, result = lax.scan(cumsum, result_init, jnp.arange(5))
print(final, result)
print(lax.scan(cumsum, 0, jnp.arange(5), reverse=True))
print(lax.scan(lambda c, x: (c * 2, c), 1, None, length=5))
print(lax.scan(lambda c, x: (c + x, c), 0.0, jnp.arange(6.0), unroll=2), lax.scan(lambda c, x: (c + x, c), 0.0, jnp.arange(6.0), unroll=True)[0])


def step(carry, xs):
    a, b = xs
    return {"s": carry["s"] + a * b, "n": carry["n"] + 1}, (a - b, {"prod": a * b})


carry, (diff, d) = lax.scan(step, {"s": 0.0, "n": 0}, (jnp.arange(3.0), jnp.ones(3)))
print(carry, diff, d)


def outer(c, row):
    inner_c, inner_ys = lax.scan(lambda ic, x: (ic + x, ic * x), c, row)
    return inner_c, inner_ys


print(lax.scan(outer, 0.0, jnp.arange(6.0).reshape(2, 3)))
key = jax.random.key(0)
kw, ku, kx = jax.random.split(key, 3)
W = jax.random.normal(kw, (4, 4)) * 0.5
U = jax.random.normal(ku, (3, 4)) * 0.5
xs = jax.random.normal(kx, (5, 3))


def rnn(params, xs):
    W, U = params

    def cell(h, x):
        h = jnp.tanh(h @ W + x @ U)
        return h, h

    h, hs = lax.scan(cell, jnp.zeros(4), xs)
    return jnp.sum(hs**2), h


(loss, h), grads = jax.value_and_grad(rnn, has_aux=True)((W, U), xs)
print(loss, h)
print(grads[0][0], grads[1][0])
print(jax.vmap(lambda x: rnn((W, U), x)[0])(jnp.stack([xs, -xs, 2 * xs])))
print(jax.jit(jax.grad(lambda W: rnn((W, U), xs)[0]))(W)[1])
print(jax.jvp(lambda s: lax.scan(lambda c, x: (c * s + x, c), 0.0, jnp.arange(4.0))[0], (2.0,), (1.0,)))
xs2 = jnp.array([1.0, 2.0, 3.0, 4.0, 5.0])
print(lax.associative_scan(jnp.add, xs2), lax.associative_scan(jnp.add, xs2, reverse=True), lax.associative_scan(jnp.maximum, jnp.array([1, 3, 2, 5, 4])))


def affine_combine(a, b):
    a1, b1 = a
    a2, b2 = b
    return a2 * a1, a2 * b1 + b2


coeffs = jnp.array([0.5, 0.9, 1.1, 0.7])
inputs = jnp.array([1.0, 2.0, 0.5, -1.0])
_, hs_assoc = lax.associative_scan(affine_combine, (coeffs, inputs))
_, hs_scan = lax.scan(lambda h, ab: (ab[0] * h + ab[1], ab[0] * h + ab[1]), 0.0, (coeffs, inputs))
print(hs_assoc, hs_scan, jnp.allclose(hs_assoc, hs_scan))
print(lax.associative_scan(jnp.multiply, jnp.arange(1.0, 7.0).reshape(2, 3), axis=1))
print(lax.map(lambda x: x**2 + 1, jnp.arange(4.0)), lax.map(lambda t: t[0] * t[1], (jnp.arange(3), jnp.arange(3))))
print(lax.map(jnp.sum, jnp.arange(12.0).reshape(4, 3), batch_size=2))
print(jnp.cumsum(jnp.arange(5)), jnp.cumprod(jnp.arange(1, 5)), lax.cummax(jnp.array([1, 3, 2, 5])), lax.cumlogsumexp(jnp.zeros(3)))
try:
    lax.scan(lambda c, x: (c + x, None), 0, jnp.arange(3.0))
except TypeError as e:
    print("TypeError", str(e).splitlines()[0][:90])
try:
    lax.scan(lambda c, x: ((c, c), None), 0.0, jnp.arange(3.0))
except TypeError as e:
    print("TypeError", str(e).splitlines()[0][:90])
try:
    lax.scan(lambda c, x: (c, x), 0.0, (jnp.arange(3.0), jnp.arange(4.0)))
except ValueError as e:
    print("ValueError", str(e).splitlines()[0][:90])
print(jax.make_jaxpr(lambda xs: lax.scan(cumsum, 0.0, xs))(jnp.arange(3.0)))
