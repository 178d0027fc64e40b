# lax.conv_general_dilated: lhs dilation (transposed convolution), rhs dilation, feature and batch
# groups, every padding spelling, 1D and 3D layouts, and conv_transpose against it
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(1 * 2 * 5 * 5, dtype=jnp.float32).reshape(1, 2, 5, 5)
k = jnp.ones((3, 2, 3, 3), jnp.float32)
print(lax.conv_general_dilated(x, k, (1, 1), "SAME").shape)
print(lax.conv_general_dilated(x, k, (2, 2), "SAME_LOWER")[0, 0])
print(lax.conv_general_dilated(x, k, (1, 1), ((1, 0), (0, 2)))[0, 1])
print(lax.conv_general_dilated(x, k, (1, 1), ((1, 1), (1, 1)), lhs_dilation=(2, 2))[0, 0])
try:
    lax.conv_general_dilated(x, k, (1, 1), "VALID", lhs_dilation=(2, 2))
except ValueError:
    print("ValueError")
print(lax.conv_general_dilated(x, k, (1, 1), "VALID", rhs_dilation=(2, 2))[0, 2])
kg = jnp.arange(4 * 1 * 2 * 2, dtype=jnp.float32).reshape(4, 1, 2, 2)
print(lax.conv_general_dilated(x, kg, (1, 1), "VALID", feature_group_count=2)[0, :, 0, 0])
xb = jnp.arange(2 * 1 * 4 * 4, dtype=jnp.float32).reshape(2, 1, 4, 4)
kb = jnp.ones((2, 1, 2, 2), jnp.float32)
print(lax.conv_general_dilated(xb, kb, (1, 1), "VALID", batch_group_count=2).shape)
print(lax.conv_general_dilated(xb, kb, (1, 1), "VALID", batch_group_count=2)[0, :, 0])

x1 = jnp.arange(10.).reshape(1, 10, 1)
k1 = jnp.array([1., 0., -1.]).reshape(3, 1, 1)
print(lax.conv_general_dilated(x1, k1, (1,), "SAME", dimension_numbers=("NWC", "WIO", "NWC"))[0, :, 0])
x3 = jnp.ones((1, 4, 4, 4, 1))
k3 = jnp.ones((2, 2, 2, 1, 1))
print(lax.conv_general_dilated(x3, k3, (2, 2, 2), "VALID", dimension_numbers=("NDHWC", "DHWIO", "NDHWC")).ravel())

xn = jnp.arange(16.).reshape(1, 4, 4, 1)
kn = jnp.ones((3, 3, 1, 1))
y = lax.conv_transpose(xn, kn, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
print(y.shape, y[0, :, :, 0])
print(lax.conv_transpose(xn, kn, (2, 2), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC")).shape)
print(lax.conv_transpose(xn, kn, (1, 1), ((1, 1), (2, 2)), dimension_numbers=("NHWC", "HWIO", "NHWC")).shape)
print(lax.conv_transpose(xn, kn, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"), transpose_kernel=True).shape)
print(lax.conv_with_general_padding(x, k, (1, 1), ((0, 0), (1, 1)), (1, 1), (1, 1)).shape)
print(lax.conv(x, k, (1, 1), "VALID")[0, 0, 0])
dn = lax.conv_dimension_numbers(x.shape, k.shape, ("NCHW", "OIHW", "NCHW"))
print(dn)
g = jax.grad(lambda k: lax.conv_general_dilated(x, k, (2, 2), "SAME", rhs_dilation=(1, 2)).sum())(k)
print(g[0, 0])
gx = jax.grad(lambda x: (lax.conv_general_dilated(x, kg, (1, 1), "VALID", feature_group_count=2) ** 2).sum())(x)
print(gx[0, 1, 0])
print(jax.vmap(lambda a: lax.conv_general_dilated(a[None], k, (1, 1), "VALID")[0])(jnp.stack([x[0], 2 * x[0]])).shape)
print(jnp.convolve(jnp.arange(5.), jnp.array([1., 2.]), mode="full"), jnp.correlate(jnp.arange(5.), jnp.array([1., 2.]), mode="valid"))
