# A small U-Net denoiser on 16x16 images: strided convolutions down, transposed convolutions
# and jax.image.resize up, skip connections by concatenation, group-norm-like normalisation,
# trained a few steps with a jitted SGD-with-momentum step
import jax
import jax.numpy as jnp
from jax import lax, random

DN = ("NHWC", "HWIO", "NHWC")


def conv(x, w, stride=1):
    return lax.conv_general_dilated(x, w, (stride, stride), "SAME", dimension_numbers=DN)


def up_conv(x, w):
    return lax.conv_transpose(x, w, (2, 2), "SAME", dimension_numbers=DN)


def norm(x, groups=2, eps=1e-5):
    b, h, w, c = x.shape
    g = x.reshape(b, h, w, groups, c // groups)
    mu = g.mean(axis=(1, 2, 4), keepdims=True)
    var = g.var(axis=(1, 2, 4), keepdims=True)
    return ((g - mu) / jnp.sqrt(var + eps)).reshape(x.shape)


def init(key):
    shapes = {"e1": (3, 3, 1, 4), "e2": (3, 3, 4, 8), "mid": (3, 3, 8, 8),
              "u1": (2, 2, 8, 4), "d1": (3, 3, 8, 4), "out": (1, 1, 4, 1)}
    keys = random.split(key, len(shapes))
    return {n: random.normal(k, s) * jnp.sqrt(2.0 / (s[0] * s[1] * s[2]))
            for k, (n, s) in zip(keys, shapes.items())}


def unet(p, x):
    h1 = jax.nn.relu(norm(conv(x, p["e1"])))              # 16x16x4
    h2 = jax.nn.relu(norm(conv(h1, p["e2"], stride=2)))   # 8x8x8
    m = jax.nn.relu(norm(conv(h2, p["mid"])))              # 8x8x8
    u = up_conv(m, p["u1"])                                # 16x16x4
    r = jax.image.resize(m, (x.shape[0], 16, 16, 8), "bilinear")
    u = u + r[..., :4]
    d = jax.nn.relu(norm(conv(jnp.concatenate([u, h1], -1), p["d1"])))
    return x - conv(d, p["out"])


key = random.key(3)
kx, kn, kp = random.split(key, 3)
yy, xx = jnp.mgrid[0:16, 0:16] / 15.0
clean = jnp.stack([jnp.sin(2 * jnp.pi * (xx * f + yy)) for f in (0.5, 1.0, 1.5, 2.0)])[..., None]
noisy = clean + 0.3 * random.normal(kn, clean.shape)
params = init(kp)
print(unet(params, noisy).shape, [a.shape for a in jax.tree.leaves(params)])
print(up_conv(jnp.ones((1, 2, 2, 1)), jnp.ones((2, 2, 1, 1))).reshape(4, 4))
small = jax.image.resize(clean[:1, :, :, 0], (1, 4, 4), "linear")
print(small.shape, jnp.round(small[0, 0], 3))
print(jax.image.resize(jnp.arange(4.0).reshape(1, 2, 2, 1), (1, 4, 4, 1), "nearest")[0, ..., 0])


def loss(p, x, y):
    return jnp.mean((unet(p, x) - y) ** 2)


@jax.jit
def step(p, mom, x, y):
    l, g = jax.value_and_grad(loss)(p, x, y)
    mom = jax.tree.map(lambda m, g: 0.9 * m + g, mom, g)
    return jax.tree.map(lambda w, m: w - 0.02 * m, p, mom), mom, l


mom = jax.tree.map(jnp.zeros_like, params)
before = float(loss(params, noisy, clean))
for i in range(25):
    params, mom, l = step(params, mom, noisy, clean)
print(round(before, 4), float(l) < before, float(jnp.mean((noisy - clean) ** 2)) > 0.05)
g = jax.grad(loss)(params, noisy, clean)
print({k: v.shape for k, v in g.items()})
print(jax.jit(unet).lower(params, noisy).out_info.shape)
