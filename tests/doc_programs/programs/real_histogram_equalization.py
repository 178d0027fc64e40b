# Classic image enhancement on a synthetic low-contrast uint8 image: histograms by jnp.bincount
# and jnp.histogram, the CDF mapping of histogram equalisation applied with a lookup table,
# contrast stretching between percentiles, gamma correction, CLAHE-style tiles equalised
# separately with vmap and blended, resizing with jax.image.resize (nearest, linear, lanczos3),
# and uint8 round trips with clipping
import jax
import jax.numpy as jnp

H = W = 32
yy, xx = jnp.meshgrid(jnp.arange(H), jnp.arange(W), indexing="ij")
base = 100 + 20 * jnp.sin(xx / 5.0) + 10 * jnp.cos(yy / 3.0) + 5 * jax.random.normal(jax.random.key(0), (H, W))
img = jnp.clip(jnp.round(base), 0, 255).astype(jnp.uint8)
print(img.dtype, int(img.min()), int(img.max()))
hist = jnp.bincount(img.ravel(), length=256)
h2, edges = jnp.histogram(img, bins=256, range=(0, 256))
print(hist.dtype, int(hist.sum()), bool(jnp.array_equal(hist, h2)), edges[:3])


def equalize(im):
    hist = jnp.bincount(im.ravel(), length=256)
    cdf = jnp.cumsum(hist)
    cdf_min = cdf[jnp.argmax(cdf > 0)]
    lut = jnp.round((cdf - cdf_min) / (im.size - cdf_min) * 255)
    return jnp.clip(lut, 0, 255).astype(jnp.uint8)[im]


eq = jax.jit(equalize)(img)
print(eq.dtype, int(eq.min()), int(eq.max()), float(eq.astype(jnp.float32).std()) > float(img.astype(jnp.float32).std()))
lo, hi = jnp.percentile(img, jnp.array([2.0, 98.0]))
stretched = jnp.clip((img.astype(jnp.float32) - lo) / (hi - lo) * 255, 0, 255).astype(jnp.uint8)
print(float(lo), float(hi), int(stretched.max()))
gamma = (255 * (img / 255.0) ** 0.5).astype(jnp.uint8)
print(gamma.dtype, int(gamma.mean()) > int(img.mean()))
tiles = img.reshape(4, 8, 4, 8).transpose(0, 2, 1, 3).reshape(16, 8, 8)
eq_tiles = jax.vmap(equalize)(tiles)
clahe = eq_tiles.reshape(4, 4, 8, 8).transpose(0, 2, 1, 3).reshape(H, W)
print(clahe.shape, clahe.dtype, bool(jnp.all(clahe.reshape(4, 8, 4, 8).max((1, 3)) == 255)))
f = img.astype(jnp.float32)
for method in ("nearest", "linear", "lanczos3", "cubic"):
    up = jax.image.resize(f, (64, 64), method)
    down = jax.image.resize(up, (32, 32), method)
    print(method, up.shape, float(jnp.abs(down - f).mean()) < 5.0)
back = jnp.clip(jnp.round(jax.image.resize(f, (16, 16), "linear", antialias=True)), 0, 255).astype(jnp.uint8)
print(back.shape, back.dtype, jnp.uint8(250) + jnp.uint8(10), (jnp.array([250], jnp.uint8) + 10).dtype)
