# Control flow under transformations (the control flow page's table): jacfwd through
# while_loop, vmap of a while_loop with a batched predicate, grad of fori_loop with static
# bounds and its jaxpr, reverse-mode of while_loop refused, lax.map with batch_size, scan with
# length only and unroll, and cond under vmap with a batched predicate.
import jax
import jax.numpy as jnp
from jax import lax


def newton_cbrt(a):
    """Newton's iteration for a cube root, with a step count in the carry."""
    state = {"x": a, "steps": 0}
    done = lambda s: (jnp.abs(s["x"] ** 3 - a) < 1e-4) | (s["steps"] >= 60)
    update = lambda s: {"x": s["x"] - (s["x"] ** 3 - a) / (3 * s["x"] ** 2), "steps": s["steps"] + 1}
    out = lax.while_loop(lambda s: ~done(s), update, state)
    return out["x"], out["steps"]


newton_sqrt = newton_cbrt
print(newton_sqrt(8.0))
print(jax.vmap(newton_sqrt)(jnp.array([1.0, 8.0, 27.0, 100.0])))
print(jax.jacfwd(lambda a: newton_sqrt(a)[0])(8.0))
print(jax.jacfwd(lambda a: jax.vmap(lambda t: newton_sqrt(t)[0])(a))(jnp.array([8.0, 64.0])))
try:
    jax.grad(lambda a: newton_sqrt(a)[0])(4.0)
except ValueError as e:
    print("ValueError:", str(e).split(".")[0])

f = lambda x: lax.fori_loop(0, 4, lambda i, c: c * x + i, 1.0)
print(f(2.0), jax.grad(f)(2.0), jax.jacrev(f)(2.0))
print(jax.make_jaxpr(f)(2.0))
print(jax.vmap(f)(jnp.arange(3.0)))
g = lambda n, x: lax.fori_loop(0, n, lambda i, c: c + x, 0.0)
print(jax.jit(g)(3, 2.0), jax.vmap(g, in_axes=(0, None))(jnp.array([1, 2, 3]), 2.0))
print(lax.map(lambda r: jnp.sum(r ** 2), jnp.arange(12.0).reshape(6, 2), batch_size=4))
print(lax.map(lambda r: (r, -r), jnp.arange(3.0)))
carry, ys = lax.scan(lambda c, _: (c + 1, c * 2), 0, length=4)
print(carry, ys)
carry, ys = lax.scan(lambda c, x: (c * x, c), 1.0, jnp.arange(1.0, 6.0), unroll=2)
print(carry, ys)
carry, ys = lax.scan(lambda c, x: (c + x, c), 0.0, jnp.arange(4.0), reverse=True, unroll=True)
print(carry, ys)
print(jax.grad(lambda x: lax.scan(lambda c, xi: (c * xi, None), 1.0, x, unroll=3)[0])(jnp.arange(1.0, 5.0)))
h = lambda p, x: lax.cond(p, lambda v: v * 2, lambda v: -v, x)
print(jax.vmap(h)(jnp.array([True, False, True]), jnp.arange(3.0)))
print(jax.vmap(lambda i, x: lax.switch(i, [jnp.sin, jnp.cos, jnp.tanh], x))(jnp.array([0, 2]), jnp.ones(2)))
