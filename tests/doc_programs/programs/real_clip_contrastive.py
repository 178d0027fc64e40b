# A CLIP-style contrastive model: two small encoders map paired "images" and "captions" to a
# shared space, the symmetric InfoNCE loss with a learned temperature (log-parametrised and
# clipped), trained with Adam written by hand, then zero-shot retrieval accuracy
import jax
import jax.numpy as jnp
from jax import random

N, DI, DT, E = 32, 12, 8, 6
key = random.key(7)
k_lat, k_img, k_txt, k_init = random.split(key, 4)
latent = random.normal(k_lat, (N, 4))
images = jnp.tanh(latent @ random.normal(k_img, (4, DI))) + 0.05 * random.normal(k_img, (N, DI))
texts = jnp.sin(latent @ random.normal(k_txt, (4, DT)))


def dense_init(key, sizes):
    keys = random.split(key, len(sizes) - 1)
    return [(random.normal(k, (a, b)) * jnp.sqrt(2.0 / a), jnp.zeros(b))
            for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def mlp(layers, x):
    for w, b in layers[:-1]:
        x = jax.nn.gelu(x @ w + b)
    w, b = layers[-1]
    return x @ w + b


def normalize(x):
    return x / jnp.linalg.norm(x, axis=-1, keepdims=True)


ki, kt = random.split(k_init)
params = {"img": dense_init(ki, [DI, 16, E]), "txt": dense_init(kt, [DT, 16, E]),
          "log_t": jnp.log(jnp.array(1 / 0.07))}


def logits_fn(p, x, y):
    zi, zt = normalize(mlp(p["img"], x)), normalize(mlp(p["txt"], y))
    return jnp.exp(jnp.clip(p["log_t"], 0.0, jnp.log(100.0))) * zi @ zt.T


def clip_loss(p, x, y):
    logits = logits_fn(p, x, y)
    labels = jnp.arange(logits.shape[0])
    li = jax.nn.logsumexp(logits, axis=1) - logits[labels, labels]
    lt = jax.nn.logsumexp(logits, axis=0) - jnp.diagonal(logits)
    return (li.mean() + lt.mean()) / 2


def adam_init(p):
    z = jax.tree.map(jnp.zeros_like, p)
    return {"m": z, "v": z, "t": jnp.zeros((), jnp.int32)}


def adam_update(g, s, lr=3e-2, b1=0.9, b2=0.999, eps=1e-8):
    t = s["t"] + 1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, s["m"], g)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, s["v"], g)
    mh = jax.tree.map(lambda m: m / (1 - b1 ** t), m)
    vh = jax.tree.map(lambda v: v / (1 - b2 ** t), v)
    upd = jax.tree.map(lambda m, v: -lr * m / (jnp.sqrt(v) + eps), mh, vh)
    return upd, {"m": m, "v": v, "t": t}


@jax.jit
def step(p, s, x, y):
    l, g = jax.value_and_grad(clip_loss)(p, x, y)
    upd, s = adam_update(g, s)
    return jax.tree.map(jnp.add, p, upd), s, l


def accuracy(p, x, y):
    logits = logits_fn(p, x, y)
    return float(jnp.mean(jnp.argmax(logits, 1) == jnp.arange(x.shape[0])))


state = adam_init(params)
l0 = clip_loss(params, images, texts)
print("initial", round(float(l0), 3), accuracy(params, images, texts))
for i in range(60):
    params, state, l = step(params, state, images, texts)
print("final loss lower", bool(l < l0), float(l) < 3.0)
print("acc", accuracy(params, images, texts) > 0.3, "temperature",
      round(float(jnp.exp(params["log_t"])), 2) > 1.0)
print(int(state["t"]), jax.tree.structure(state["m"]) == jax.tree.structure(params))
big = random.normal(key, (256, E))
ref = jnp.log(jnp.sum(jnp.exp(big @ big.T), 1))
print("stable lse", bool(jnp.allclose(jax.nn.logsumexp(big @ big.T, 1), ref, rtol=1e-4)))
g = jax.grad(clip_loss)(params, images, texts)
print(sorted(g), g["log_t"].shape, [w.shape for w, _ in g["img"]])
