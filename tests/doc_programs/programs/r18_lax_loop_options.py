# lax loop options from the control-flow docs: fori_loop with unroll= (int and bool) and traced
# bounds, scan with reverse=, unroll=, length= and xs=None, scan over pytrees and with a None
# carry, lax.map with batch_size=, while_loop with a pytree state, their jaxprs' params, and grad
# through the unrolled / reversed variants
import jax
import jax.numpy as jnp
from jax import lax


def body(i, acc):
    return acc * 0.5 + i


for unroll in (1, 2, 3, True, False):
    print(unroll, lax.fori_loop(0, 7, body, 1.0, unroll=unroll))
print(jax.jit(lambda n: lax.fori_loop(0, n, body, 1.0))(7))
try:
    jax.jit(lambda n: lax.fori_loop(0, n, body, 1.0, unroll=2))(7)
except Exception as e:
    print(type(e).__name__)
jaxpr = jax.make_jaxpr(lambda x: lax.fori_loop(0, 8, body, x, unroll=4))(1.0)
print([e.primitive.name for e in jaxpr.eqns], jaxpr.eqns[0].params["length"], jaxpr.eqns[0].params["unroll"])
print(jax.make_jaxpr(lambda x: lax.fori_loop(0, 3, body, x, unroll=True))(1.0).eqns[0].params["unroll"])


def cumsum_step(c, x):
    c = c + x
    return c, c


xs = jnp.arange(1.0, 6.0)
print(lax.scan(cumsum_step, 0.0, xs))
print(lax.scan(cumsum_step, 0.0, xs, reverse=True))
for unroll in (1, 2, 5, True):
    print(lax.scan(cumsum_step, 0.0, xs, unroll=unroll)[1])
print(lax.scan(lambda c, _: (c * 2, c), 1, None, length=6))
print(lax.scan(lambda c, x: (c + x["a"] * x["b"], None), 0.0, {"a": xs, "b": xs[::-1]}))
print(lax.scan(lambda c, x: (c, (x, -x)), 0, jnp.arange(3))[1])
print(lax.scan(lambda c, x: (None, x * 2), None, xs)[1])
carry, ys = lax.scan(lambda c, x: ((c[0] + x, c[1] * x), c[0]), (0.0, 1.0), xs, reverse=True, unroll=2)
print(carry, ys)
sp = jax.make_jaxpr(lambda xs: lax.scan(cumsum_step, 0.0, xs, reverse=True, unroll=2))(xs).eqns[0].params
print(sp["reverse"], sp["length"], sp["unroll"], sp["num_carry"], sp["num_consts"])
try:
    lax.scan(cumsum_step, 0.0, xs, length=3)
except Exception as e:
    print(type(e).__name__)
try:
    lax.scan(lambda c, x: (c, x), 0.0, None)
except Exception as e:
    print(type(e).__name__)
try:
    lax.scan(lambda c, x: (c + 1.0, x), 0, xs)
except Exception as e:
    print(type(e).__name__)

sq = lambda v: jnp.sum(v**2)
mat = jnp.arange(12.0).reshape(6, 2)
print(lax.map(sq, mat))
for bs in (1, 2, 4, 6, 10):
    print(bs, lax.map(sq, mat, batch_size=bs))
print(lax.map(lambda d: d["x"] + d["y"], {"x": jnp.arange(5), "y": jnp.ones(5, jnp.int32)}, batch_size=2))
print([e.primitive.name for e in jax.make_jaxpr(lambda m: lax.map(sq, m, batch_size=4))(mat).eqns])

state = lax.while_loop(lambda s: s["i"] < 5, lambda s: {"i": s["i"] + 1, "v": s["v"] * 2}, {"i": 0, "v": jnp.ones(2)})
print(state)

f = lambda x: lax.fori_loop(0, 4, lambda i, c: jnp.sin(c) * x, x, unroll=2)
print(jax.grad(f)(0.7))
g = lambda x: lax.scan(lambda c, y: (c * y + x, c), 1.0, xs, reverse=True, unroll=3)[0]
print(jax.grad(g)(0.3))
h = lambda x: jnp.sum(lax.map(lambda r: jnp.sin(r * x), mat, batch_size=4))
print(jax.grad(h)(0.1), jax.vmap(h)(jnp.array([0.1, 0.2])))
