# A Perceiver-style model: a small learned latent array cross-attends to a long input (with a key
# padding mask), latent self-attention blocks repeated with shared weights by lax.scan over a
# depth axis, Fourier position features, an output query decoding per-position values, and cost
# scaling with input length checked through compiled cost analyses
import jax
import jax.numpy as jnp
import numpy as np

N_LAT, D, HEADS, DEPTH = 8, 16, 2, 3


def fourier_features(n, bands=4):
    pos = jnp.linspace(-1, 1, n)[:, None]
    freqs = jnp.arange(1, bands + 1)[None] * jnp.pi
    return jnp.concatenate([pos, jnp.sin(pos * freqs), jnp.cos(pos * freqs)], -1)


def mha(p, q_in, kv_in, mask=None):
    q = (q_in @ p["q"]).reshape(q_in.shape[0], HEADS, -1)
    k = (kv_in @ p["k"]).reshape(kv_in.shape[0], HEADS, -1)
    v = (kv_in @ p["v"]).reshape(kv_in.shape[0], HEADS, -1)
    s = jnp.einsum("qhd,khd->hqk", q, k) / np.sqrt(D // HEADS)
    if mask is not None:
        s = jnp.where(mask[None, None, :], s, -1e9)
    o = jnp.einsum("hqk,khd->qhd", jax.nn.softmax(s, -1), v).reshape(q_in.shape[0], D)
    return o @ p["o"]


def ln(x):
    return (x - x.mean(-1, keepdims=True)) / jnp.sqrt(x.var(-1, keepdims=True) + 1e-5)


def init_attn(key, din_kv=D):
    k = jax.random.split(key, 4)
    return {"q": jax.random.normal(k[0], (D, D)) / 4, "k": jax.random.normal(k[1], (din_kv, D)) / 4, "v": jax.random.normal(k[2], (din_kv, D)) / 4, "o": jax.random.normal(k[3], (D, D)) / 4}


def perceiver(p, x, mask):
    feats = jnp.concatenate([x, fourier_features(x.shape[0])], -1) @ p["in"]
    lat = p["latents"] + mha(p["cross"], ln(p["latents"]), ln(feats), mask)

    def block(lat, _):
        return lat + mha(p["self"], ln(lat), ln(lat)), None

    lat, _ = jax.lax.scan(block, lat, None, length=DEPTH)
    out_q = feats
    return (mha(p["dec"], ln(out_q), ln(lat)) @ p["head"])[:, 0]


k = jax.random.split(jax.random.key(0), 7)
DIN = 1 + 9
params = {
    "in": jax.random.normal(k[0], (DIN, D)) / 3,
    "latents": jax.random.normal(k[1], (N_LAT, D)),
    "cross": init_attn(k[2]),
    "self": init_attn(k[3]),
    "dec": init_attn(k[4]),
    "head": jax.random.normal(k[5], (D, 1)) / 4,
}
T = 64
x = jnp.sin(jnp.linspace(0, 6, T))[:, None]
mask = jnp.arange(T) < 50
y = jax.jit(perceiver)(params, x, mask)
print(fourier_features(T).shape, y.shape, y.dtype)
x2 = x.at[55:].set(100.0)
print(float(jnp.abs(jax.jit(perceiver)(params, x2, mask)[:50] - y[:50]).max()) < 1e-5)


def loss(p):
    pred = perceiver(p, x, mask)
    return jnp.mean(((pred - jnp.cos(jnp.linspace(0, 6, T))) ** 2)[:50])


@jax.jit
def step(p):
    l, g = jax.value_and_grad(loss)(p)
    return jax.tree.map(lambda a, b: a - 0.05 * b, p, g), l


ls = []
for _ in range(80):
    params, l = step(params)
    ls.append(float(l))
print(ls[0], ls[-1] < ls[0] / 2)
flops = []
for n in (64, 256):
    c = jax.jit(perceiver).lower(params, jnp.zeros((n, 1)), jnp.ones(n, bool)).compile().cost_analysis()
    flops.append(c["flops"])
print(flops[1] / flops[0] < 6)
print(sum(a.size for a in jax.tree.leaves(params)))
