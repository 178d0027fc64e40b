# jax.numpy ufuncs: attributes, reduce / accumulate / at / reduceat / outer on built-in ufuncs,
# custom ufuncs from jnp.frompyfunc, and ufunc methods under jit, vmap and grad
import operator

import jax
import jax.numpy as jnp

x = jnp.array([1, 2, 3, 4, 5])
print(jnp.add.nin, jnp.add.nout, jnp.add.identity, jnp.multiply.identity)
print(jnp.add.outer(x, x))
print(jnp.add.reduce(x), jnp.add.accumulate(x))
print(jnp.add.at(x, 0, 100, inplace=False))
print(jnp.add.reduceat(x, jnp.array([0, 2])))

m = jnp.array([[1, 2, 3], [4, 5, 6]])
print(jnp.add.reduce(m), jnp.add.reduce(m, axis=1), jnp.add.reduce(m, axis=None))
print(jnp.logical_and.reduce(m > 2), jnp.bitwise_or.reduce(m, axis=1))
print(jnp.multiply.accumulate(m, axis=1), jnp.bitwise_or.accumulate(m, axis=1))
print(jnp.maximum.reduce(m, axis=0, keepdims=True))
print(jnp.minimum.accumulate(jnp.array([5, 3, 4, 1, 2])))
ones = jnp.ones(10, dtype=int)
print(jnp.add.at(ones, jnp.array([2, 5, 7]), jnp.array([10, 20, 30]), inplace=False))
print(jnp.multiply.at(ones * 2, jnp.array([1, 1, 3]), 3, inplace=False))
print(jnp.add.reduceat(jnp.arange(1, 9), jnp.array([0, 2, 5])))
print(jnp.multiply.outer(jnp.arange(1, 5), jnp.arange(1, 4)))
print(jnp.add.outer(jnp.ones((1, 3, 5)), jnp.ones((2, 4))).shape)
print(jnp.subtract.outer(jnp.arange(3.), jnp.arange(2.)))

add = jnp.frompyfunc(operator.add, nin=2, nout=1, identity=0)
print(add, add.nin, add.nout, add.identity)
v = jnp.arange(4)
print(add(v, 10), add.outer(v, v)[1], add.reduce(v), add.accumulate(v))
print(add.at(v, 1, 10, inplace=False))


def _logaddexp(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


lae = jnp.frompyfunc(_logaddexp, nin=2, nout=1, identity=-jnp.inf)
w = jnp.array([0.5, -1.0, 2.0, 0.0])
print(jnp.round(lae.reduce(w), 5), jnp.round(jax.nn.logsumexp(w), 5))
print(jnp.round(lae.accumulate(w), 5))
print(jnp.round(jax.jit(lae.reduce)(w), 5))
print(jnp.round(jax.grad(lambda t: lae.reduce(t))(w), 5))
print(jax.vmap(jnp.add.reduce)(m), jax.vmap(jnp.multiply.accumulate)(m))
print(jax.jit(lambda a: jnp.add.outer(a, a).sum())(jnp.arange(3.)))
print(jnp.round(jax.grad(lambda a: jnp.multiply.reduce(a))(jnp.array([1., 2., 3., 4.])), 4))
divmod_u = jnp.frompyfunc(lambda a, b: (a // b, a % b), nin=2, nout=2)
print(divmod_u(jnp.arange(7, 12), 3))
