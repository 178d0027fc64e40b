# Sequence classification with a layer-normalised LSTM over padded variable-length batches: the
# cell written by hand, lax.scan over time with a per-step mask that freezes the state after each
# sequence's end, the last valid hidden state gathered with take_along_axis, a bidirectional
# variant by reversing each sequence inside its length (flip + roll), trained with RMSProp
import jax
import jax.numpy as jnp

V, E, H, T, B = 20, 8, 16, 12, 64
key = jax.random.key(4)


def make_batch(key, n):
    k1, k2 = jax.random.split(key)
    lengths = jax.random.randint(k1, (n,), 3, T + 1)
    toks = jax.random.randint(k2, (n, T), 1, V)
    mask = jnp.arange(T)[None, :] < lengths[:, None]
    toks = jnp.where(mask, toks, 0)
    # label: does token 7 appear before token 13 (both counted only inside the length)?
    first = lambda v: jnp.min(jnp.where((toks == v) & mask, jnp.arange(T), T), axis=1)
    labels = (first(7) < first(13)).astype(jnp.int32)
    return toks, lengths, mask, labels


def init(key):
    ks = jax.random.split(key, 6)
    cell = lambda k: {"w": jax.random.normal(k, (E + H, 4 * H)) / jnp.sqrt(E + H), "g": jnp.ones(4 * H), "b": jnp.zeros(4 * H).at[H : 2 * H].set(1.0)}
    return {"emb": jax.random.normal(ks[0], (V, E)) * 0.3, "fwd": cell(ks[1]), "bwd": cell(ks[2]), "out": jax.random.normal(ks[3], (2 * H, 2)) * 0.1}


def layer_norm(z, g, b):
    return (z - z.mean(-1, keepdims=True)) / jnp.sqrt(z.var(-1, keepdims=True) + 1e-5) * g + b


def lstm(p, xs, mask):
    def step(carry, inp):
        h, c = carry
        x, m = inp
        z = layer_norm(jnp.concatenate([x, h], -1) @ p["w"], p["g"], p["b"])
        i, f, o, u = jnp.split(z, 4, -1)
        c_new = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(u)
        h_new = jax.nn.sigmoid(o) * jnp.tanh(c_new)
        m = m[:, None]
        return (jnp.where(m, h_new, h), jnp.where(m, c_new, c)), h_new

    n = xs.shape[0]
    init = (jnp.zeros((n, H)), jnp.zeros((n, H)))
    (h, c), hs = jax.lax.scan(step, init, (xs.swapaxes(0, 1), mask.swapaxes(0, 1)))
    return h, hs.swapaxes(0, 1)


def reverse_within(toks, lengths):
    flipped = jnp.flip(toks, axis=1)
    return jax.vmap(lambda row, l: jnp.roll(row, l - T))(flipped, lengths)


def model(p, toks, lengths, mask):
    h_f, hs = lstm(p["fwd"], p["emb"][toks], mask)
    last = jnp.take_along_axis(hs, (lengths - 1)[:, None, None], axis=1)[:, 0]
    h_b, _ = lstm(p["bwd"], p["emb"][reverse_within(toks, lengths)], mask)
    return jnp.concatenate([h_f, h_b], -1) @ p["out"], jnp.max(jnp.abs(last - h_f))


toks, lengths, mask, labels = make_batch(key, 4)
print("tokens:\n", toks)
print("reversed within length:\n", reverse_within(toks, lengths))
params = init(jax.random.key(1))
_, gap = model(params, toks, lengths, mask)
print("frozen state equals last valid output:", float(gap) < 1e-6)


def loss_fn(p, batch):
    toks, lengths, mask, labels = batch
    logits, _ = model(p, toks, lengths, mask)
    return jnp.mean(jax.nn.logsumexp(logits, -1) - jnp.take_along_axis(logits, labels[:, None], 1)[:, 0]), jnp.mean(jnp.argmax(logits, -1) == labels)


@jax.jit
def train_step(p, sq, key):
    batch = make_batch(key, B)
    (loss, acc), g = jax.value_and_grad(loss_fn, has_aux=True)(p, batch)
    sq = jax.tree.map(lambda s, g: 0.9 * s + 0.1 * g**2, sq, g)
    p = jax.tree.map(lambda p, g, s: p - 0.01 * g / (jnp.sqrt(s) + 1e-6), p, g, sq)
    return p, sq, loss, acc


sq = jax.tree.map(jnp.zeros_like, params)
for i in range(300):
    params, sq, loss, acc = train_step(params, sq, jax.random.fold_in(key, i))
    if i % 100 == 0:
        print(f"step {i}: loss {float(loss):.3f}")
_, test_acc = jax.jit(loss_fn)(params, make_batch(jax.random.key(777), 512))
print("test accuracy > 0.75:", bool(test_acc > 0.75))
