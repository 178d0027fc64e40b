# jax.lax operations no other program runs, from the API docs: mulhi, scatter_sub,
# broadcast_to_rank, tile, split, asin / atan / sinh / cosh / reciprocal, the comparison
# functions ge / le / ne, nextafter-free integer pieces (population_count, clz), the
# ragged_dot_general with RaggedDotDimensionNumbers, lax.stop_gradient in jaxprs, and the
# primitives' names (e.g. lax.add_p) as make_jaxpr shows them
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

a = jnp.array([0x7FFFFFFF, -5, 123456789, 3], dtype=jnp.int32)
b = jnp.array([0x7FFFFFFF, 7, 987654321, -3], dtype=jnp.int32)
print(lax.mulhi(a, b))
print(lax.mulhi(jnp.uint32(0xFFFFFFFF), jnp.uint32(0xFFFFFFFF)))

operand = jnp.zeros(5)
idx = jnp.array([[0], [2], [2]])
dnums = lax.ScatterDimensionNumbers(
    update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)
)
print(lax.scatter_sub(operand, idx, jnp.array([1.0, 2.0, 3.0]), dnums))
print(lax.scatter_add(operand, idx, jnp.array([1.0, 2.0, 3.0]), dnums))

print(
    lax.broadcast_to_rank(jnp.arange(3), 3).shape, lax.broadcast_to_rank(jnp.ones((2, 3)), 2).shape
)
print(lax.tile(jnp.arange(3), (2,)), lax.tile(jnp.array([[1, 2]]), (2, 3)))
print(lax.split(jnp.arange(10), (3, 3, 4)))
print(lax.split(jnp.arange(12).reshape(3, 4), (1, 3), axis=1)[1])

v = jnp.array([0.0, 0.25, 0.5])
print(lax.asin(v), lax.atan(v), lax.sinh(v), lax.cosh(v), lax.reciprocal(v + 1.0))
print(lax.ge(jnp.arange(3), 1), lax.le(jnp.arange(3), 1), lax.ne(jnp.arange(3), 1))
print(
    lax.population_count(jnp.array([0, 1, 7, 255], jnp.uint8)),
    lax.clz(jnp.array([1, 256], jnp.int32)),
)
print(jax.grad(lambda x: lax.asin(x) + lax.atan(x) + lax.sinh(x) * lax.cosh(x))(0.3))

# ragged_dot_general: a grouped matmul with explicit dimension numbers
lhs = jnp.arange(6 * 4, dtype=jnp.float32).reshape(6, 4) / 10.0
rhs = jnp.ones((3, 4, 2), jnp.float32) * jnp.arange(1.0, 4.0)[:, None, None]
group_sizes = jnp.array([2, 1, 3], jnp.int32)
rdn = lax.RaggedDotDimensionNumbers(
    dot_dimension_numbers=(([1], [1]), ([], [])),
    lhs_ragged_dimensions=[0],
    rhs_group_dimensions=[0],
)
out = lax.ragged_dot_general(lhs, rhs, group_sizes, rdn)
print(out.shape)
print(out)
print(jnp.allclose(out, lax.ragged_dot(lhs, rhs, group_sizes)))

print(lax.add_p, lax.sin_p.name, lax.reduce_sum_p, lax.dot_general_p.multiple_results)
print(jax.make_jaxpr(lambda x: lax.stop_gradient(x) * lax.reciprocal(x))(1.0))
print(np.asarray(lax.sort(jnp.array([3, 1, 2]), is_stable=True)))
