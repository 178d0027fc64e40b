# Resampling and interpolation under transformations: jax.image.resize (linear, cubic,
# lanczos3, nearest) with gradients and vmap, scale_and_translate, jax.scipy.ndimage
# map_coordinates (orders 0 and 1, modes) with grads and vmap, RegularGridInterpolator
# (linear / nearest, fill_value) and its gradient, jnp.interp gradients, and trapezoid
import jax
import jax.numpy as jnp
from jax.scipy.interpolate import RegularGridInterpolator
from jax.scipy.ndimage import map_coordinates

img = jnp.arange(16.0).reshape(4, 4)
for m in ["nearest", "linear", "cubic", "lanczos3", "lanczos5"]:
    r = jax.image.resize(img, (6, 6), method=m)
    g = jax.grad(lambda a: jax.image.resize(a, (6, 6), method=m)[2, 3])(img)
    print(m, r[2, :3], g.sum(), jnp.count_nonzero(g))
print(
    jax.image.resize(img, (2, 2), "linear", antialias=False),
    jax.image.resize(img, (2, 2), "linear"),
)
print(jax.vmap(lambda a: jax.image.resize(a, (2, 8), "linear"))(jnp.stack([img, img.T]))[1, 0])
out = jax.image.scale_and_translate(
    img, (4, 4), (0, 1), jnp.array([1.0, 1.0]), jnp.array([0.5, -0.5]), "linear"
)
print(out)
print(
    jax.grad(
        lambda s: jax.image.scale_and_translate(
            img, (4, 4), (0, 1), s, jnp.zeros(2), "linear"
        ).sum()
    )(jnp.array([1.2, 0.8]))
)
coords = jnp.array([[0.5, 1.5, 2.25], [1.0, 2.5, 0.75]])
for order in (0, 1):
    for mode in ("constant", "nearest", "wrap", "mirror", "reflect"):
        print(order, mode, map_coordinates(img, coords, order=order, mode=mode, cval=-1.0))
print(jax.grad(lambda c: map_coordinates(img, c, order=1).sum())(coords))
print(jax.grad(lambda a: map_coordinates(a, coords, order=1).sum())(img))
print(jax.vmap(lambda c: map_coordinates(img, c, order=1))(jnp.stack([coords, coords + 0.5])))
xs, ys = jnp.linspace(0, 1, 4), jnp.linspace(0, 2, 5)
vals = xs[:, None] ** 2 + ys[None, :]
interp = RegularGridInterpolator((xs, ys), vals)
pts = jnp.array([[0.2, 0.3], [0.9, 1.9], [1.5, 0.5]])
print(interp(pts))
print(RegularGridInterpolator((xs, ys), vals, method="nearest")(pts))
print(RegularGridInterpolator((xs, ys), vals, bounds_error=False, fill_value=None)(pts))
print(jax.grad(lambda p: interp(p).sum())(pts[:2]))
print(jax.grad(lambda v: RegularGridInterpolator((xs, ys), v)(pts[:2]).sum())(vals).sum())
xp = jnp.array([0.0, 1.0, 3.0])
fp = jnp.array([0.0, 2.0, 3.0])
print(jax.vmap(jax.grad(lambda t: jnp.interp(t, xp, fp)))(jnp.array([-1.0, 0.5, 2.0, 4.0])))
print(
    jax.grad(lambda f: jnp.interp(2.0, xp, f))(fp),
    jax.grad(lambda t: jnp.interp(t, xp, fp, left=-1.0, right=9.0))(5.0),
)
print(jnp.trapezoid(fp, xp), jax.grad(jnp.trapezoid, argnums=(0, 1))(fp, xp))
print(jax.scipy.integrate.trapezoid(jnp.ones((2, 3)), dx=0.5, axis=1))
