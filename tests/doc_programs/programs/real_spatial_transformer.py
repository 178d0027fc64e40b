# A spatial transformer: affine sampling grids from 2x3 matrices, bilinear sampling with
# jax.scipy.ndimage.map_coordinates (order=1, constant and nearest modes) and a hand-written
# gather-based sampler compared with it, a localisation regressor recovering a known rotation and
# shift by gradient descent through the sampler, and jax.image.scale_and_translate / resize for the
# same zoom
import jax
import jax.numpy as jnp
from jax.scipy.ndimage import map_coordinates

H = W = 24
yy, xx = jnp.meshgrid(jnp.arange(H, dtype=jnp.float32), jnp.arange(W, dtype=jnp.float32), indexing="ij")
img = jnp.exp(-(((yy - 9) / 3) ** 2) - ((xx - 14) / 5) ** 2) + 0.5 * ((jnp.abs(yy - 16) < 2) & (jnp.abs(xx - 8) < 5))


def affine_grid(theta):
    ys, xs = jnp.linspace(-1, 1, H), jnp.linspace(-1, 1, W)
    gy, gx = jnp.meshgrid(ys, xs, indexing="ij")
    pts = jnp.stack([gx.ravel(), gy.ravel(), jnp.ones(H * W)])
    out = theta @ pts
    px = (out[0] + 1) * (W - 1) / 2
    py = (out[1] + 1) * (H - 1) / 2
    return py.reshape(H, W), px.reshape(H, W)


def sample(img, py, px, mode="constant"):
    return map_coordinates(img, [py, px], order=1, mode=mode, cval=0.0)


def bilinear(img, py, px):
    y0, x0 = jnp.floor(py), jnp.floor(px)
    wy, wx = py - y0, px - x0

    def at(y, x):
        inside = (y >= 0) & (y <= H - 1) & (x >= 0) & (x <= W - 1)
        return jnp.where(inside, img[jnp.clip(y, 0, H - 1).astype(jnp.int32), jnp.clip(x, 0, W - 1).astype(jnp.int32)], 0.0)

    return (1 - wy) * (1 - wx) * at(y0, x0) + (1 - wy) * wx * at(y0, x0 + 1) + wy * (1 - wx) * at(y0 + 1, x0) + wy * wx * at(y0 + 1, x0 + 1)


identity = jnp.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
print(bool(jnp.allclose(sample(img, *affine_grid(identity)), img, atol=1e-5)))
a = 0.3
true_theta = jnp.array([[jnp.cos(a), -jnp.sin(a), 0.1], [jnp.sin(a), jnp.cos(a), -0.15]])
target = sample(img, *affine_grid(true_theta))
print(bool(jnp.allclose(bilinear(img, *affine_grid(true_theta)), target, atol=1e-4)), float(target.sum()))
nearest = sample(img, *affine_grid(true_theta * 1.3), mode="nearest")
print(float(nearest.min()) >= 0, float(jnp.abs(nearest - target).max()) > 0.1)


def loss(params):
    ang, tx, ty = params
    theta = jnp.array([[jnp.cos(ang), -jnp.sin(ang), tx], [jnp.sin(ang), jnp.cos(ang), ty]])
    return jnp.mean((sample(img, *affine_grid(theta)) - target) ** 2)


params = jnp.array([0.15, 0.0, 0.0])
step = jax.jit(lambda p: p - 2.0 * jax.grad(loss)(p))
for _ in range(300):
    params = step(params)
print(float(loss(params)) < 1e-4, bool(jnp.allclose(params, jnp.array([a, 0.1, -0.15]), atol=0.03)))
zoom = jnp.array([[0.5, 0.0, 0.0], [0.0, 0.5, 0.0]])
zoomed = sample(img, *affine_grid(zoom))
resized = jax.image.resize(img[6:18, 6:18], (H, W), "linear")
st = jax.image.scale_and_translate(img, (H, W), (0, 1), jnp.array([2.0, 2.0]), jnp.array([-H / 2, -W / 2]) + 0.0, "linear")
print(resized.shape, st.shape, float(jnp.abs(zoomed - st).mean()) < 0.05)
print(jax.grad(lambda t: sample(img, *affine_grid(t)).sum())(identity).shape)
