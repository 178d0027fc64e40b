# Differentiable 2-D Gaussian splatting: an image rendered as a sum of anisotropic Gaussians
# (means, log-scales, rotations giving covariance R S S^T R^T, colours through sigmoid, opacity),
# evaluated on a pixel grid by vmap, fitted to a target image by Adam with gradients through the
# renderer, PSNR reported, and densification by splitting the Gaussians with the largest gradient
import jax
import jax.numpy as jnp

HW = 32
ys, xs = jnp.meshgrid(jnp.linspace(0, 1, HW), jnp.linspace(0, 1, HW), indexing="ij")
pixels = jnp.stack([xs, ys], -1).reshape(-1, 2)
target = jnp.stack(
    [
        (((xs - 0.3) ** 2 + (ys - 0.4) ** 2) < 0.04).astype(jnp.float32),
        ((jnp.abs(xs - 0.7) < 0.15) & (jnp.abs(ys - 0.6) < 0.2)).astype(jnp.float32),
        0.5 * xs,
    ],
    -1,
)


def covariance(log_scale, theta):
    c, s = jnp.cos(theta), jnp.sin(theta)
    R = jnp.array([[c, -s], [s, c]])
    S = jnp.diag(jnp.exp(log_scale))
    return R @ S @ S.T @ R.T


def render(g):
    covs = jax.vmap(covariance)(g["log_scale"], g["theta"])
    inv = jnp.linalg.inv(covs)
    d = pixels[:, None, :] - g["mean"][None]  # P, G, 2
    maha = jnp.einsum("pgi,gij,pgj->pg", d, inv, d)
    w = jnp.exp(-0.5 * maha) * jax.nn.sigmoid(g["opacity"])
    img = w @ jax.nn.sigmoid(g["color"])
    return img.reshape(HW, HW, 3)


def init(key, n):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "mean": jax.random.uniform(k1, (n, 2)),
        "log_scale": jnp.full((n, 2), jnp.log(0.08)),
        "theta": jax.random.uniform(k2, (n,), maxval=jnp.pi),
        "color": jax.random.normal(k3, (n, 3)),
        "opacity": jnp.zeros(n),
    }


def loss(g):
    return jnp.mean((render(g) - target) ** 2)


def psnr(g):
    return -10 * jnp.log10(loss(g))


@jax.jit
def adam_step(g, m, v, t):
    l, gr = jax.value_and_grad(loss)(g)
    m = jax.tree.map(lambda m, x: 0.9 * m + 0.1 * x, m, gr)
    v = jax.tree.map(lambda v, x: 0.999 * v + 0.001 * x * x, v, gr)
    g = jax.tree.map(lambda p, m, v: p - 0.02 * m / (1 - 0.9**t) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), g, m, v)
    return g, m, v, l, jnp.linalg.norm(gr["mean"], axis=1)


g = init(jax.random.key(0), 24)
print(jax.tree.map(jnp.shape, g), render(g).shape)
print(bool(jnp.allclose(covariance(jnp.log(jnp.array([0.1, 0.2])), 0.0), jnp.diag(jnp.array([0.01, 0.04])))))
p0 = float(psnr(g))
m = jax.tree.map(jnp.zeros_like, g)
v = jax.tree.map(jnp.zeros_like, g)
for t in range(1, 201):
    g, m, v, l, gnorm = adam_step(g, m, v, t)
p1 = float(psnr(g))
print(p0, p1 > p0 + 5)
top = jnp.argsort(-gnorm)[:4]
split = jax.tree.map(lambda x: jnp.concatenate([x, x[top]]), g)
split["mean"] = split["mean"].at[-4:].add(0.02)
split["log_scale"] = split["log_scale"].at[jnp.concatenate([top, jnp.arange(24, 28)])].add(-jnp.log(1.6))
print(split["mean"].shape, bool(jnp.isfinite(psnr(split))))
