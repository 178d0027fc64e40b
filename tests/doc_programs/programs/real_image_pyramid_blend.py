# Image pyramids as in classical vision pipelines: Gaussian blur by a separable 5-tap binomial
# kernel with lax.conv_general_dilated (feature_group_count for per-channel filtering),
# downsampling by strides, upsampling with jax.image.resize, Laplacian pyramids built and
# collapsed exactly, two images blended with a soft mask pyramid, and jax.image.scale_and_translate
# for a sub-pixel shift
import jax
import jax.numpy as jnp

S, C = 32, 3
yy, xx = jnp.mgrid[0:S, 0:S] / S
apple = jnp.stack([jnp.sin(8 * xx), jnp.cos(5 * yy), xx * yy], -1)
orange = jnp.stack([jnp.cos(3 * (xx + yy)), jnp.sin(10 * xx * yy), 1 - xx], -1)
k1 = jnp.array([1.0, 4.0, 6.0, 4.0, 1.0]) / 16.0
kernel = jnp.outer(k1, k1)[:, :, None, None] * jnp.ones((1, 1, 1, C))


def blur(img, stride=1):
    x = jnp.pad(img, ((2, 2), (2, 2), (0, 0)), mode="reflect")[None]
    out = jax.lax.conv_general_dilated(x, kernel, (stride, stride), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC"), feature_group_count=C)
    return out[0]


def down(img):
    return blur(img, stride=2)


def up(img, shape):
    return jax.image.resize(img, shape, method="bilinear")


def laplacian_pyramid(img, levels=3):
    pyr = []
    for _ in range(levels):
        small = down(img)
        pyr.append(img - up(small, img.shape))
        img = small
    return pyr + [img]


def collapse(pyr):
    img = pyr[-1]
    for lap in reversed(pyr[:-1]):
        img = up(img, lap.shape) + lap
    return img


print("blur keeps constants:", bool(jnp.allclose(blur(jnp.ones((S, S, C))), 1.0)))
pyr = jax.jit(laplacian_pyramid)(apple)
print("pyramid shapes:", [p.shape for p in pyr])
print("exact reconstruction:", bool(jnp.allclose(jax.jit(collapse)(pyr), apple, atol=1e-5)))
print("band energies:", jnp.round(jnp.array([jnp.mean(p**2) for p in pyr[:-1]]), 5))
mask = jnp.broadcast_to(jax.nn.sigmoid((xx - 0.5) * 40)[..., None], (S, S, C))
ga = [mask]
for _ in range(3):
    ga.append(down(ga[-1]))


@jax.jit
def blend(a, b):
    la, lb = laplacian_pyramid(a), laplacian_pyramid(b)
    return collapse([m * x + (1 - m) * y for m, x, y in zip(ga, la, lb)])


out = blend(apple, orange)
print("blend shape:", out.shape, "left like apple:", bool(jnp.allclose(out[:, :4], orange[:, :4], atol=0.1)), "right like orange:", bool(jnp.allclose(out[:, -4:], apple[:, -4:], atol=0.1)))
seam = jnp.abs(jnp.diff(out, axis=1)).max()
hard = jnp.where(mask > 0.5, apple, orange)
print("seam smoother than hard cut:", bool(seam <= jnp.abs(jnp.diff(hard, axis=1)).max()))
shifted = jax.image.scale_and_translate(apple, (S, S, C), (0, 1), jnp.array([1.0, 1.0]), jnp.array([0.5, 0.0]), "linear")
print("half-pixel shift mean preserved:", round(float(shifted[2:-2].mean()), 3), round(float(apple[2:-2].mean()), 3))
print("resize methods agree on smooth data:", bool(jnp.allclose(jax.image.resize(apple, (16, 16, C), "cubic"), jax.image.resize(apple, (16, 16, C), "linear"), atol=0.05)))
