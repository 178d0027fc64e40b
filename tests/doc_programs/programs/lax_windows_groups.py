# jax.lax building blocks: reduce_window with strides / padding / dilations, depthwise and
# grouped convolutions (feature_group_count, batch_group_count), conv_transpose, patches,
# dynamic slices with clamped starts, multi-operand sort with num_keys, top_k,
# cumulative reductions in reverse, approx_max_k, argmax index dtypes, clamp and select_n
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

x = jnp.arange(1., 17.).reshape(1, 4, 4, 1)
print(lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")[0, ..., 0])
print(lax.reduce_window(x, 0., lax.add, (1, 3, 3, 1), (1, 1, 1, 1), "SAME")[0, ..., 0])
print(lax.reduce_window(x[0, ..., 0], 0., lax.add, (2, 2), (1, 1), ((1, 0), (0, 1)), window_dilation=(2, 1))
      .shape)
print(lax.reduce_window(jnp.arange(4.), 0., lax.add, (2,), (1,), "VALID", base_dilation=(2,)))
print(lax.reduce_window(jnp.arange(6), 1, lax.mul, (3,), (3,), "VALID"))
print(jax.grad(lambda v: lax.reduce_window(v, -jnp.inf, lax.max, (2,), (2,), "VALID").sum())(jnp.array([1., 3., 2., 0.])))

img = jnp.arange(2 * 4 * 5 * 5, dtype=jnp.float32).reshape(2, 4, 5, 5) / 100
k_dw = jnp.ones((4, 1, 3, 3)) / 9
out = lax.conv_general_dilated(img, k_dw, (1, 1), "SAME", feature_group_count=4)
print(out.shape, jnp.round(out[0, :, 2, 2], 4))
k_grp = jnp.arange(6 * 2 * 1 * 1, dtype=jnp.float32).reshape(6, 2, 1, 1)
out2 = lax.conv_general_dilated(img, k_grp, (1, 1), "VALID", feature_group_count=2)
print(out2.shape, jnp.round(out2[1, :, 0, 0], 4))
lhs = jnp.ones((4, 2, 3, 3))
rhs = jnp.ones((4, 2, 2, 2))
out3 = lax.conv_general_dilated(lhs, rhs, (1, 1), "VALID", batch_group_count=2)
print(out3.shape, out3[0, :, 0, 0])
nhwc = jnp.arange(1 * 4 * 4 * 1, dtype=jnp.float32).reshape(1, 4, 4, 1)
hwio = jnp.ones((2, 2, 1, 1))
print(lax.conv_transpose(nhwc, hwio, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")).shape)
print(lax.conv_transpose(nhwc, hwio, (1, 1), "VALID", rhs_dilation=(2, 2), dimension_numbers=("NHWC", "HWIO", "NHWC")).shape)
patches = lax.conv_general_dilated_patches(img[:, :1], (2, 2), (1, 1), "VALID")
print(patches.shape, patches[0, :, 0, 0])
print(jax.grad(lambda k: lax.conv_general_dilated(img, k, (1, 1), "SAME", feature_group_count=4).sum())(k_dw).shape)

m = jnp.arange(12).reshape(3, 4)
print(lax.dynamic_slice(m, (2, 3), (2, 2)), lax.dynamic_slice(m, (-1, 1), (1, 2)))
print(lax.dynamic_update_slice(m, jnp.full((2, 2), -1), (2, 3)))
print(lax.dynamic_update_slice(jnp.zeros(5), jnp.ones(2), (jnp.int32(-3),)))
print(lax.dynamic_index_in_dim(m, 1, axis=1, keepdims=False), lax.dynamic_update_index_in_dim(m, jnp.array([9, 9, 9, 9]), 0, 0))
print(jax.jit(lambda i: lax.dynamic_slice_in_dim(m, i, 2, axis=1))(3))

keys1 = jnp.array([2, 1, 2, 1, 0])
keys2 = jnp.array([5., 3., 1., 4., 9.])
vals = jnp.array([10, 20, 30, 40, 50])
print(lax.sort((keys1, keys2, vals), num_keys=2))
print(lax.sort((keys1, vals), num_keys=1, is_stable=True))
print(lax.sort(jnp.array([[3., 1.], [0., 2.]]), dimension=0))
print(lax.sort_key_val(keys2, vals))
t = jnp.array([[1., 5., 5., 2.], [7., 0., 3., 3.]])
print(lax.top_k(t, 2), lax.top_k(-t, 1)[1])
print(lax.approx_max_k(t, 2)[0], lax.approx_min_k(t, 1)[1])
c = jnp.array([[1., 2., 3.], [-1., 0.5, 4.]])
print(lax.cumsum(c, axis=1, reverse=True), lax.cumprod(c, axis=0), lax.cummax(c, axis=1, reverse=True))
print(jnp.round(lax.cumlogsumexp(c, axis=1), 4), lax.cummin(c, axis=0, reverse=True))
print(lax.argmax(c, 1, jnp.int32), lax.argmin(c, 0, jnp.int8).dtype)
print(lax.clamp(0., c, 2.), lax.select_n(jnp.array([0, 1, 2]), jnp.zeros(3), jnp.ones(3), jnp.full(3, 2.)))
print(lax.select_n(jnp.array([True, False]), jnp.array([1, 2]), jnp.array([3, 4])))
print(lax.pad(jnp.arange(1, 4), 0, [(1, 2, 1)]), lax.pad(jnp.arange(1., 6.), -1., [(-1, -2, 0)]))
print(np.asarray(lax.rev(m, (0, 1)))[0], lax.expand_dims(jnp.ones(3), (0, 2)).shape, lax.squeeze(jnp.ones((1, 3, 1)), (0, 2)).shape)
