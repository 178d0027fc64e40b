# Initialization idioms: tree.map(jnp.zeros_like) for optimizer moments, zeros / ones / full /
# empty _like with dtypes and shapes, weak types of Python scalars, integer / bool / complex
# parameters, float0 gradients of integer leaves, and a momentum step over a mixed pytree
import numpy as np
import jax
import jax.numpy as jnp

params = {"dense": {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}, "step": jnp.array(0, jnp.int32),
          "scale": jnp.array(1.0, jnp.bfloat16)}
mom = jax.tree.map(jnp.zeros_like, params)
print(jax.tree.map(lambda x: (x.shape, x.dtype), mom))
print(jnp.zeros_like(2.0), jnp.ones_like(3), jnp.full_like(1.0, 7))
print(jnp.zeros_like(jnp.ones((2, 2)), dtype=jnp.int8), jnp.ones_like(jnp.ones(3), shape=(2,)))
print(jnp.full_like(jnp.arange(3), 2.7), jnp.full_like(jnp.arange(3.0), 2, dtype=jnp.complex64))
print(jnp.empty_like(jnp.ones((1, 2), jnp.bool_)), jnp.zeros_like(jnp.array([1 + 2j])))
print(jnp.zeros((2, 0)).shape, jnp.ones(()), jnp.full((2,), jnp.array(3, jnp.uint8)))
print(jax.tree.map(lambda x: jnp.full_like(x, 0.5) if jnp.issubdtype(x.dtype, jnp.floating) else x, params))


def loss(p):
    return jnp.sum(p["dense"]["w"] ** 2) + jnp.sum(p["dense"]["b"]) + p["scale"].astype(jnp.float32) + p["step"]


g = jax.grad(loss, allow_int=True)(params)
print(jax.tree.map(lambda x: x.dtype, g))
print(g["step"].dtype == jax.dtypes.float0, np.asarray(g["step"]).shape)


def momentum(p, m, g, lr=0.1, beta=0.9):
    def upd(p, m, g):
        if not jnp.issubdtype(p.dtype, jnp.inexact):
            return p, m
        m = beta * m + g.astype(m.dtype)
        return p - lr * m.astype(p.dtype), m
    flat = jax.tree.map(upd, p, m, g)
    new_p = jax.tree.map(lambda t: t[0], flat, is_leaf=lambda t: isinstance(t, tuple))
    new_m = jax.tree.map(lambda t: t[1], flat, is_leaf=lambda t: isinstance(t, tuple))
    return new_p, new_m


params2, mom2 = momentum(params, mom, g)
print(params2["dense"]["w"][0], mom2["dense"]["b"], params2["scale"], params2["step"])
print(jax.jit(lambda p: jax.tree.map(jnp.ones_like, p))(params)["scale"].dtype)
print(jax.eval_shape(lambda: jnp.zeros_like(jnp.ones((4, 5)), shape=(3,))))
print(jnp.zeros_like(jnp.ones(3), device=jax.devices()[0]).devices() == {jax.devices()[0]})
