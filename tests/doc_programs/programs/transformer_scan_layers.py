# A hand-written transformer encoder: layer norm, multi-head causal self-attention, an MLP
# block, layers stacked and applied with lax.scan, remat of the layer, an Adam step written by
# hand with gradient clipping by global norm, a warmup-cosine learning rate
import jax
import jax.numpy as jnp
from jax import random

D, H, F, L, V, T = 16, 4, 32, 2, 11, 8


def init_layer(key):
    ks = random.split(key, 4)
    n = lambda k, shape: random.normal(k, shape) * 0.02
    return {"ln1": {"g": jnp.ones(D), "b": jnp.zeros(D)}, "ln2": {"g": jnp.ones(D), "b": jnp.zeros(D)},
            "qkv": n(ks[0], (D, 3 * D)), "proj": n(ks[1], (D, D)),
            "fc1": n(ks[2], (D, F)), "fc2": n(ks[3], (F, D))}


def init(key):
    k_emb, k_pos, k_layers = random.split(key, 3)
    layers = jax.vmap(init_layer)(random.split(k_layers, L))
    return {"emb": random.normal(k_emb, (V, D)) * 0.02, "pos": random.normal(k_pos, (T, D)) * 0.02,
            "layers": layers, "ln_f": {"g": jnp.ones(D), "b": jnp.zeros(D)}}


def layer_norm(p, x, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) * jax.lax.rsqrt(var + eps) * p["g"] + p["b"]


def attention(p, x):
    t = x.shape[0]
    q, k, v = jnp.split(x @ p["qkv"], 3, axis=-1)
    heads = lambda a: a.reshape(t, H, D // H).transpose(1, 0, 2)
    q, k, v = heads(q), heads(k), heads(v)
    scores = q @ k.transpose(0, 2, 1) / jnp.sqrt(D // H)
    mask = jnp.tril(jnp.ones((t, t), bool))
    scores = jnp.where(mask, scores, -1e9)
    out = jax.nn.softmax(scores, axis=-1) @ v
    return out.transpose(1, 0, 2).reshape(t, D) @ p["proj"]


def block(x, p):
    x = x + attention(p, layer_norm(p["ln1"], x))
    x = x + jax.nn.gelu(layer_norm(p["ln2"], x) @ p["fc1"]) @ p["fc2"]
    return x, None


def forward(params, tokens):
    x = params["emb"][tokens] + params["pos"][: tokens.shape[0]]
    x, _ = jax.lax.scan(jax.checkpoint(block), x, params["layers"])
    return layer_norm(params["ln_f"], x) @ params["emb"].T


def loss_fn(params, batch):
    inputs, targets = batch[:, :-1], batch[:, 1:]
    logits = jax.vmap(forward, in_axes=(None, 0))(params, inputs)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, targets[..., None], axis=-1))


def lr_schedule(step, warmup=5, total=40, peak=3e-2):
    warm = peak * step / warmup
    cos = peak * 0.5 * (1 + jnp.cos(jnp.pi * (step - warmup) / (total - warmup)))
    return jnp.where(step < warmup, warm, cos)


def clip_by_global_norm(grads, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1., max_norm / (norm + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads), norm


@jax.jit
def train_step(params, opt, batch, step):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    grads, gnorm = clip_by_global_norm(grads, 1.0)
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, opt["m"], grads)
    v = jax.tree.map(lambda v, g: 0.99 * v + 0.01 * g * g, opt["v"], grads)
    lr = lr_schedule(step)
    t = step + 1
    params = jax.tree.map(lambda p, m, v: p - lr * (m / (1 - 0.9 ** t)) / (jnp.sqrt(v / (1 - 0.99 ** t)) + 1e-8),
                          params, m, v)
    return params, {"m": m, "v": v}, loss, gnorm


params = init(random.key(0))
print(jax.tree.map(jnp.shape, params["layers"])["qkv"], params["emb"].shape)
data = (jnp.arange(4 * (T + 1)).reshape(4, T + 1) * 3) % V
print(forward(params, data[0, :-1]).shape)
opt = {"m": jax.tree.map(jnp.zeros_like, params), "v": jax.tree.map(jnp.zeros_like, params)}
print([round(float(lr_schedule(s)), 5) for s in (0, 5, 20, 39)])
first = None
for step in range(40):
    params, opt, loss, gnorm = train_step(params, opt, data, step)
    first = float(loss) if first is None else first
print(round(first, 3), float(loss) < first * 0.5, bool(gnorm > 0))
preds = jnp.argmax(forward(params, data[1, :-1]), -1)
print(float(jnp.mean(preds == data[1, 1:])) > 0.5)
print(sum(x.size for x in jax.tree.leaves(params)))
