# jax.image.resize methods and antialiasing, scale_and_translate, and their gradients
import jax
import jax.numpy as jnp

img = jnp.arange(16.).reshape(4, 4)
for method in ("nearest", "linear", "cubic", "lanczos3", "lanczos5"):
    print(method, jax.image.resize(img, (2, 2), method).round(4).tolist(), jax.image.resize(img, (6, 6), method)[0, :3].round(4))
print(jax.image.resize(img, (2, 2), "linear", antialias=False).round(4))
print(jax.image.resize(img, (3, 5), jax.image.ResizeMethod.LINEAR).round(3))
print(jax.image.resize(jnp.ones((1, 4, 4, 3)), (1, 8, 8, 3), "bilinear").shape)
print(jax.image.resize(jnp.arange(4, dtype=jnp.int32), (8,), "nearest"), jax.image.resize(jnp.arange(4.), (7,), "trilinear").round(3))
print(jax.image.resize(img.astype(jnp.bfloat16), (2, 2), "linear").dtype)
out = jax.image.scale_and_translate(img, (4, 4), (0, 1), jnp.array([1., 1.]), jnp.array([0., 1.]), "linear")
print(out.round(4))
out = jax.image.scale_and_translate(img, (2, 8), (0, 1), jnp.array([0.5, 2.]), jnp.array([0., 0.]), "cubic", antialias=True)
print(out.round(3))
print(jax.grad(lambda im: jax.image.resize(im, (2, 2), "linear").sum())(img).round(4))
print(jax.grad(lambda s: jax.image.scale_and_translate(img, (4, 4), (0, 1), jnp.array([s, s]), jnp.zeros(2), "linear").sum())(1.5).round(4))
print(jax.vmap(lambda im: jax.image.resize(im, (2, 2), "nearest"))(jnp.stack([img, -img])))
print(jax.jit(jax.image.resize, static_argnums=(1, 2))(img, (8, 2), "lanczos3")[:3].round(3))
try:
    jax.image.resize(img, (2,), "linear")
except ValueError as e:
    print("ValueError")
try:
    jax.image.resize(img, (2, 2), "bogus")
except ValueError as e:
    print("ValueError")
