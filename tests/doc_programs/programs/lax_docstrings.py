# jax.lax docstrings: dot_general with dimension numbers and preferred_element_type, select_n,
# gather / scatter with GatherDimensionNumbers / ScatterDimensionNumbers, the dynamic_slice
# family, multi-operand sort, population_count / clz, reduce_window, rem / div / integer_pow,
# broadcast_in_dim, collapse / expand_dims / squeeze, and lax.composite
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

lhs = jnp.arange(6, dtype=jnp.int8).reshape(2, 3)
rhs = jnp.arange(12, dtype=jnp.int8).reshape(3, 4)
out = lax.dot_general(lhs, rhs, (([1], [0]), ([], [])), preferred_element_type=jnp.int32)
print(out, out.dtype)
b = jnp.arange(24.).reshape(2, 3, 4)
print(lax.dot_general(b, b, (([2], [2]), ([0], [0]))).shape)
print(lax.dot(jnp.ones((2, 3)), jnp.ones(3), precision=lax.Precision.HIGHEST))
print(lax.Precision.HIGHEST, lax.Precision('default'), lax.DotAlgorithmPreset.DEFAULT)
print(lax.batch_matmul(jnp.ones((2, 2, 3)), jnp.ones((2, 3, 1))).shape)

which = jnp.array([0, 1, 2, 1])
print(lax.select_n(which, jnp.zeros(4), jnp.ones(4), jnp.full(4, 2.)))
print(lax.select_n(jnp.array([True, False]), jnp.array([1, 2]), jnp.array([3, 4])))
print(lax.select(jnp.array([True, False]), jnp.array([1, 2]), jnp.array([3, 4])))

operand = jnp.arange(12.).reshape(3, 4)
dnums = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,),
                                   start_index_map=(0,))
print(dnums)
print(lax.gather(operand, jnp.array([[2], [0]]), dnums, slice_sizes=(1, 4)))
dn2 = lax.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0, 1),
                                 start_index_map=(0, 1))
print(lax.gather(operand, jnp.array([[0, 1], [2, 5]]), dn2, (1, 1),
                 mode=lax.GatherScatterMode.FILL_OR_DROP, fill_value=-1.))
print(lax.gather(operand, jnp.array([[0, 1], [2, 5]]), dn2, (1, 1), mode="clip"))
sd = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,),
                                 scatter_dims_to_operand_dims=(0,))
print(sd)
z = jnp.zeros(5)
idx = jnp.array([[1], [3], [1]])
print(lax.scatter_add(z, idx, jnp.array([1., 2., 3.]), sd))
print(lax.scatter(z, idx[:2], jnp.array([1., 2.]), sd, unique_indices=True))
print(lax.scatter_max(z, idx, jnp.array([-1., 2., 3.]), sd), lax.scatter_mul(jnp.ones(5), idx, jnp.full(3, 2.), sd))

x = jnp.arange(10)
print(lax.dynamic_slice(x, (2,), (3,)), lax.dynamic_slice(x, (8,), (3,)))
print(lax.dynamic_slice_in_dim(operand, 1, 2, axis=1))
print(lax.dynamic_index_in_dim(operand, 2, axis=0), lax.dynamic_index_in_dim(operand, 2, 0, False))
print(lax.dynamic_update_slice(x, jnp.array([-1, -2]), (9,)))
print(lax.dynamic_update_slice_in_dim(operand, jnp.zeros((3, 1)), 2, axis=1))
print(lax.dynamic_update_index_in_dim(x, 99, 0, axis=0))
print(lax.slice(x, (1,), (8,), (3,)), lax.slice_in_dim(operand, 0, 4, 2, axis=1))
print(lax.index_in_dim(operand, 1, axis=1, keepdims=False))

keys = jnp.array([3, 1, 2, 1])
vals = jnp.array([10., 20., 30., 40.])
print(lax.sort((keys, vals), num_keys=1))
print(lax.sort_key_val(keys, vals))
print(lax.sort(jnp.array([[3, 1], [0, 5]]), dimension=0, is_stable=True))
print(lax.sort((jnp.array([1, 1, 0]), jnp.array([2, 1, 9])), num_keys=2))
print(lax.top_k(jnp.array([1., 5., 3., 5.]), 2))

u = jnp.array([0, 1, 7, 255, -1], dtype=jnp.int32)
print(lax.population_count(u), lax.clz(u), lax.clz(jnp.uint8(1)))
print(lax.shift_left(jnp.int32(1), jnp.int32(4)), lax.shift_right_arithmetic(jnp.int32(-16), 2),
      lax.shift_right_logical(jnp.int32(-16), 28))
print(lax.rem(jnp.array([-7, 7]), 3), lax.div(jnp.array([-7, 7]), 3), lax.integer_pow(x[:4], 3))
print(lax.reduce_window(x.astype(float), 0., lax.add, (3,), (1,), "VALID"))
print(lax.reduce_window(operand, -jnp.inf, lax.max, (2, 2), (1, 2), ((0, 1), (0, 0))))
print(lax.broadcast_in_dim(jnp.array([1, 2]), (3, 2), (1,)), lax.broadcast(jnp.int8(1), (2,)))
print(lax.collapse(b, 0, 2).shape, lax.expand_dims(x, (0, 2)).shape, lax.squeeze(jnp.ones((1, 3, 1)), (0, 2)).shape)
print(lax.full_like(x, 4, dtype=jnp.float16), lax.iota(jnp.int8, 4))
print(lax.convert_element_type(jnp.array([1.7, -1.7]), jnp.int32), lax.bitcast_convert_type(jnp.float32(1.0), jnp.int32))
print(lax.clamp(0., jnp.array([-1., 0.5, 2.]), 1.), lax.nextafter(jnp.float32(1), jnp.float32(2)) - 1)


def my_square_impl(x):
    return x ** 2


my_square = lax.composite(my_square_impl, name="my.square")
print(my_square(jnp.array(3.0)))
print(jax.jit(my_square)(jnp.arange(3.)))
try:
    jax.grad(my_square)(2.0)
except Exception as e:
    print(type(e).__name__)
