# Image operations: a tiny ray-traced sphere image, jax.image.resize in several methods, a
# separable Gaussian blur by convolutions, a Sobel edge detector vmapped over a batch, affine
# scale_and_translate
import jax
import jax.numpy as jnp
from jax import lax


def render(center, radius, H=16, W=16):
    ys, xs = jnp.meshgrid(jnp.linspace(-1, 1, H), jnp.linspace(-1, 1, W), indexing="ij")
    d = jnp.stack([xs, ys, jnp.ones_like(xs)], -1)
    d = d / jnp.linalg.norm(d, axis=-1, keepdims=True)
    oc = -center
    b = jnp.einsum("hwc,c->hw", d, oc)
    c = oc @ oc - radius**2
    disc = b**2 - c
    t = -b - jnp.sqrt(jnp.maximum(disc, 0.0))
    hit = (disc > 0) & (t > 0)
    p = t[..., None] * d
    n = (p - center) / radius
    light = jnp.array([0.5, -0.5, -1.0]) / jnp.sqrt(1.5)
    return jnp.where(hit, jnp.clip(-(n @ light), 0.0, 1.0), 0.0)


img = render(jnp.array([0.0, 0.0, 3.0]), 1.0)
print(img.shape, img.dtype, float(img.max()).__round__(4), int((img > 0).sum()))
for method in ["nearest", "linear", "cubic", "lanczos3"]:
    small = jax.image.resize(img, (8, 8), method=method)
    print(method, small.shape, jnp.round(small.sum(), 3))
big = jax.image.resize(img[None, :, :, None], (1, 24, 24, 1), "bilinear", antialias=False)
print(big.shape, jnp.round(big.mean(), 4))


def gaussian_kernel(sigma, size=5):
    x = jnp.arange(size) - size // 2
    k = jnp.exp(-0.5 * (x / sigma) ** 2)
    return k / k.sum()


def blur(im, sigma=1.0):
    k = gaussian_kernel(sigma)
    im = im[None, None]
    im = lax.conv_general_dilated(im, k[None, None, :, None], (1, 1), "SAME")
    im = lax.conv_general_dilated(im, k[None, None, None, :], (1, 1), "SAME")
    return im[0, 0]


def sobel(im):
    kx = jnp.array([[-1.0, 0, 1], [-2, 0, 2], [-1, 0, 1]])
    gx = jax.scipy.signal.convolve2d(im, kx, mode="same")
    gy = jax.scipy.signal.convolve2d(im, kx.T, mode="same")
    return jnp.hypot(gx, gy)


blurred = blur(img)
print(jnp.round(blurred.sum(), 3), jnp.round(blurred[8, 6:10], 4))
batch = jax.vmap(render, in_axes=(0, None))(jnp.array([[0.0, 0, 3], [0.3, 0, 3], [0, 0.3, 4]]), 1.0)
edges = jax.jit(jax.vmap(sobel))(batch)
print(batch.shape, edges.shape, jnp.round(edges.max(axis=(1, 2)), 3))
st = jax.image.scale_and_translate(img, (16, 16), (0, 1), jnp.array([0.5, 0.5]), jnp.array([4.0, 4.0]), "linear")
print(jnp.round(st.sum(), 3), st.dtype)
print(jax.grad(lambda r: render(jnp.array([0.0, 0, 3]), r).sum())(1.0).round(3))
print(jax.image.ResizeMethod.from_string("bicubic"), jnp.round(jax.image.resize(jnp.arange(4.0), (7,), "linear"), 3))
