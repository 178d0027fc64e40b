# "Generalized convolutions in JAX": conv_general_dilated with dimension_numbers strings,
# strides, padding, rhs/lhs dilation (transposed convolutions), 1D and 3D, depthwise convolutions
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

key = jax.random.key(0)
k1, k2, k3 = jax.random.split(key, 3)
img = jax.random.uniform(k1, (1, 9, 9, 2))          # NHWC
kernel = jax.random.normal(k2, (3, 3, 2, 4)) * 0.3  # HWIO
dn = lax.conv_dimension_numbers(img.shape, kernel.shape, ("NHWC", "HWIO", "NHWC"))
print(dn)
out = lax.conv_general_dilated(img, kernel, (1, 1), "SAME", (1, 1), (1, 1), dn)
print("out shape:", out.shape)
print(jnp.round(out[0, :2, :2, 0], 4))
out = lax.conv_general_dilated(img, kernel, (2, 2), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC"))
print("strided VALID:", out.shape)
print(jnp.round(out[0, :, :, 1], 4))
out = lax.conv_general_dilated(img, kernel, (1, 1), ((2, 1), (0, 2)),
                               dimension_numbers=("NHWC", "HWIO", "NHWC"))
print("explicit padding:", out.shape, jnp.round(out.sum(), 3))
out = lax.conv_general_dilated(img, kernel, (1, 1), "VALID", rhs_dilation=(2, 2),
                               dimension_numbers=("NHWC", "HWIO", "NHWC"))
print("dilated kernel:", out.shape, jnp.round(out[0, 0, 0], 4))
out = lax.conv_general_dilated(img, kernel, (1, 1), ((1, 1), (1, 1)), lhs_dilation=(2, 2),
                               dimension_numbers=("NHWC", "HWIO", "NHWC"))
print("transposed (lhs_dilation):", out.shape, jnp.round(out[0, 1, :4, 2], 4))
out_nchw = lax.conv_general_dilated(jnp.transpose(img, (0, 3, 1, 2)), jnp.transpose(kernel, (3, 2, 0, 1)),
                                    (1, 1), "SAME")
ref = lax.conv_general_dilated(img, kernel, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
print("layouts agree:", jnp.allclose(jnp.transpose(out_nchw, (0, 2, 3, 1)), ref, atol=1e-5))

# conv_transpose
ct = lax.conv_transpose(img, kernel, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
print("conv_transpose:", ct.shape, jnp.round(ct[0, 0, :3, 0], 4))
ct = lax.conv_transpose(img, kernel, (2, 2), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC"))
print("conv_transpose VALID:", ct.shape)

# 1D: NWC / WIO
sig = jnp.sin(jnp.linspace(0, 6.28, 16)).reshape(1, 16, 1)
k1d = jnp.array([1., 0., -1.]).reshape(3, 1, 1)
d1 = lax.conv_general_dilated(sig, k1d, (1,), "SAME", dimension_numbers=("NWC", "WIO", "NWC"))
print("1D:", d1.shape, jnp.round(d1[0, :6, 0], 4))
d1 = lax.conv_general_dilated(sig, k1d, (3,), [(1, 1)], dimension_numbers=("NWC", "WIO", "NWC"))
print("1D strided:", jnp.round(d1[0, :, 0], 4))

# 3D: NDHWC / DHWIO
vol = jnp.arange(2 * 5 * 5 * 5, dtype=jnp.float32).reshape(1, 5, 5, 5, 2) / 100
k3d = jnp.ones((2, 2, 2, 2, 3))
d3 = lax.conv_general_dilated(vol, k3d, (1, 1, 1), "VALID",
                              dimension_numbers=("NDHWC", "DHWIO", "NDHWC"))
print("3D:", d3.shape, jnp.round(d3[0, 0, 0, :2, 0], 4))

# depthwise: feature_group_count == input channels
dw_kernel = jax.random.normal(k3, (3, 3, 1, 2))
dw = lax.conv_general_dilated(img, dw_kernel, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"),
                              feature_group_count=2)
print("depthwise:", dw.shape)
sep = [lax.conv_general_dilated(img[..., c:c + 1], dw_kernel[..., c:c + 1], (1, 1), "SAME",
                                dimension_numbers=("NHWC", "HWIO", "NHWC")) for c in range(2)]
print("depthwise matches per-channel:", jnp.allclose(dw, jnp.concatenate(sep, -1), atol=1e-5))
# batch_group_count (used by the gradient of grouped convolutions)
bg = lax.conv_general_dilated(jnp.ones((2, 4, 4, 1)), jnp.ones((2, 2, 1, 2)), (1, 1), "VALID",
                              dimension_numbers=("NHWC", "HWIO", "NHWC"), batch_group_count=2)
print("batch groups:", bg.shape, bg[0, 0, 0])

# gradients through convolutions
def loss(k):
    return jnp.sum(lax.conv_general_dilated(img, k, (2, 2), "SAME",
                                            dimension_numbers=("NHWC", "HWIO", "NHWC")) ** 2)


gk = jax.grad(loss)(kernel)
print("grad:", gk.shape, jnp.round(gk[0, 0, 0], 3))
gi = jax.grad(lambda x: lax.conv_general_dilated(x, dw_kernel, (1, 1), "SAME",
                                                  dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                                  feature_group_count=2).sum())(img)
print("grad depthwise input:", jnp.round(gi[0, 4, 4], 4))
print(jax.jit(lambda x, k: lax.conv(x, k, (1, 1), "VALID"))(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)))[0, 0])
