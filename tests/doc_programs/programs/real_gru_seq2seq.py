# A GRU encoder-decoder with additive (Bahdanau) attention that learns to reverse short digit
# sequences: encoder and decoder as lax.scan over time, teacher forcing in training, greedy
# decoding by a scan feeding back its argmax, trained with a clipped global-norm SGD step
import jax
import jax.numpy as jnp
from jax import lax, random

V, E, Hd, T = 6, 8, 16, 5
BOS = 0


def dense(key, a, b):
    return random.normal(key, (a, b)) * jnp.sqrt(1.0 / a)


def gru_params(key, inp):
    k = random.split(key, 2)
    return {"wx": dense(k[0], inp, 3 * Hd), "wh": dense(k[1], Hd, 3 * Hd), "b": jnp.zeros(3 * Hd)}


def gru(p, h, x):
    gx, gh = x @ p["wx"] + p["b"], h @ p["wh"]
    r = jax.nn.sigmoid(gx[..., :Hd] + gh[..., :Hd])
    z = jax.nn.sigmoid(gx[..., Hd:2 * Hd] + gh[..., Hd:2 * Hd])
    n = jnp.tanh(gx[..., 2 * Hd:] + r * gh[..., 2 * Hd:])
    return (1 - z) * n + z * h


def init(key):
    k = random.split(key, 7)
    return {"emb": random.normal(k[0], (V, E)) * 0.3, "enc": gru_params(k[1], E),
            "dec": gru_params(k[2], E + Hd), "wa": dense(k[3], Hd, Hd), "ua": dense(k[4], Hd, Hd),
            "va": random.normal(k[5], (Hd,)) * 0.1, "out": dense(k[6], 2 * Hd, V)}


def encode(p, src):
    xs = jnp.swapaxes(p["emb"][src], 0, 1)
    _, hs = lax.scan(lambda h, x: (gru(p["enc"], h, x),) * 2, jnp.zeros((src.shape[0], Hd)), xs)
    return jnp.swapaxes(hs, 0, 1)


def decode_step(p, enc, keys, h, tok):
    score = jnp.tanh(keys + (h @ p["ua"])[:, None, :]) @ p["va"]
    ctx = jnp.einsum("bt,bth->bh", jax.nn.softmax(score, -1), enc)
    h = gru(p["dec"], h, jnp.concatenate([p["emb"][tok], ctx], -1))
    return h, jnp.concatenate([h, ctx], -1) @ p["out"]


def teacher_forced(p, src, tgt):
    enc = encode(p, src)
    keys = enc @ p["wa"]
    inputs = jnp.concatenate([jnp.full((src.shape[0], 1), BOS), tgt[:, :-1]], 1)
    _, logits = lax.scan(lambda h, t: decode_step(p, enc, keys, h, t), enc[:, -1], inputs.T)
    return jnp.swapaxes(logits, 0, 1)


def greedy(p, src):
    enc = encode(p, src)
    keys = enc @ p["wa"]

    def body(carry, _):
        h, tok = carry
        h, logits = decode_step(p, enc, keys, h, tok)
        nxt = jnp.argmax(logits, -1)
        return (h, nxt), nxt

    _, toks = lax.scan(body, (enc[:, -1], jnp.full(src.shape[0], BOS)), None, length=T)
    return toks.T


def loss(p, src, tgt):
    logp = jax.nn.log_softmax(teacher_forced(p, src, tgt))
    return -jnp.mean(jnp.take_along_axis(logp, tgt[..., None], -1))


@jax.jit
def step(p, src, tgt):
    l, g = jax.value_and_grad(loss)(p, src, tgt)
    norm = jnp.sqrt(sum(jnp.vdot(x, x) for x in jax.tree.leaves(g)))
    scale = jnp.minimum(1.0, 5.0 / norm)
    return jax.tree.map(lambda w, d: w - 0.5 * scale * d, p, g), l, norm


params = init(random.key(4))
key = random.key(5)
for i in range(300):
    key, sub = random.split(key)
    src = random.randint(sub, (32, T), 1, V)
    params, l, gn = step(params, src, src[:, ::-1])
    if i % 100 == 0:
        print(i, round(float(l), 3), gn.shape)
test = random.randint(random.key(6), (64, T), 1, V)
pred = jax.jit(greedy)(params, test)
print(pred.shape, pred.dtype, "loss fell", float(l) < 1.0)
print("reversal accuracy > 0.5", bool(jnp.mean(pred == test[:, ::-1]) > 0.5))
print(teacher_forced(params, test[:2], test[:2]).shape, jax.eval_shape(encode, params, test))
