# jax.image: resize with every method (nearest, linear, bilinear, trilinear, cubic, bicubic,
# lanczos3, lanczos5) up and down, antialias on / off, batched and channel shapes, integer
# images, scale_and_translate with spatial_dims, its gradient, and the errors
import jax
import jax.numpy as jnp
import numpy as np

img = jnp.arange(16.0).reshape(4, 4)
for method in ("nearest", "linear", "bilinear", "cubic", "bicubic", "lanczos3", "lanczos5"):
    up = jax.image.resize(img, (6, 6), method)
    down = jax.image.resize(img, (2, 2), method)
    print(method, np.round(np.asarray(up[1]), 3), np.round(np.asarray(down), 3).tolist())
print(jax.image.resize(img, (2, 2), "linear", antialias=False))
print(jax.image.resize(img, (3, 5), jax.image.ResizeMethod.LINEAR))
vol = jnp.arange(8.0).reshape(2, 2, 2)
print(jax.image.resize(vol, (3, 3, 3), "trilinear")[1])
batch = jnp.stack([img, -img])[..., None]
print(jax.image.resize(batch, (2, 8, 8, 1), "bilinear").shape)
print(jax.image.resize(jnp.arange(6, dtype=jnp.uint8).reshape(2, 3), (4, 6), "nearest"))
print(jax.image.resize(jnp.arange(6, dtype=jnp.int32).reshape(2, 3), (4, 6), "linear").dtype)
sig = jnp.array([0.0, 1.0, 0.0, 1.0])
print(jax.image.scale_and_translate(sig, (8,), (0,), jnp.array([2.0]), jnp.array([0.0]), "linear"))
print(jax.image.scale_and_translate(img, (4, 4), (0, 1), jnp.array([1.0, 1.0]), jnp.array([0.5, -1.0]), "cubic"))
print(jax.image.scale_and_translate(img, (2, 2), (0, 1), jnp.array([0.5, 0.5]), jnp.array([0.0, 0.0]), "linear", antialias=True))
g = jax.grad(lambda s: jax.image.scale_and_translate(sig, (8,), (0,), s, jnp.array([0.0]), "linear").sum())(jnp.array([2.0]))
print(g)
print(jax.grad(lambda im: jax.image.resize(im, (6, 6), "bilinear").sum())(img))
print(jax.jit(lambda im: jax.image.resize(im, (8, 8), "lanczos3"), static_argnums=())(img).shape)
print(jax.vmap(lambda im: jax.image.resize(im, (2, 2), "linear"))(jnp.stack([img, img * 2])))
for bad in (
    lambda: jax.image.resize(img, (2,), "linear"),
    lambda: jax.image.resize(img, (2, 2), "bogus"),
    lambda: jax.image.scale_and_translate(img, (2, 2), (0, 1), jnp.ones(2), jnp.zeros(2), "nearest"),
):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
print(jax.image.ResizeMethod.from_string("bicubic"), list(jax.image.ResizeMethod)[:3])
