# lax.cond / lax.switch docstrings in full: several operands, pytrees, no operands, a concrete
# Python predicate, switch's clamped index (negative and past the end), branch outputs that
# differ in type or structure (errors), and cond of ints / bools / weak types.
import jax
import jax.numpy as jnp
from jax import lax

print(lax.cond(True, lambda a, b: a + b, lambda a, b: a - b, 3.0, 1.0))
print(lax.cond(jnp.array(False), lambda p: {"s": p["x"] * 2}, lambda p: {"s": p["x"] + 100}, {"x": jnp.ones(2)}))
print(lax.cond(1 > 0, lambda: jnp.zeros(2), lambda: jnp.ones(2)))
print(lax.cond(jnp.int32(0), lambda x: x, lambda x: -x, 5))
branches = [lambda x: x + 1, lambda x: x * 10, lambda x: x - 100]
for i in [-5, 0, 1, 2, 7]:
    print(i, lax.switch(i, branches, 3))
print(jax.jit(lambda i: lax.switch(i, branches, 3))(jnp.int32(9)))
print(lax.switch(1, [lambda: 1.0, lambda: 2.0]))
print(jax.vmap(lambda i: lax.switch(i, branches, 1.0))(jnp.array([0, 1, 2, 3, -1])))
print(jax.grad(lambda x: lax.cond(x > 0, jnp.sin, jnp.cos, x))(1.0))
print(jax.grad(lambda x: lax.switch(2, [jnp.sin, jnp.cos, jnp.exp], x))(0.0))
print(lax.cond(True, lambda x: x, lambda x: x, jnp.bool_(True)), lax.cond(True, lambda: 2, lambda: 3))
print(jax.typeof(lax.cond(True, lambda: 2.0, lambda: 3.0)), jax.typeof(lax.cond(True, lambda: jnp.float32(2), lambda: 3.0)))
for bad in [
    lambda: lax.cond(True, lambda: jnp.ones(2), lambda: jnp.ones(3)),
    lambda: lax.cond(True, lambda: (1.0, 2.0), lambda: 1.0),
    lambda: lax.cond(True, lambda: jnp.int32(1), lambda: jnp.float32(1)),
    lambda: lax.cond(jnp.ones(2) > 0, lambda: 1.0, lambda: 2.0),
    lambda: lax.cond("yes", lambda: 1.0, lambda: 2.0),
    lambda: lax.switch(0.5, branches, 1.0),
    lambda: lax.switch(0, [], 1.0),
    lambda: lax.cond(True, lambda x: x, 1.0),
]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__)
