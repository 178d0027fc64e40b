# A tiny GPT-style character language model: a synthetic text tokenized by characters, learned
# token and position embeddings, pre-norm blocks stacked and applied with lax.scan under
# jax.checkpoint, jax.nn.dot_product_attention(is_causal=True), tied output embeddings, AdamW
# with global-norm clipping and a warmup schedule, a data-parallel batch over a mesh, and
# sampling with jax.random.categorical
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

text = "abcab cabca bcabc " * 8
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = np.array([stoi[c] for c in text], np.int32)
vocab, d_model, n_heads, n_layers, seq, batch = len(chars), 16, 2, 2, 8, 8
print("vocab", vocab, chars, "tokens", data.shape)


def init_params(key):
    k_tok, k_pos, k_layers = jax.random.split(key, 3)

    def layer(k):
        ks = jax.random.split(k, 4)
        return {
            "ln1": jnp.ones(d_model), "ln2": jnp.ones(d_model),
            "qkv": jax.random.normal(ks[0], (d_model, 3 * d_model)) * 0.02,
            "proj": jax.random.normal(ks[1], (d_model, d_model)) * 0.02,
            "up": jax.random.normal(ks[2], (d_model, 4 * d_model)) * 0.02,
            "down": jax.random.normal(ks[3], (4 * d_model, d_model)) * 0.02,
        }

    return {
        "tok": jax.random.normal(k_tok, (vocab, d_model)) * 0.02,
        "pos": jax.random.normal(k_pos, (seq, d_model)) * 0.02,
        "layers": jax.vmap(layer)(jax.random.split(k_layers, n_layers)),
        "ln_f": jnp.ones(d_model),
    }


def layer_norm(x, g, eps=1e-5):
    return jax.nn.standardize(x, axis=-1, epsilon=eps) * g


def block(x, p):
    B, T, _ = x.shape
    h = layer_norm(x, p["ln1"])
    q, k, v = jnp.split(h @ p["qkv"], 3, axis=-1)
    heads = lambda t: t.reshape(B, T, n_heads, d_model // n_heads)
    att = jax.nn.dot_product_attention(heads(q), heads(k), heads(v), is_causal=True)
    x = x + att.reshape(B, T, d_model) @ p["proj"]
    h = layer_norm(x, p["ln2"])
    return x + jax.nn.gelu(h @ p["up"]) @ p["down"], None


def forward(params, tokens):
    T = tokens.shape[1]
    x = params["tok"][tokens] + params["pos"][:T]
    x, _ = jax.lax.scan(jax.checkpoint(block), x, params["layers"])
    x = layer_norm(x, params["ln_f"])
    return x @ params["tok"].T  # tied embeddings


def loss_fn(params, tokens):
    logits = forward(params, tokens[:, :-1])
    targets = tokens[:, 1:]
    logp = jax.nn.log_softmax(logits)
    return -jnp.take_along_axis(logp, targets[..., None], axis=-1).mean()


params = init_params(jax.random.key(0))
print(jax.tree.map(jnp.shape, params["layers"]))
n_params = sum(x.size for x in jax.tree.leaves(params))
print("params", n_params)


def schedule(step, peak=3e-2, warmup=5):
    return peak * jnp.minimum(1.0, (step + 1) / warmup)


def adamw(params, grads, state, step, b1=0.9, b2=0.99, eps=1e-8, wd=1e-4):
    norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads)))
    grads = jax.tree.map(lambda g: g * jnp.minimum(1.0, 1.0 / (norm + 1e-6)), grads)
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g ** 2, state["v"], grads)
    t = step + 1
    lr = schedule(step)
    new = jax.tree.map(
        lambda p, m, v: p - lr * ((m / (1 - b1 ** t)) / (jnp.sqrt(v / (1 - b2 ** t)) + eps) + wd * p),
        params, m, v)
    return new, {"m": m, "v": v}, norm


mesh = jax.make_mesh((8,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
batch_sharding = NamedSharding(mesh, P("data"))
replicated = NamedSharding(mesh, P())
params = jax.device_put(params, replicated)
opt_state = jax.tree.map(jnp.zeros_like, {"m": params, "v": params})


@partial(jax.jit, donate_argnums=(0, 1))
def train_step(params, opt_state, tokens, step):
    loss, grads = jax.value_and_grad(loss_fn)(params, tokens)
    params, opt_state, norm = adamw(params, grads, opt_state, step)
    return params, opt_state, loss, norm


rng = np.random.default_rng(0)
for step in range(12):
    starts = rng.integers(0, len(data) - seq - 1, size=batch)
    tokens = jax.device_put(np.stack([data[s:s + seq + 1] for s in starts]), batch_sharding)
    params, opt_state, loss, norm = train_step(params, opt_state, tokens, step)
    if step % 3 == 0 or step == 11:
        print(f"step {step:2d} loss {loss:.4f} grad-norm {norm:.4f}")
print(params["tok"].sharding.spec, tokens.sharding.spec)


@jax.jit
def perplexity(params, tokens):
    return jnp.exp(loss_fn(params, tokens))


eval_tokens = jnp.asarray(np.stack([data[i:i + seq + 1] for i in range(0, 64, 8)]))
print("perplexity", jnp.round(perplexity(params, eval_tokens), 3) < vocab)


@partial(jax.jit, static_argnums=2)
def generate(params, key, n, temperature=1.0):
    prompt = jnp.array([stoi["a"], stoi["b"]] + [0] * (seq - 2), jnp.int32)

    def step(carry, _):
        tokens, pos, key = carry
        key, sub = jax.random.split(key)
        logits = forward(params, tokens[None])[0, pos - 1] / temperature
        nxt = jax.random.categorical(sub, logits)
        tokens = jnp.where(jnp.arange(seq) == pos, nxt, tokens)
        return (tokens, pos + 1, key), nxt

    _, out = jax.lax.scan(step, (prompt, 2, key), length=n)
    return out


greedy_like = generate(params, jax.random.key(1), 6, 0.01)
print("sample", "ab" + "".join(chars[int(i)] for i in greedy_like))
print(generate(params, jax.random.key(2), 6).shape)
