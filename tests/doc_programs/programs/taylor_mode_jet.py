# jax.experimental.jet: the docstring's Faa di Bruno example, higher derivatives of a scalar
# function compared with nested jax.grad, directional Taylor coefficients of a vector function,
# jet2's plain coefficients, and jet under jit and vmap
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.jet import jet, jet2

h0, h1, h2 = 0.5 ** 3., 3. * 0.5 ** 2., 6. * 0.5
f, df, ddf = jnp.sin, jnp.cos, lambda *args: -jnp.sin(*args)
f0, (f1, f2) = jet(f, (h0,), ((h1, h2),))
print(f0, f(h0))
print(f1, df(h0) * h1)
print(jnp.round(f2, 5), jnp.round(ddf(h0) * h1 ** 2 + df(h0) * h2, 5))


def g(x):
    return jnp.exp(-x ** 2) * jnp.cos(3 * x)


x0 = 0.7
_, terms = jet(g, (x0,), ((1., 0., 0., 0.),))
nested = [jax.grad(g), jax.grad(jax.grad(g)), jax.grad(jax.grad(jax.grad(g))),
          jax.grad(jax.grad(jax.grad(jax.grad(g))))]
print([round(float(t), 3) for t in terms])
print([round(float(d(x0)), 3) for d in nested])

v = jnp.array([1., 2., 3.])
direction = jnp.array([0., 1., 0.])
out, (d1, d2) = jet(lambda u: jnp.tanh(u) * u.sum(), (v,), ((direction, jnp.zeros(3)),))
print(jnp.round(out, 4), jnp.round(d1, 4), jnp.round(d2, 4))
print(jnp.round(jax.jvp(lambda u: jnp.tanh(u) * u.sum(), (v,), (direction,))[1], 4))
_, plain = jet2(jnp.exp, (0.,), ((1., 0., 0., 0.),))
print([round(float(c), 5) for c in plain])
_, scaled = jet(jnp.exp, (0.,), ((1., 0., 0., 0.),))
print([round(float(c), 5) for c in scaled])


print(jax.jit(lambda a: jet(jnp.sin, (a,), ((1., 0.),))[1][1])(0.3))
print(jnp.round(jax.vmap(lambda a: jet(jnp.cos, (a,), ((1., 0.),))[1][0])(jnp.array([0., 0.5, 1.])), 5))
