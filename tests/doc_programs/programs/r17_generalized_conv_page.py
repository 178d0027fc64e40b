# "Generalized convolutions in JAX": jnp.convolve modes, scipy.signal.convolve2d, lax.conv
# with NCHW / NHWC dimension_numbers via conv_dimension_numbers, SAME / VALID / explicit
# padding, strides, lhs_dilation (transposed convs) and rhs_dilation (atrous), 1D and 3D
# convolutions, feature_group_count, and conv_transpose
import jax
import jax.numpy as jnp
import jax.scipy as jsp
import numpy as np
from jax import lax

x = jnp.linspace(0, 10, 20)
w = jnp.array([0.25, 0.5, 0.25])
for mode in ("full", "same", "valid"):
    print(mode, jnp.convolve(x, w, mode=mode)[:4])
print(jnp.correlate(jnp.arange(4.), jnp.array([1., 2.]), mode="full"))
img = jnp.arange(36.).reshape(6, 6)
kern = jnp.array([[1., 0.], [0., -1.]])
print(jsp.signal.convolve2d(img, kern, mode='same'))
print(jsp.signal.correlate2d(img, kern, mode='valid').shape)
print(jsp.signal.convolve(img, kern, method='fft').shape)

kernel = jnp.zeros((3, 3, 3, 3), dtype=jnp.float32)
kernel += jnp.array([[1, 1, 0], [1, 0, -1], [0, -1, -1]])[:, :, jnp.newaxis, jnp.newaxis]
print("Edge Conv kernel:", kernel[:, :, 0, 0])
img = jnp.linspace(0, 1, 200 * 198 * 3).reshape(1, 200, 198, 3)
dn = lax.conv_dimension_numbers(img.shape, kernel.shape, ('NHWC', 'HWIO', 'NHWC'))
print(dn)
out = lax.conv_general_dilated(img, kernel, (1, 1), 'SAME', (1, 1), (1, 1), dn)
print("out shape: ", out.shape)
print(out[0, :2, :2, 0])
out = lax.conv_general_dilated(img, kernel, (1, 1), 'VALID', (1, 1), (1, 1), dn)
print("out shape: ", out.shape, "DIFFERENT from above!")
out = lax.conv_general_dilated(img, kernel, (2, 2), 'SAME', (1, 1), (1, 1), dn)
print(" out shape: ", out.shape, " <-- half the size of above")
out = lax.conv_general_dilated(img, kernel, (1, 1), 'VALID', (1, 1), (12, 12), dn)
print("out shape: ", out.shape)
out = lax.conv_general_dilated(img, kernel, (1, 1), ((0, 0), (0, 0)), (2, 2), (1, 1), dn)
print("out shape: ", out.shape, "<-- larger than original!")
out = lax.conv_transpose(img, kernel, (2, 2), 'SAME', dimension_numbers=('NHWC', 'HWIO', 'NHWC'))
print("out shape: ", out.shape, "<-- transpose_conv")
print(out[0, :2, :2, 0])

lhs = jnp.arange(2 * 3 * 8, dtype=jnp.float32).reshape(2, 3, 8)
rhs = jnp.ones((4, 3, 3))
print(lax.conv(lhs, rhs, (1,), 'SAME').shape)
print(lax.conv_with_general_padding(lhs, rhs, (2,), ((1, 2),), (1,), (2,)).shape)
print(lax.conv_general_dilated(lhs, rhs, (1,), 'VALID', dimension_numbers=('NCH', 'OIH', 'NHC')).shape)
vol = jnp.ones((1, 5, 6, 7, 2))
k3 = jnp.ones((3, 3, 3, 2, 4))
dn3 = lax.conv_dimension_numbers(vol.shape, k3.shape, ('NDHWC', 'DHWIO', 'NDHWC'))
print(lax.conv_general_dilated(vol, k3, (1, 1, 1), 'SAME', dimension_numbers=dn3).shape)
grouped = lax.conv_general_dilated(jnp.ones((1, 4, 5, 5)), jnp.ones((6, 2, 3, 3)), (1, 1), 'VALID',
                                   feature_group_count=2)
print(grouped.shape, grouped[0, :, 0, 0])
print(lax.conv_general_dilated(jnp.ones((1, 2, 5, 5)), jnp.ones((2, 2, 3, 3)), (1, 1), 'SAME',
                               precision=lax.Precision.HIGHEST, preferred_element_type=jnp.float32)[0, 0])
print(jax.grad(lambda k: lax.conv(jnp.ones((1, 1, 4, 4)), k, (1, 1), 'VALID').sum())(jnp.ones((1, 1, 2, 2))))
print(lax.ConvDimensionNumbers(lhs_spec=(0, 1, 2), rhs_spec=(0, 1, 2), out_spec=(0, 1, 2)))
try:
    lax.conv(jnp.ones((1, 3, 5)), jnp.ones((2, 4, 3)), (1,), 'SAME')
except Exception as e:
    print(type(e).__name__)
