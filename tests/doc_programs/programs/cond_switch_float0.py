# lax.cond / lax.switch / lax.select_n with pytree operands, clamped switch indices, conds
# under vmap (both branches run, select) and grad, and differentiating with integer inputs:
# grad(allow_int=True), float0 tangents, jvp / vjp of functions taking ints
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def branch_a(ops):
    return {"y": ops["x"] * 2, "n": ops["n"] + 1}


def branch_b(ops):
    return {"y": -ops["x"], "n": ops["n"] - 1}


ops = {"x": jnp.arange(3.), "n": jnp.int32(5)}
print(lax.cond(True, branch_a, branch_b, ops))
print(lax.cond(jnp.array(0), branch_a, branch_b, ops)["n"])
print(lax.cond(True, lambda: 1., lambda: 2.))
fns = [lambda v: v + 1, lambda v: v * 10, lambda v: -v]
for i in [-1, 0, 1, 2, 5]:
    print(i, lax.switch(i, fns, jnp.float32(3)))
print(jax.vmap(lambda i, v: lax.switch(i, fns, v))(jnp.array([0, 1, 2, 7]), jnp.arange(4.)))
print(jax.vmap(lambda p, v: lax.cond(p, jnp.sin, jnp.cos, v))(jnp.array([True, False]), jnp.ones(2)))
print(lax.select_n(jnp.array([0, 1, 2, 1]), jnp.zeros(4), jnp.ones(4), jnp.full(4, 2.)))
print(lax.select_n(True, jnp.float32(1), jnp.float32(7)))


def piecewise_loss(w):
    return lax.cond(w > 0, lambda u: u ** 2, lambda u: -3. * u, w)


print(jax.grad(piecewise_loss)(2.), jax.grad(piecewise_loss)(-2.))
print(jax.vmap(jax.grad(piecewise_loss))(jnp.array([-1., 0., 1.])))
print(jax.grad(lambda v: lax.switch(1, fns, v))(4.))
print(jax.jacfwd(lambda v: lax.cond(v.sum() > 0, lambda a: a * a, lambda a: a, v))(jnp.array([1., 2.])))
print(jax.make_jaxpr(lambda p, v: lax.cond(p, jnp.sin, jnp.cos, v))(True, 1.))


def scale(x, n):
    return x * n


print(jax.grad(scale)(2., 3))
g = jax.grad(scale, argnums=(0, 1), allow_int=True)(2., 3)
print(g[0], g[1].dtype, g[1].shape)
try:
    jax.grad(scale, argnums=1)(2., 3)
except TypeError:
    print("TypeError")
out, tangent = jax.jvp(scale, (2., 3), (1., np.zeros((), dtype=jax.dtypes.float0)))
print(out, tangent)
primal, vjp = jax.vjp(scale, 2., 3)
ct = vjp(1.)
print(ct[0], ct[1].dtype)
print(jax.dtypes.float0, np.zeros(2, jax.dtypes.float0).dtype.itemsize)
idx_fn = lambda x, i: x[i] * 2
print(jax.grad(idx_fn)(jnp.arange(4.), 2))
print(jax.grad(idx_fn, allow_int=True, argnums=1)(jnp.arange(4.), 2).dtype)
print(jax.jacrev(lambda x, k: x ** k, allow_int=True, argnums=(0, 1))(jnp.array([1., 2.]), 2)[1].dtype)
