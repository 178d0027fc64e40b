# Errors the tutorials run into, printed whole (as the pages' tracebacks end): broadcasting and
# matmul shape mismatches, reshape sizes, ragged arrays, grad of non-scalar and integer
# inputs, vmap axes that do not fit, tree structures that differ, scan lengths, PRNG keys
# given where a key is expected, and out-of-range axes
import jax
import jax.numpy as jnp
from jax import lax


def show(fn, *args, **kwargs):
    try:
        print("ok", fn(*args, **kwargs))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            print("   ", line)


show(lambda: jnp.ones(3) + jnp.ones(4))
show(lambda: jnp.ones((2, 3)) @ jnp.ones((2, 3)))
show(lambda: jnp.dot(jnp.ones(3), jnp.ones(4)))
show(lambda: lax.add(jnp.ones(3), jnp.ones(3, jnp.int32)))
show(lambda: jnp.arange(6).reshape(4, 2))
show(lambda: jnp.arange(6).reshape(-1, 4))
show(lambda: jnp.array([[1, 2], [3]]))
show(lambda: jnp.concatenate([jnp.ones((2, 3)), jnp.ones((2, 4))]))
show(lambda: jnp.stack([jnp.ones(2), jnp.ones(3)]))
show(lambda: jnp.ones((2, 3)).sum(axis=2))
show(lambda: jnp.transpose(jnp.ones((2, 3)), (0, 0)))
show(lambda: jnp.ones(3)[5])
show(lambda: jnp.ones((2, 3))[0, 0, 0])
show(jax.grad(lambda x: x**2), jnp.ones(3))
show(jax.grad(lambda x: x**2), 3)
show(jax.grad(lambda x, y: x * y, argnums=2), 1.0, 2.0)
show(jax.vmap(lambda x: x), jnp.ones(3), )
show(jax.vmap(lambda x, y: x + y, in_axes=(0, 1)), jnp.ones((2, 3)), jnp.ones((2, 3)))
show(jax.vmap(lambda x: x, in_axes=1), jnp.ones(3))
show(jax.vmap(lambda x: x, in_axes=(0, 0)), jnp.ones(3))
show(jax.vmap(lambda d: d["a"], in_axes=({"b": 0},)), {"a": jnp.ones(3)})
show(jax.vmap(lambda x: x, out_axes=2), jnp.ones(3))
show(lambda: jax.tree.map(lambda a, b: a + b, {"a": 1, "b": 2}, {"a": 1, "c": 2}))
show(lambda: jax.tree.map(lambda a, b: a + b, [1, 2], [1, 2, 3]))
show(lambda: jax.tree.map(lambda a, b: a + b, (1, 2), [1, 2]))
show(lambda: lax.scan(lambda c, x: (c, x), 0.0, (jnp.ones(3), jnp.ones(4))))
show(lambda: lax.scan(lambda c, x: (c, x), 0.0, None))
show(lambda: jax.random.normal(0, (2,)))
show(lambda: jax.random.uniform(jax.random.key(0), (2,), minval=jnp.ones(3)))
show(lambda: lax.dynamic_slice(jnp.ones(5), (0, 0), (2,)))
show(lambda: lax.conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 2, 3, 3)), (1, 1), "SAME"))
show(lambda: jnp.linalg.inv(jnp.ones((2, 3))))
show(lambda: jnp.linalg.solve(jnp.eye(3), jnp.ones(4)))
show(lambda: jnp.einsum("ij,jk->ik", jnp.ones((2, 3)), jnp.ones((4, 5))))
show(lambda: jnp.where(jnp.ones(3) > 0, jnp.ones(3), jnp.ones(4)))
show(lambda: jnp.take_along_axis(jnp.ones((2, 3)), jnp.ones(3, int), axis=1))
show(lambda: jnp.zeros(3).at[5].set(1.0, mode="promise_in_bounds").block_until_ready() is not None)
show(lambda: jnp.ones(3, dtype="float128"))
show(lambda: jnp.astype(jnp.ones(3), "string"))
