# A sphere-tracing renderer for a signed distance field (two spheres and a ground plane blended
# by a smooth minimum): rays marched with lax.fori_loop, surface normals from jax.grad of the
# SDF, Lambertian shading with a shadow ray, everything vmapped over the pixels of a 24x16 image
# printed as ASCII art, and the gradient of the mean brightness with respect to the light
import jax
import jax.numpy as jnp


def smin(a, b, k=0.3):
    h = jnp.clip(0.5 + 0.5 * (b - a) / k, 0.0, 1.0)
    return b * (1 - h) + a * h - k * h * (1 - h)


def sdf(p):
    s1 = jnp.linalg.norm(p - jnp.array([-0.5, 0.0, 3.0])) - 0.7
    s2 = jnp.linalg.norm(p - jnp.array([0.6, 0.2, 3.2])) - 0.6
    plane = p[1] + 0.7
    return jnp.minimum(smin(s1, s2), plane)


def march(origin, direction, steps=48):
    def body(_, t):
        return t + sdf(origin + t * direction)

    return jax.lax.fori_loop(0, steps, body, 0.0)


def shade(px, py, light):
    origin = jnp.zeros(3)
    d = jnp.array([px, py, 1.5])
    d = d / jnp.linalg.norm(d)
    t = march(origin, d)
    p = origin + t * d
    hit = sdf(p) < 1e-2
    n = jax.grad(sdf)(p)
    n = n / (jnp.linalg.norm(n) + 1e-9)
    l = light / jnp.linalg.norm(light)
    diffuse = jnp.maximum(jnp.dot(n, l), 0.0)
    ts = march(p + 0.02 * n, l, 32)
    lit = jnp.where(ts > 5.0, 1.0, 0.3)
    return jnp.where(hit & (t < 10.0), 0.1 + 0.9 * diffuse * lit, 0.0)


W, H = 24, 16
xs = jnp.linspace(-1.0, 1.0, W)
ys = jnp.linspace(0.7, -0.7, H)
PX, PY = jnp.meshgrid(xs, ys)
render = jax.jit(lambda light: jax.vmap(jax.vmap(shade, (0, 0, None)), (0, 0, None))(PX, PY, light))
light = jnp.array([-1.0, 1.0, -0.5])
img = render(light)
chars = " .:-=+*#%@"
for row in jnp.clip((img * 9.99).astype(jnp.int32), 0, 9).tolist():
    print("".join(chars[c] for c in row))
print("mean brightness %.4f, lit pixels %d" % (float(img.mean()), int((img > 0).sum())))
g = jax.grad(lambda l: render(l).mean())(light)
print("d brightness / d light", jnp.round(g, 3))
print("hit distance centre %.4f" % float(march(jnp.zeros(3), jnp.array([0.0, 0.0, 1.0]))))
