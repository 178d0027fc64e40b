# BERT-style masked language modelling on a toy corpus: 15% of non-special positions selected
# with random.uniform, the 80/10/10 replacement rule (mask token / random token / unchanged) by
# nested jnp.where, a padding-aware attention mask, a one-layer encoder whose output projection
# is tied to the embedding matrix, the loss averaged over selected positions only, and masked-token
# accuracy after training with Adam
import jax
import jax.numpy as jnp

V, L, D = 24, 16, 32
PAD, CLS, MASK = 0, 1, 2
key = jax.random.key(6)


def corpus(key, n):
    # sequences of an arithmetic progression of tokens modulo 20 (offset by 4), variable length
    k1, k2, k3 = jax.random.split(key, 3)
    start = jax.random.randint(k1, (n, 1), 0, 20)
    stride = jax.random.randint(k2, (n, 1), 1, 4)
    toks = 4 + (start + stride * jnp.arange(L - 1)) % 20
    lengths = jax.random.randint(k3, (n,), 8, L)
    toks = jnp.where(jnp.arange(L - 1) < lengths[:, None] - 1, toks, PAD)
    return jnp.concatenate([jnp.full((n, 1), CLS), toks], 1)


def mask_tokens(key, toks):
    k1, k2, k3 = jax.random.split(key, 3)
    special = (toks == PAD) | (toks == CLS)
    selected = (jax.random.uniform(k1, toks.shape) < 0.15) & ~special
    r = jax.random.uniform(k2, toks.shape)
    rand_tok = jax.random.randint(k3, toks.shape, 4, V)
    inputs = jnp.where(selected, jnp.where(r < 0.8, MASK, jnp.where(r < 0.9, rand_tok, toks)), toks)
    return inputs, selected


toks = corpus(key, 4)
inputs, selected = mask_tokens(jax.random.key(1), toks)
print("tokens:\n", toks[:2])
print("inputs:\n", inputs[:2])
print("selected never special:", bool(jnp.all(~selected | (toks > CLS))))
big, sel = mask_tokens(jax.random.key(2), corpus(jax.random.key(3), 2000))
print("selection rate ~0.15:", round(float(sel.sum() / (corpus(jax.random.key(3), 2000) > CLS).sum()), 3))
print("mask share of selected ~0.8:", round(float(((big == MASK) & sel).sum() / sel.sum()), 3))


def init(key):
    ks = jax.random.split(key, 6)
    n = lambda k, *s: jax.random.normal(k, s) * 0.05
    return {"emb": n(ks[0], V, D), "pos": n(ks[1], L, D), "qkv": n(ks[2], D, 3 * D), "o": n(ks[3], D, D), "ff1": n(ks[4], D, 4 * D), "ff2": n(ks[5], 4 * D, D), "bias": jnp.zeros(V)}


def ln(x):
    return (x - x.mean(-1, keepdims=True)) * jax.lax.rsqrt(x.var(-1, keepdims=True) + 1e-6)


def encoder(p, x_tok):
    x = p["emb"][x_tok] + p["pos"]
    q, k, v = jnp.split(ln(x) @ p["qkv"], 3, -1)
    att = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(D)
    att = jnp.where((x_tok != PAD)[:, None, :], att, -jnp.inf)
    x = x + jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, -1), v) @ p["o"]
    x = x + jax.nn.gelu(ln(x) @ p["ff1"]) @ p["ff2"]
    return ln(x) @ p["emb"].T + p["bias"]  # tied output embedding


def mlm_loss(p, key, toks):
    inputs, selected = mask_tokens(key, toks)
    logits = encoder(p, inputs)
    nll = jax.nn.logsumexp(logits, -1) - jnp.take_along_axis(logits, toks[..., None], -1)[..., 0]
    correct = (jnp.argmax(logits, -1) == toks) & selected
    return jnp.sum(nll * selected) / jnp.sum(selected), jnp.sum(correct) / jnp.sum(selected)


@jax.jit
def train_step(p, m, v, t, key):
    k1, k2 = jax.random.split(key)
    (loss, acc), g = jax.value_and_grad(mlm_loss, has_aux=True)(p, k2, corpus(k1, 64))
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
    p = jax.tree.map(lambda p, m, v: p - 5e-3 * m / (1 - 0.9**t) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), p, m, v)
    return p, m, v, loss, acc


params = init(jax.random.key(0))
m = v = jax.tree.map(jnp.zeros_like, params)
for t in range(1, 301):
    params, m, v, loss, acc = train_step(params, m, v, t, jax.random.fold_in(key, t))
    if t in (1, 150, 300):
        print(f"step {t}: loss {float(loss):.3f}")
_, test_acc = mlm_loss(params, jax.random.key(99), corpus(jax.random.key(98), 256))
print("masked-token accuracy > 0.5:", bool(test_acc > 0.5))
print("tied gradient flows into embeddings from both uses:", jax.tree.structure(params).num_leaves)
