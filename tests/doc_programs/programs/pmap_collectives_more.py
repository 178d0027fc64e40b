# jax.pmap beyond the basics: in_axes / out_axes None, static_broadcasted_argnums, nested pmap
# over two axis names, collectives inside (psum over both axes, all_gather, ppermute ring,
# pswapaxes, all_to_all, axis_index), pmap of grad with pmean (data-parallel SGD), and
# pmap results' shapes and shardings
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

n = jax.local_device_count()
x = jnp.arange(n * 3.).reshape(n, 3)
print(jax.pmap(lambda v: v * 2)(x).shape, type(jax.pmap(lambda v: v)(x)).__name__)
print(jax.pmap(lambda v, s: v * s, in_axes=(0, None))(x, 10.)[1])
print(jax.pmap(lambda v: v.sum(), out_axes=0)(x))
print(jax.pmap(lambda v: lax.psum(v, "i"), axis_name="i", out_axes=None)(x))


@partial(jax.pmap, static_broadcasted_argnums=1)
def power(v, k):
    return v ** k


print(power(x, 2)[2], power(x, 3)[1])
y = jnp.arange(8.).reshape(4, 2, 1)
nested = jax.pmap(jax.pmap(lambda v: lax.psum(v, ("rows", "cols")), axis_name="cols"), axis_name="rows")
print(nested(y).ravel())
print(jax.pmap(jax.pmap(lambda v: lax.axis_index("rows") * 10 + lax.axis_index("cols"), axis_name="cols"),
               axis_name="rows")(y).ravel())
print(jax.pmap(lambda v: lax.all_gather(v, "i"), axis_name="i")(jnp.arange(8.))[3])
print(jax.pmap(lambda v: lax.all_gather(v, "i", tiled=True), axis_name="i")(x)[0].shape)
print(jax.pmap(lambda v: lax.ppermute(v, "i", [(j, (j + 1) % n) for j in range(n)]), axis_name="i")(jnp.arange(8.)))
sq = jnp.arange(64.).reshape(8, 8)
print(jax.pmap(lambda v: lax.all_to_all(v, "i", 0, 0), axis_name="i")(sq)[1])
print(jax.pmap(lambda v: lax.pswapaxes(v, "i", 0), axis_name="i")(sq)[2])
print(jax.pmap(lambda v: lax.pmax(v, "i") - lax.pmin(v, "i"), axis_name="i")(jnp.arange(8.)))


def loss(w, xb, yb):
    return jnp.mean((xb @ w - yb) ** 2)


@partial(jax.pmap, axis_name="batch")
def update(w, xb, yb):
    g = jax.grad(loss)(w, xb, yb)
    g = lax.pmean(g, "batch")
    return w - 0.1 * g


rng = np.random.default_rng(1)
X = rng.normal(size=(n, 4, 3)).astype(np.float32)
true_w = np.array([1., -2., 0.5], np.float32)
Y = X @ true_w
w = jnp.zeros((n, 3))
for _ in range(50):
    w = update(w, X, Y)
print(np.round(np.asarray(w[0]), 2), bool(jnp.all(w == w[0])))
ref = jnp.zeros(3)
for _ in range(50):
    ref = ref - 0.1 * jax.grad(loss)(ref, X.reshape(-1, 3), Y.reshape(-1))
print(np.allclose(w[0], ref, atol=1e-5))
out = jax.pmap(lambda v: v + 1)(x)
print(out.sharding.__class__.__name__ in ("PmapSharding", "NamedSharding"), len(out.addressable_shards), out[0])
print(jax.pmap(lambda a, b: (a + b, a * b))(x, x)[1][2], jax.pmap(lambda d: d["k"] * 2)({"k": x})[0])
