# Classical image processing on a synthetic image: Gaussian blur by separable convolution with
# jax.scipy.signal.convolve2d on a symmetric jnp.pad, Sobel gradients, gradient magnitude / orientation with arctan2,
# Otsu's threshold from a histogram (jnp.histogram, cumsum), histogram equalisation via the CDF
# and jnp.interp, morphological dilation / erosion with lax.reduce_window, connected-component
# labelling by iterated max-propagation in a while_loop, and component sizes by bincount
import jax
import jax.numpy as jnp
from jax.scipy.signal import convolve2d

H = W = 24
yy, xx = jnp.mgrid[0:H, 0:W]
img = 0.2 + 0.6 * (((yy - 7) ** 2 + (xx - 7) ** 2) < 16) + 0.5 * ((yy > 14) & (yy < 20) & (xx > 12) & (xx < 21))
img = jnp.clip(img + 0.05 * jax.random.normal(jax.random.key(0), (H, W)), 0.0, 1.0)
print(img.shape, img.dtype, f"{float(img.mean()):.4f}")

g1 = jnp.exp(-0.5 * (jnp.arange(-2, 3) / 1.0) ** 2)
g1 = g1 / g1.sum()
# convolve2d supports only zero fill: pad symmetrically by hand, then keep the valid part
padded = jnp.pad(img, 2, mode="symmetric")
blur = convolve2d(convolve2d(padded, g1[None, :], mode="valid"), g1[:, None], mode="valid")
print(f"{float(blur.std()):.4f}", bool(blur.std() < img.std()))
sobel = jnp.array([[1.0, 0.0, -1.0], [2.0, 0.0, -2.0], [1.0, 0.0, -1.0]])
gx = convolve2d(blur, sobel, mode="same")
gy = convolve2d(blur, sobel.T, mode="same")
mag, ang = jnp.hypot(gx, gy), jnp.arctan2(gy, gx)
print(f"{float(mag.max()):.3f}", ang.dtype, int((mag > 0.5).sum()))


def otsu(x, bins=32):
    hist, edges = jnp.histogram(x, bins=bins, range=(0.0, 1.0))
    centers = 0.5 * (edges[1:] + edges[:-1])
    p = hist / hist.sum()
    w0 = jnp.cumsum(p)
    m0 = jnp.cumsum(p * centers)
    mt = m0[-1]
    between = (mt * w0 - m0) ** 2 / (w0 * (1 - w0) + 1e-12)
    return centers[jnp.argmax(between)]


t = otsu(blur)
mask = blur > t
print(f"{float(t):.4f}", int(mask.sum()))
hist, edges = jnp.histogram(img, bins=16, range=(0.0, 1.0))
cdf = jnp.cumsum(hist) / hist.sum()
eq = jnp.interp(img.ravel(), edges[1:], cdf).reshape(H, W)
print(hist.dtype, f"{float(eq.mean()):.4f}", bool(eq.max() <= 1.0))


def dilate(m, k=3):
    return jax.lax.reduce_window(m.astype(jnp.float32), -jnp.inf, jax.lax.max, (k, k), (1, 1), "SAME") > 0


def erode(m, k=3):
    return jax.lax.reduce_window(m.astype(jnp.float32), jnp.inf, jax.lax.min, (k, k), (1, 1), "SAME") > 0


opened = dilate(erode(mask))
print(int(opened.sum()), int(dilate(mask).sum()) >= int(mask.sum()))


@jax.jit
def label(m):
    init = jnp.where(m, jnp.arange(1, H * W + 1).reshape(H, W), 0)

    def step(lab):
        pooled = jax.lax.reduce_window(lab, 0, jax.lax.max, (3, 3), (1, 1), "SAME")
        return jnp.where(m, pooled, 0)

    def cond(s):
        lab, prev = s
        return jnp.any(lab != prev)

    lab, _ = jax.lax.while_loop(cond, lambda s: (step(s[0]), s[0]), (step(init), init))
    return lab


labels = label(opened)
ids = jnp.unique(labels, size=4, fill_value=0)
print(labels.dtype, int((ids > 0).sum()))
sizes = jnp.bincount(jnp.searchsorted(ids, labels).ravel(), length=4)
print(sizes, int(sizes[1:].sum()) == int(opened.sum()))
