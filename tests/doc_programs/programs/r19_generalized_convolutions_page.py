# "Generalized convolutions in JAX": 1D / 2D / 3D convolutions with jnp.convolve and
# jax.scipy.signal, lax.conv_general_dilated with dimension_numbers (NCHW / NHWC), strides,
# SAME / VALID / explicit padding, lhs and rhs dilation (transposed convolutions),
# feature_group_count, conv_dimension_numbers, conv_transpose and their gradients
import jax
import jax.numpy as jnp
import jax.scipy as jsp
import numpy as np
from jax import lax

key = jax.random.key(1701)
x = jnp.linspace(0, 10, 50)
y = jnp.sin(x) + 0.2 * jax.random.normal(key, shape=(50,))
window = jnp.ones(10) / 10
y_smooth = jnp.convolve(y, window, mode="same")
print(y_smooth.shape, y_smooth[:4], jnp.convolve(y, window, mode="valid").shape, jnp.convolve(y, window).shape)
img = jnp.arange(64.0).reshape(8, 8) / 64
x2 = jnp.linspace(-3, 3, 7)
window2 = jsp.stats.norm.pdf(x2) * jsp.stats.norm.pdf(x2[:, None])
smooth_image = jsp.signal.convolve(img, window2, mode="same")
print(smooth_image.shape, smooth_image[3, :3])
print(jsp.signal.convolve2d(img, jnp.ones((2, 2)), mode="valid").shape, jsp.signal.correlate(img, window2, mode="full").shape)
kernel = jnp.zeros((3, 3, 3, 3), dtype=jnp.float32)
kernel += jnp.array([[1, 1, 0], [1, 0, -1], [0, -1, -1]])[:, :, jnp.newaxis, jnp.newaxis]
print("Edge Conv kernel:", kernel.shape)
img = jnp.zeros((1, 20, 20, 3), dtype=jnp.float32)
for k in range(3):
    xv, yv = 2 + 3 * k, 2 + 5 * k
    img = img.at[0, xv:xv + 10, yv:yv + 10, k].set(1.0)
out = lax.conv(jnp.transpose(img, [0, 3, 1, 2]), jnp.transpose(kernel, [3, 2, 0, 1]), (1, 1), "SAME")
print("out shape: ", out.shape, out[0, 0, 5, :6])
out = lax.conv_with_general_padding(jnp.transpose(img, [0, 3, 1, 2]), jnp.transpose(kernel, [2, 3, 0, 1]), (1, 1), ((2, 2), (2, 2)), (1, 1), (1, 1))
print("out shape: ", out.shape)
dn = lax.conv_dimension_numbers(img.shape, kernel.shape, ("NHWC", "HWIO", "NHWC"))
print(dn)
out = lax.conv_general_dilated(img, kernel, (1, 1), "SAME", (1, 1), (1, 1), dn)
print("out shape: ", out.shape, out[0, 5, :6, 0])
out = lax.conv_general_dilated(img, kernel, (1, 1), "VALID", (1, 1), (1, 1), dn)
print("out shape: ", out.shape, "DIFFERENT from above!")
out = lax.conv_general_dilated(img, kernel, (2, 2), "SAME", (1, 1), (1, 1), dn)
print("out shape: ", out.shape, " <-- half the size of above")
out = lax.conv_general_dilated(img, kernel, (1, 1), "VALID", (1, 1), (12, 12), dn)
print("out shape: ", out.shape)
out = lax.conv_general_dilated(img, kernel, (1, 1), ((0, 0), (0, 0)), (2, 2), (1, 1), dn)
print("out shape: ", out.shape, "<-- larger than original!")
out = lax.conv_general_dilated(img, kernel, (1, 1), ((1, 1), (1, 1)), (2, 2), (1, 1), dn)
print("out shape: ", out.shape)
k1d = jnp.array([1, 0, -1], dtype=jnp.float32)[:, None, None]
d1 = jnp.zeros((1, 200, 1), dtype=jnp.float32)
for w in range(40, 80):
    d1 = d1.at[0, w, 0].set(1.0)
dn1 = lax.conv_dimension_numbers(d1.shape, k1d.shape, ("NWC", "WIO", "NWC"))
print(dn1)
out = lax.conv_general_dilated(d1, k1d, (1,), "SAME", (1,), (1,), dn1)
print("out shape: ", out.shape, out[0, 38:42, 0], out[0, 78:82, 0])
k3 = jnp.ones((3, 3, 3, 1, 2), jnp.float32) / 27
vol = jnp.arange(6 * 6 * 6.0).reshape(1, 6, 6, 6, 1)
dn3 = lax.conv_dimension_numbers(vol.shape, k3.shape, ("NHWDC", "HWDIO", "NHWDC"))
out = lax.conv_general_dilated(vol, k3, (1, 1, 1), "SAME", (1, 1, 1), (1, 1, 1), dn3)
print("out shape: ", out.shape, out[0, 2, 2, :3, 0])
grp = lax.conv_general_dilated(jnp.ones((1, 4, 5, 5)), jnp.ones((6, 2, 3, 3)), (1, 1), "VALID", feature_group_count=2)
print(grp.shape, grp[0, :, 0, 0])
tr = lax.conv_transpose(jnp.ones((1, 4, 4, 2)), jnp.ones((3, 3, 2, 5)), (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
print(tr.shape, tr[0, :3, :3, 0])
tr2 = lax.conv_transpose(jnp.ones((1, 4, 4, 2)), jnp.ones((3, 3, 2, 5)), (2, 2), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC"))
print(tr2.shape)


def conv_loss(kern, im):
    return jnp.sum(lax.conv_general_dilated(im, kern, (1, 1), "SAME", dimension_numbers=dn) ** 2)


gk = jax.grad(conv_loss)(kernel, img)
print(gk.shape, gk[:, :, 0, 0])
gi = jax.grad(conv_loss, argnums=1)(kernel, img)
print(gi.shape, float(jnp.abs(gi).sum()))
print(jax.vmap(lambda a: jnp.convolve(a, jnp.array([1.0, -1.0]), mode="valid"))(jnp.arange(12.0).reshape(3, 4)))
