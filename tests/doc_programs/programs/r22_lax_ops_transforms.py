# jax.lax docstring operations under transformations: grad / jvp / vmap of top_k, sort_key_val
# and multi-operand sort with num_keys, cumulative ops (cumsum / cumprod / cummax /
# cumlogsumexp, reverse), reduce_precision, pad with interior and negative padding, rev,
# clamp, select_n, dynamic_update_slice, argmax with index_dtype, population_count / clz,
# reduce_window and conv_transpose gradients, ragged_dot under grad
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.array([3.0, 1.0, 4.0, 1.5, 5.0, 9.0, 2.0, 6.0])
print(lax.top_k(x, 3))
print(jax.grad(lambda v: lax.top_k(v, 3)[0].sum())(x))
print(jax.vmap(lambda v: lax.top_k(v, 2)[1])(x.reshape(2, 4)))
print(jax.jvp(lambda v: lax.top_k(v, 2)[0], (x,), (jnp.arange(8.0),)))
keys = jnp.array([2, 0, 1, 0])
vals = jnp.array([10.0, 20.0, 30.0, 40.0])
print(lax.sort_key_val(keys, vals))
print(jax.grad(lambda v: lax.sort_key_val(keys, v)[1][0])(vals))
print(lax.sort((keys, vals, jnp.arange(4)), num_keys=2))
print(jax.vmap(lambda k, v: lax.sort_key_val(k, v))(keys.reshape(2, 2), vals.reshape(2, 2)))
print(lax.sort(x.reshape(2, 4), dimension=0, is_stable=True))
c = jnp.array([1.0, 2.0, 3.0, 4.0])
for op in [lax.cumsum, lax.cumprod, lax.cummax, lax.cummin, lax.cumlogsumexp]:
    print(op.__name__, op(c), op(c, reverse=True))
    print("  grad", jax.grad(lambda v: op(v).sum())(c))
print(jax.grad(lambda v: lax.cumlogsumexp(v, reverse=True)[0])(c))
print(jax.vmap(lambda v: lax.cumsum(v, axis=0))(jnp.ones((2, 3))))
print(lax.reduce_precision(jnp.float32(1.0 / 3.0), exponent_bits=5, mantissa_bits=10))
print(jax.grad(lambda v: lax.reduce_precision(v * v, 8, 7))(1.1))
print(lax.pad(jnp.arange(1.0, 4.0), 0.0, [(1, 2, 1)]))
print(lax.pad(jnp.arange(6.0), -1.0, [(-1, -2, 0)]))
print(jax.grad(lambda v: lax.pad(v, 0.0, [(2, -1, 1)]).sum())(jnp.arange(1.0, 4.0)))
print(
    lax.rev(jnp.arange(6).reshape(2, 3), (0, 1)),
    jax.grad(lambda v: (lax.rev(v, (0,)) * c).sum())(c),
)
print(lax.clamp(1.5, c, 3.0), jax.grad(lambda v: lax.clamp(1.5, v, 3.0).sum())(c))
print(lax.select_n(jnp.array([0, 1, 2, 1]), c, -c, 10 * c))
print(jax.grad(lambda v: lax.select_n(jnp.array([True, False, True, False]), v, v**2).sum())(c))
z = jnp.zeros((4, 4))
print(lax.dynamic_update_slice(z, jnp.ones((2, 2)), (3, 1)))
print(jax.grad(lambda u: lax.dynamic_update_slice(z, u * 2, (1, 1)).sum())(jnp.ones((2, 2))))
print(jax.vmap(lambda i: lax.dynamic_update_slice(jnp.zeros(5), jnp.ones(2), (i,)))(jnp.arange(3)))
print(lax.argmax(x, 0, jnp.int8), lax.argmin(x.reshape(2, 4), 1, jnp.int32))
u = jnp.array([0, 1, 7, 255, 1024], dtype=jnp.uint32)
print(lax.population_count(u), lax.clz(u), jax.vmap(lax.population_count)(u.astype(jnp.int8)))
img = jnp.arange(16.0).reshape(1, 4, 4, 1)
print(
    jax.grad(
        lambda a: lax.reduce_window(a, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID").sum()
    )(img)[0, :, :, 0]
)
print(
    jax.grad(
        lambda a: lax.reduce_window(a, 0.0, lax.add, (1, 3, 3, 1), (1, 1, 1, 1), "SAME").sum()
    )(img)[0, :, :, 0]
)
k = jnp.ones((3, 3, 1, 2))
y = lax.conv_transpose(img, k, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
print(y.shape, y[0, :3, :3, 0])
print(
    jax.grad(
        lambda kk: lax.conv_transpose(
            img, kk, (2, 2), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC")
        ).sum()
    )(k)[:, :, 0, 0]
)
lhs = jnp.arange(12.0).reshape(6, 2)
rhs = jnp.stack([jnp.eye(2), 2 * jnp.eye(2), 3 * jnp.eye(2)])
gs = jnp.array([2, 3, 1], dtype=jnp.int32)
print(lax.ragged_dot(lhs, rhs, gs))
print(jax.grad(lambda r: lax.ragged_dot(lhs, r, gs).sum())(rhs)[1])
print(jax.grad(lambda l: lax.ragged_dot(l, rhs, gs).sum())(lhs)[:, 0])
