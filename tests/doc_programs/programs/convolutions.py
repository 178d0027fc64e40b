# Generalized convolutions in JAX
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
import jax.scipy as jsp

key = jax.random.key(1701)
x = jnp.linspace(0, 10, 50)
y = jnp.sin(x) + 0.2 * jax.random.normal(key, shape=(50,))
window = jnp.ones(10) / 10
y_smooth = jnp.convolve(y, window, mode='same')
print(y_smooth.shape, y_smooth.dtype)
print(jnp.round(y_smooth[:5], 4))
print(jnp.convolve(jnp.array([1., 2., 3.]), jnp.array([0., 1., 0.5]), mode='full'))
print(jnp.convolve(jnp.array([1., 2., 3.]), jnp.array([0., 1., 0.5]), mode='valid'))
print(jnp.correlate(jnp.array([1., 2., 3., 4.]), jnp.array([1., 0., -1.]), mode='same'))

image = jnp.arange(64, dtype=jnp.float32).reshape(8, 8) / 64
kernel = jnp.array([[0., 1., 0.], [1., -4., 1.], [0., 1., 0.]])
smooth_image = jsp.signal.convolve(image, kernel, mode='same')
print(smooth_image.shape)
print(jnp.round(smooth_image[:3, :3], 4))
print(jnp.round(jsp.signal.convolve2d(image, kernel, mode='valid')[0], 4))
print(jnp.round(jsp.signal.correlate(image[0], kernel[1], mode='full'), 4))

# lax.conv_general_dilated
kernel = jnp.zeros((3, 3, 3, 3), dtype=jnp.float32)
kernel += jnp.array([[1, 1, 0], [1, 0, -1], [0, -1, -1]])[:, :, jnp.newaxis, jnp.newaxis]
print("Edge Conv kernel:", kernel.shape)
img = jnp.zeros((1, 12, 12, 3), dtype=jnp.float32)
for k in range(3):
    x = 2 + 2 * k
    y = 3 + k
    img = img.at[0, x:x+4, y:y+4, k].set(1.0)
print(img.shape)

out = lax.conv(jnp.transpose(img, [0, 3, 1, 2]),
               jnp.transpose(kernel, [3, 2, 0, 1]),
               (1, 1),
               'SAME')
print("out shape: ", out.shape)
print(out[0, 0, 2:8, 2:8])

out = lax.conv_with_general_padding(
    jnp.transpose(img, [0, 3, 1, 2]),
    jnp.transpose(kernel, [2, 3, 0, 1]),
    (1, 1),
    ((2, 2), (2, 2)),
    (1, 1),
    (1, 1))
print("out shape: ", out.shape)
print(out[0, 1, 4:8, 4:8])

dn = lax.conv_dimension_numbers(img.shape, kernel.shape, ('NHWC', 'HWIO', 'NHWC'))
print(dn)
out = lax.conv_general_dilated(img, kernel, (1, 1), 'SAME', (1, 1), (1, 1), dn)
print("out shape: ", out.shape)
print(out[0, 3:7, 3:7, 0])
out = lax.conv_general_dilated(img, kernel, (1, 1), 'VALID', (1, 1), (1, 1), dn)
print("out shape: ", out.shape, "DIFFERENT from above!")
out = lax.conv_general_dilated(img, kernel, (2, 2), 'SAME', (1, 1), (1, 1), dn)
print("out shape: ", out.shape, " <-- half the size of above")
print(out[0, :, :, 0])
out = lax.conv_general_dilated(img, kernel, (1, 1), 'VALID', (1, 1), (2, 2), dn)
print("out shape: ", out.shape, "<-- smaller than VALID above")
out = lax.conv_general_dilated(img, kernel, (1, 1), ((0, 0), (0, 0)), (2, 2), (1, 1), dn)
print("out shape: ", out.shape, "<-- larger than original!")
print(out[0, 8:12, 8:12, 1])

# transposed convolution
out = lax.conv_transpose(img, kernel, (2, 2), 'SAME', dimension_numbers=('NHWC', 'HWIO', 'NHWC'))
print("conv_transpose out shape:", out.shape)
print(jnp.round(out[0, 8:12, 8:12, 2], 3))
out = lax.conv_transpose(img, kernel, (1, 1), 'VALID', dimension_numbers=('NHWC', 'HWIO', 'NHWC'))
print("conv_transpose VALID:", out.shape)

# 1D and 3D convolutions
kernel = jnp.array([1, 0, -1], dtype=jnp.float32)[:, jnp.newaxis, jnp.newaxis]
data = jnp.zeros((1, 20, 1), dtype=jnp.float32)
for k in range(2):
    x = 1 * k + 4
    data = data.at[0, x:x+5, 0].set(1.0)
dn = lax.conv_dimension_numbers(data.shape, kernel.shape, ('NWC', 'WIO', 'NWC'))
print(dn)
out = lax.conv_general_dilated(data, kernel, (1,), 'SAME', (1,), (1,), dn)
print("out shape: ", out.shape)
print(out[0, :, 0])

kernel = jnp.ones((3, 3, 3, 1, 1)) / 27.
data = jnp.zeros((1, 6, 6, 6, 1), dtype=jnp.float32).at[0, 2:4, 2:4, 2:4, 0].set(1.0)
dn = lax.conv_dimension_numbers(data.shape, kernel.shape, ('NHWDC', 'HWDIO', 'NHWDC'))
print(dn)
out = lax.conv_general_dilated(data, kernel, (1, 1, 1), 'SAME', (1, 1, 1), (1, 1, 1), dn)
print("out shape: ", out.shape)
print(jnp.round(out[0, 1:5, 1:5, 3, 0], 4))

# grouped convolution and grads of a convolution
lhs = jnp.arange(4 * 5, dtype=jnp.float32).reshape(1, 4, 5) / 10
rhs = jnp.ones((4, 2, 3), dtype=jnp.float32)
out = lax.conv_general_dilated(lhs[..., None], rhs[..., None], (1, 1), 'VALID', feature_group_count=2)
print(out.shape)
print(out[0, :, :, 0])
g = jax.grad(lambda w: jnp.sum(lax.conv(lhs, w, (1,), 'SAME') ** 2))(jnp.ones((3, 4, 3)) * 0.1)
print(g.shape, jnp.round(g[0], 3))
print(jax.jit(lambda a, b: lax.conv(a, b, (1,), 'VALID'), )(lhs, jnp.ones((2, 4, 2))).shape)
try:
    lax.conv(lhs, rhs, (1,), 'VALID')
except Exception as e:
    print(type(e).__name__)
