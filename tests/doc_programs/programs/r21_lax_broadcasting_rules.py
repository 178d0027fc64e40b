# The jax.lax page's broadcasting rules for elementwise ops ("a scalar, or arrays of the same
# number of dimensions that are broadcast-compatible"): size-1 broadcasting, rank-0 operands,
# lax.select with a scalar predicate, lax.clamp with array bounds, and the TypeErrors for
# other ranks and incompatible sizes, as printed by the ops named in the errors
import jax
import jax.numpy as jnp
from jax import lax

a = jnp.arange(6.0).reshape(2, 3)
print(lax.add(a, jnp.ones((1, 3))), lax.mul(a, jnp.array([[2.0], [3.0]])))
print(lax.max(a, 2.5), lax.sub(1.0, a), lax.pow(a, 2.0))
print(lax.atan2(a, jnp.ones((2, 1))), lax.rem(a, jnp.full((1, 1), 4.0)))
print(lax.select(jnp.bool_(True), a, -a), lax.select(a > 2, a, -a))
print(lax.clamp(1.0, a, 4.0), lax.clamp(jnp.zeros((2, 3)), a, jnp.full((2, 3), 3.0)))
print(lax.nextafter(jnp.ones((2, 1)), jnp.zeros((1, 3))))
print(lax.eq(a, jnp.array([[0.0, 1.0, 0.0]])), lax.bitwise_and(jnp.arange(3), 1))
print(lax.complex(a, jnp.ones((1, 3))))
for op, x, y in [
    (lax.add, a, jnp.ones(3)),
    (lax.mul, a, jnp.ones((3, 3))),
    (lax.div, jnp.ones(4), jnp.ones((2, 4))),
    (lax.max, jnp.ones((2, 1, 3)), jnp.ones((2, 3))),
    (lax.atan2, jnp.ones(2), jnp.ones(3)),
    (lax.bitwise_or, jnp.ones((2, 2), jnp.int32), jnp.ones(2, jnp.int32)),
]:
    try:
        op(x, y)
    except TypeError as e:
        print("TypeError", str(e).splitlines()[0])
try:
    lax.select(jnp.ones(3, bool), a, a)
except TypeError as e:
    print("TypeError", str(e).splitlines()[0][:60])
try:
    lax.clamp(jnp.zeros(3), a, 4.0)
except TypeError as e:
    print("TypeError", str(e).splitlines()[0][:60])
print(jax.jit(lambda x, y: lax.add(x, y))(a, jnp.ones((2, 1))))
print(jax.vmap(lambda x, y: lax.mul(x, y))(a, jnp.ones((2, 1))))
print(jax.grad(lambda x: lax.mul(x, jnp.ones((1, 3))).sum())(jnp.ones((2, 1))))
print(jax.grad(lambda y: lax.add(a, y).sum())(jnp.ones((1, 3))))
