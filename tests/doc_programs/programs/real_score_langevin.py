# Denoising score matching on a 2-D mixture with a noise-conditional score network (sigma
# embedded with sinusoids), trained over a geometric ladder of noise levels, then annealed
# Langevin dynamics sampling in a nested scan with per-step keys
import jax
import jax.numpy as jnp
import numpy as np

SIGMAS = jnp.geomspace(1.0, 0.05, 6)


def data(key, n):
    k1, k2 = jax.random.split(key)
    sign = jnp.where(jax.random.bernoulli(k1, 0.5, (n, 1)), 1.0, -1.0)
    return sign * jnp.array([1.5, 0.5]) + 0.2 * jax.random.normal(k2, (n, 2))


def embed(sigma, dim=8):
    freqs = jnp.exp(jnp.linspace(0.0, 3.0, dim // 2))
    a = jnp.log(sigma)[..., None] * freqs
    return jnp.concatenate([jnp.sin(a), jnp.cos(a)], -1)


def init(key):
    ks = jax.random.split(key, 3)
    return {
        "l1": jax.random.normal(ks[0], (10, 64)) / np.sqrt(10),
        "l2": jax.random.normal(ks[1], (64, 64)) / 8.0,
        "l3": jax.random.normal(ks[2], (64, 2)) / 8.0,
        "b1": jnp.zeros(64),
        "b2": jnp.zeros(64),
    }


def score(p, x, sigma):
    h = jnp.concatenate([x, embed(sigma)], -1)
    h = jax.nn.silu(h @ p["l1"] + p["b1"])
    h = jax.nn.silu(h @ p["l2"] + p["b2"])
    return (h @ p["l3"]) / sigma[..., None]


def dsm_loss(p, key):
    k1, k2, k3 = jax.random.split(key, 3)
    x = data(k1, 128)
    idx = jax.random.randint(k2, (128,), 0, SIGMAS.shape[0])
    sigma = SIGMAS[idx]
    noise = jax.random.normal(k3, x.shape)
    target = -noise / sigma[:, None]
    pred = score(p, x + sigma[:, None] * noise, sigma)
    return jnp.mean(jnp.sum((pred - target) ** 2, -1) * sigma**2)


@jax.jit
def train(p, key):
    def body(p, k):
        l, g = jax.value_and_grad(dsm_loss)(p, k)
        return jax.tree.map(lambda a, b: a - 2e-3 * b, p, g), l

    return jax.lax.scan(body, p, jax.random.split(key, 150))


@jax.jit
def sample(p, key, n=512, steps=20, eps=2e-3):
    k0, key = jax.random.split(key)
    x = jax.random.normal(k0, (n, 2))

    def level(x, inp):
        sigma, k = inp
        alpha = eps * (sigma / SIGMAS[-1]) ** 2

        def step(x, kk):
            z = jax.random.normal(kk, x.shape)
            x = x + 0.5 * alpha * score(p, x, jnp.full((n,), sigma)) + jnp.sqrt(alpha) * z
            return x, None

        x, _ = jax.lax.scan(step, x, jax.random.split(k, steps))
        return x, jnp.mean(jnp.abs(x[:, 0]))

    return jax.lax.scan(level, x, (SIGMAS, jax.random.split(key, SIGMAS.shape[0])))


params = init(jax.random.key(0))
print(jnp.round(SIGMAS, 4))
print(embed(jnp.array([0.5, 1.0])).shape)
key = jax.random.key(1)
for r in range(4):
    key, sub = jax.random.split(key)
    params, losses = train(params, sub)
    print("round", r, f"{float(losses[0]):.4f} -> {float(losses[-1]):.4f}")
xs, spread = sample(params, jax.random.key(5))
print(xs.shape, jnp.round(spread, 3))
print("right mode fraction", float(jnp.mean(xs[:, 0] > 0)))
print("abs mean", jnp.round(jnp.abs(xs).mean(0), 3))
