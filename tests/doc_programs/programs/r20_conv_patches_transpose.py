# jax.lax's convolution helpers the API docs list: conv_general_dilated_patches (patches in the
# channel dimension, with strides, padding, dilations and dimension_numbers), conv_transpose
# (with transpose_kernel, strides, padding strings / pairs and NHWC specs) against the
# gradient of a convolution, conv_general_dilated with ConvDimensionNumbers from
# conv_dimension_numbers, and the shape helpers conv_shape_tuple /
# conv_general_shape_tuple / conv_transpose_shape_tuple / reduce_window_shape_tuple
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

x = jnp.arange(2 * 3 * 5 * 5, dtype=jnp.float32).reshape(2, 3, 5, 5)
p = lax.conv_general_dilated_patches(x, filter_shape=(2, 2), window_strides=(1, 1), padding="VALID")
print(p.shape, p[0, :, 0, 0])
p2 = lax.conv_general_dilated_patches(x, (3, 3), (2, 2), "SAME")
print(p2.shape, p2[1, 4, :, :])
p3 = lax.conv_general_dilated_patches(x, (2, 2), (1, 1), [(1, 0), (0, 1)], rhs_dilation=(2, 1))
print(p3.shape, p3[0, ::3, 1, 1])
xn = jnp.transpose(x, (0, 2, 3, 1))
p4 = lax.conv_general_dilated_patches(
    xn, (2, 2), (1, 1), "VALID", dimension_numbers=("NHWC", "OIHW", "NHWC")
)
print(p4.shape, jnp.allclose(jnp.transpose(p4, (0, 3, 1, 2)), p))
p5 = lax.conv_general_dilated_patches(x[:, :1], (2, 2), (1, 1), "VALID", lhs_dilation=(2, 2))
print(p5.shape, p5[0, :, 1, 1])

# patches @ kernel == convolution
k = jnp.arange(4 * 3 * 2 * 2, dtype=jnp.float32).reshape(4, 3, 2, 2) / 10.0
conv = lax.conv_general_dilated(x, k, (1, 1), "VALID")
via = jnp.einsum("nphw,op->nohw", p, k.reshape(4, -1))
print(conv.shape, jnp.allclose(conv, via, rtol=1e-5))

# conv_transpose
y = jnp.arange(1 * 4 * 4 * 2, dtype=jnp.float32).reshape(1, 4, 4, 2)
w = jnp.ones((3, 3, 2, 3), jnp.float32)
dn = ("NHWC", "HWIO", "NHWC")
for padding in ["SAME", "VALID", [(1, 1), (2, 0)]]:
    out = lax.conv_transpose(y, w, strides=(2, 2), padding=padding, dimension_numbers=dn)
    print(padding, out.shape, out[0, :3, :3, 0])
out_t = lax.conv_transpose(y, w, (2, 1), "SAME", dimension_numbers=dn, transpose_kernel=True)
print(out_t.shape, float(out_t.sum()))
out_d = lax.conv_transpose(y, w, (1, 1), "VALID", rhs_dilation=(2, 2), dimension_numbers=dn)
print(out_d.shape, float(out_d.sum()))


# conv_transpose with transpose_kernel is the gradient of a strided convolution
def fwd(z, w):
    return lax.conv_general_dilated(z, w, (2, 2), "SAME", dimension_numbers=dn)


z = jnp.arange(1 * 8 * 8 * 3, dtype=jnp.float32).reshape(1, 8, 8, 3) / 100.0
wk = jnp.linspace(-1.0, 1.0, 3 * 3 * 3 * 2).reshape(3, 3, 3, 2)
ct = jnp.ones(fwd(z, wk).shape)
_, vjp = jax.vjp(lambda z: fwd(z, wk), z)
print(vjp(ct)[0].shape, vjp(ct)[0][0, :2, :2, 0])

dnums = lax.conv_dimension_numbers(x.shape, k.shape, ("NCHW", "OIHW", "NHWC"))
print(dnums)
print(lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=dnums).shape)

print(lax.conv_shape_tuple((2, 3, 5, 5), (4, 3, 2, 2), (1, 1), "VALID"))
print(lax.conv_shape_tuple((2, 3, 5, 5), (4, 3, 2, 2), (2, 2), [(1, 1), (0, 0)]))
print(
    lax.conv_general_shape_tuple(
        (2, 5, 5, 3), (2, 2, 3, 4), (1, 1), "SAME", ("NHWC", "HWIO", "NHWC")
    )
)
print(
    lax.conv_transpose_shape_tuple(
        (1, 4, 4, 2), (3, 3, 2, 3), (2, 2), "SAME", ("NHWC", "HWIO", "NHWC")
    )
)
print(lax.reduce_window_shape_tuple((4, 6), (2, 2), (2, 2), [(0, 0), (0, 0)]))
print(lax.reduce_window_shape_tuple((4, 6), (2, 3), (1, 1), [(1, 0), (0, 1)], base_dilation=(2, 1)))
print(lax.padtype_to_pads((5, 5), (2, 3), (2, 2), "SAME"))
print(np.asarray(lax.conv_general_permutations(("NHWC", "HWIO", "NHWC"))).tolist())
