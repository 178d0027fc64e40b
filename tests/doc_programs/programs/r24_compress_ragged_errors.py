# jax.numpy's data-dependent shapes (compress / extract / nonzero need a static size under jit)
# and lax.ragged_dot under vmap: JAX's batching rule maps only operands mapped along axis 0
import jax
import jax.numpy as jnp
from jax import lax


def show(fn, *args):
    try:
        out = fn(*args)
        print("ok", out)
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines()[:2]:
            print("   ", line)


x = jnp.arange(8.0)
print(jnp.compress(x > 4, x), jnp.extract(x % 3 == 0, x))
show(jax.jit(lambda v: jnp.compress(v > 4, v)), x)
show(jax.jit(lambda v: jnp.extract(v > 4, v)), x)
show(jax.jit(lambda v: jnp.compress(v > 4, v, size=4)), x)
show(jax.jit(lambda v: jnp.extract(v > 4, v, size=5, fill_value=-1)), x)
show(jax.jit(lambda v: jnp.nonzero(v > 4)), x)
show(jax.jit(lambda v: jnp.nonzero(v > 4, size=3)), x)
show(jax.vmap(lambda v: jnp.compress(v > 1, v, size=2)), x.reshape(2, 4))
m = jnp.arange(12.0).reshape(3, 4)
print(jnp.compress(jnp.array([True, False, True]), m, axis=0))
show(lambda: jnp.compress(jnp.array([True, False, True, True]), m, axis=0))
show(lambda: jnp.compress(jnp.array([[True]]), m))

lhs = jnp.arange(24.0).reshape(6, 4) / 10
rhs = jnp.arange(60.0).reshape(3, 4, 5) / 7
gs = jnp.array([1, 2, 3])
print(lax.ragged_dot(lhs, rhs, gs).sum())
L, R, G = jnp.stack([lhs, 2 * lhs]), jnp.stack([rhs, rhs + 1]), jnp.array([[1, 2, 3], [3, 3, 0]])
print(jax.vmap(lax.ragged_dot)(L, R, G).sum(axis=(1, 2)))
print(jax.jit(jax.vmap(lax.ragged_dot))(L, R, G).shape)
show(jax.vmap(lambda g: lax.ragged_dot(lhs, rhs, g)), G)
show(jax.vmap(lambda l: lax.ragged_dot(l, rhs, gs)), L)
show(jax.vmap(lambda l, g: lax.ragged_dot(l, rhs, g)), L, G)
show(jax.vmap(lambda r: lax.ragged_dot(lhs, r, gs)), R)
show(jax.vmap(lax.ragged_dot, in_axes=(1, 0, 0)), L.transpose(1, 0, 2), R, G)
show(lambda: jax.grad(lambda l: jax.vmap(lax.ragged_dot)(l, R, G).sum())(L).sum())
