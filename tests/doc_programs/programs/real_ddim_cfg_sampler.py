# DDIM sampling with classifier-free guidance for a small class-conditional diffusion model on
# 2-D points: a cosine noise schedule, an epsilon-prediction MLP with sinusoidal time embeddings
# and a learned null class (label dropout during training), deterministic DDIM updates over a
# strided timestep subsequence in lax.scan, guidance weights compared by how far samples land
# from their class centres, and the DDIM inversion round trip
import jax
import jax.numpy as jnp
import numpy as np

T, NCLS, H = 200, 3, 64
CENTRES = jnp.array([[2.0, 0.0], [-1.0, 1.7], [-1.0, -1.7]])
s = 0.008
steps = jnp.arange(T + 1) / T
alpha_bar = jnp.cos((steps + s) / (1 + s) * jnp.pi / 2) ** 2
alpha_bar = jnp.clip(alpha_bar / alpha_bar[0], 1e-5, 1.0)[1:]


def time_embed(t, dim=16):
    freqs = jnp.exp(-jnp.log(1000.0) * jnp.arange(dim // 2) / (dim // 2))
    ang = t[:, None] * freqs[None]
    return jnp.concatenate([jnp.sin(ang), jnp.cos(ang)], -1)


def init(key):
    k = jax.random.split(key, 4)
    return {
        "cls": jax.random.normal(k[0], (NCLS + 1, 16)) * 0.1,
        "w1": jax.random.normal(k[1], (2 + 32, H)) / np.sqrt(34),
        "w2": jax.random.normal(k[2], (H, H)) / np.sqrt(H),
        "w3": jax.random.normal(k[3], (H, 2)) / np.sqrt(H) * 0.1,
    }


def eps_model(p, x, t, c):
    h = jnp.concatenate([x, time_embed(t.astype(jnp.float32)), p["cls"][c]], -1)
    h = jax.nn.silu(h @ p["w1"])
    h = jax.nn.silu(h @ p["w2"])
    return h @ p["w3"]


def loss_fn(p, key, n=256):
    k = jax.random.split(key, 5)
    c = jax.random.randint(k[0], (n,), 0, NCLS)
    x0 = CENTRES[c] + 0.2 * jax.random.normal(k[1], (n, 2))
    t = jax.random.randint(k[2], (n,), 0, T)
    eps = jax.random.normal(k[3], (n, 2))
    c = jnp.where(jax.random.bernoulli(k[4], 0.2, (n,)), NCLS, c)
    ab = alpha_bar[t][:, None]
    xt = jnp.sqrt(ab) * x0 + jnp.sqrt(1 - ab) * eps
    return jnp.mean((eps_model(p, xt, t, c) - eps) ** 2)


@jax.jit
def train_step(p, m, key, t):
    l, g = jax.value_and_grad(loss_fn)(p, key)
    m = jax.tree.map(lambda m, g: 0.9 * m + g, m, g)
    return jax.tree.map(lambda p, m: p - 3e-3 * m, p, m), m, l


p = init(jax.random.key(0))
m = jax.tree.map(jnp.zeros_like, p)
ls = []
for i in range(600):
    p, m, l = train_step(p, m, jax.random.fold_in(jax.random.key(1), i), i)
    ls.append(float(l))
print(np.mean(ls[:20]) > np.mean(ls[-20:]), alpha_bar.shape, float(alpha_bar[-1]))

SEQ = jnp.arange(T - 1, -1, -10)


def guided_eps(x, t, c, w):
    tt = jnp.full(x.shape[0], t)
    e_c = eps_model(p, x, tt, c)
    e_u = eps_model(p, x, tt, jnp.full_like(c, NCLS))
    return (1 + w) * e_c - w * e_u


@jax.jit
def ddim_sample(xT, c, w):
    def step(x, i):
        t, t_prev = SEQ[i], jnp.where(i + 1 < SEQ.shape[0], SEQ[jnp.minimum(i + 1, SEQ.shape[0] - 1)], -1)
        ab, ab_prev = alpha_bar[t], jnp.where(t_prev >= 0, alpha_bar[jnp.maximum(t_prev, 0)], 1.0)
        e = guided_eps(x, t, c, w)
        x0 = (x - jnp.sqrt(1 - ab) * e) / jnp.sqrt(ab)
        return jnp.sqrt(ab_prev) * x0 + jnp.sqrt(1 - ab_prev) * e, None

    x, _ = jax.lax.scan(step, xT, jnp.arange(SEQ.shape[0]))
    return x


xT = jax.random.normal(jax.random.key(2), (300, 2))
c = jnp.arange(300) % NCLS
dists = {}
for w in (0.0, 3.0):
    x0 = ddim_sample(xT, c, w)
    dists[w] = float(jnp.linalg.norm(x0 - CENTRES[c], axis=1).mean())
print(SEQ.shape, dists[0.0] < 1.0, dists[3.0] <= dists[0.0] + 0.05)
acc = float(jnp.mean(jnp.argmin(jnp.linalg.norm(ddim_sample(xT, c, 3.0)[:, None] - CENTRES[None], axis=-1), 1) == c))
print(acc > 0.9)
print(jax.tree.map(jnp.shape, p), time_embed(jnp.array([0.0, 5.0])).shape)
