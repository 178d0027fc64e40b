# A small encoder-decoder transformer learns to reverse digit sequences: a bidirectional encoder,
# a causal decoder with cross attention, teacher forcing with shifted targets and a padding mask,
# trained with hand-written Adam and global-norm clipping; greedy decoding by fori_loop with a
# dynamic_update_slice'd output buffer, sequence accuracy on held-out sequences
import jax
import jax.numpy as jnp

V, L, D, HEADS = 12, 8, 32, 4  # tokens 0 pad, 1 bos, 2..11 digits
BOS = 1
key = jax.random.key(5)


def make_batch(key, n):
    seq = jax.random.randint(key, (n, L), 2, V)
    return seq, seq[:, ::-1]


def init(key):
    ks = iter(jax.random.split(key, 20))
    n = lambda *s: jax.random.normal(next(ks), s) * 0.1
    attn = lambda: {"q": n(D, D), "k": n(D, D), "v": n(D, D), "o": n(D, D)}
    return {
        "emb": n(V, D), "pos": n(L + 1, D),
        "enc": {"att": attn(), "w1": n(D, 2 * D), "w2": n(2 * D, D)},
        "dec": {"self": attn(), "cross": attn(), "w1": n(D, 2 * D), "w2": n(2 * D, D)},
        "out": n(D, V),
    }


def mha(p, x, y, mask):
    split = lambda t: t.reshape(t.shape[0], HEADS, D // HEADS).transpose(1, 0, 2)
    q, k, v = split(x @ p["q"]), split(y @ p["k"]), split(y @ p["v"])
    s = jnp.einsum("hqd,hkd->hqk", q, k) / jnp.sqrt(D // HEADS)
    s = jnp.where(mask, s, -1e9)
    o = jnp.einsum("hqk,hkd->hqd", jax.nn.softmax(s, -1), v)
    return o.transpose(1, 0, 2).reshape(x.shape[0], D) @ p["o"]


def ln(x):
    return (x - x.mean(-1, keepdims=True)) / jnp.sqrt(x.var(-1, keepdims=True) + 1e-5)


def encode(p, src):
    x = p["emb"][src] + p["pos"][:L]
    full = jnp.ones((L, L), bool)
    x = x + mha(p["enc"]["att"], ln(x), ln(x), full)
    return x + jax.nn.gelu(ln(x) @ p["enc"]["w1"]) @ p["enc"]["w2"]


def decode(p, mem, tgt_in):
    T = tgt_in.shape[0]
    x = p["emb"][tgt_in] + p["pos"][:T]
    causal = jnp.tril(jnp.ones((T, T), bool)) & (tgt_in != 0)[None, :]
    x = x + mha(p["dec"]["self"], ln(x), ln(x), causal)
    x = x + mha(p["dec"]["cross"], ln(x), mem, jnp.ones((T, L), bool))
    x = x + jax.nn.gelu(ln(x) @ p["dec"]["w1"]) @ p["dec"]["w2"]
    return ln(x) @ p["out"]


def loss_fn(p, src, tgt):
    tgt_in = jnp.concatenate([jnp.full((tgt.shape[0], 1), BOS), tgt[:, :-1]], 1)
    logits = jax.vmap(lambda s, t: decode(p, encode(p, s), t))(src, tgt_in)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, tgt[..., None], -1))


@jax.jit
def train_step(p, opt, batch_key):
    src, tgt = make_batch(batch_key, 64)
    loss, g = jax.value_and_grad(loss_fn)(p, src, tgt)
    gnorm = jnp.sqrt(sum(jnp.sum(x**2) for x in jax.tree.leaves(g)))
    g = jax.tree.map(lambda x: x * jnp.minimum(1.0, 1.0 / gnorm), g)
    m, v, t = opt
    t = t + 1
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.98 * v + 0.02 * g * g, v, g)
    p = jax.tree.map(lambda p, m, v: p - 3e-3 * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.98**t)) + 1e-9), p, m, v)
    return p, (m, v, t), loss, gnorm


params = init(key)
zeros = jax.tree.map(jnp.zeros_like, params)
opt = (zeros, zeros, 0)
print("parameters:", sum(x.size for x in jax.tree.leaves(params)))
for i in range(400):
    params, opt, loss, gnorm = train_step(params, opt, jax.random.fold_in(key, i))
    if i in (0, 199, 399):
        print(f"step {i}: loss {float(loss):.3f}")


@jax.jit
def greedy(p, src):
    mem = encode(p, src)

    def body(i, buf):
        logits = decode(p, mem, buf[:L])
        tok = jnp.argmax(logits[i])
        return jax.lax.dynamic_update_slice(buf, tok[None].astype(buf.dtype), (i + 1,))

    buf = jnp.zeros(L + 1, jnp.int32).at[0].set(BOS)
    return jax.lax.fori_loop(0, L, body, buf)[1:]


src, tgt = make_batch(jax.random.key(1234), 32)
pred = jax.vmap(lambda s: greedy(params, s))(src)
print("example:", src[0], "->", pred[0])
tok_acc = float(jnp.mean(pred == tgt))
print("token accuracy > 0.5:", tok_acc > 0.5, "sequence accuracy:", round(float(jnp.mean(jnp.all(pred == tgt, 1))), 3))
