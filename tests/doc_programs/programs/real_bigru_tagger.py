# A bidirectional GRU sequence tagger: forward and backward lax.scan passes (reverse=True) over
# padded batches, masking that freezes the hidden state past each sequence's length, concatenated
# states fed to a per-token softmax, a masked cross-entropy, token accuracy, and a check that the
# reverse scan equals scanning flipped (per-length) sequences
import jax
import jax.numpy as jnp

V, E, H, TAGS, B, T = 20, 8, 12, 3, 16, 10


def gru_params(key, din):
    k = jax.random.split(key, 2)
    return {"W": jax.random.normal(k[0], (din, 3 * H)) / jnp.sqrt(din), "U": jax.random.normal(k[1], (H, 3 * H)) / jnp.sqrt(H), "b": jnp.zeros(3 * H)}


def gru_cell(p, h, x):
    gx, gh = x @ p["W"] + p["b"], h @ p["U"]
    r = jax.nn.sigmoid(gx[..., :H] + gh[..., :H])
    z = jax.nn.sigmoid(gx[..., H : 2 * H] + gh[..., H : 2 * H])
    n = jnp.tanh(gx[..., 2 * H :] + r * gh[..., 2 * H :])
    return (1 - z) * n + z * h


def run(p, xs, mask, reverse):
    def step(h, inp):
        x, m = inp
        new = gru_cell(p, h, x)
        h = jnp.where(m[:, None], new, h)
        return h, h

    _, hs = jax.lax.scan(step, jnp.zeros((xs.shape[1], H)), (xs, mask), reverse=reverse)
    return hs


def tagger(params, tokens, mask):
    xs = params["emb"][tokens].swapaxes(0, 1)  # T, B, E
    m = mask.T
    fwd = run(params["fwd"], xs, m, False)
    bwd = run(params["bwd"], xs, m, True)
    h = jnp.concatenate([fwd, bwd], -1).swapaxes(0, 1)
    return h @ params["out"]


k = jax.random.split(jax.random.key(0), 6)
params = {"emb": jax.random.normal(k[0], (V, E)), "fwd": gru_params(k[1], E), "bwd": gru_params(k[2], E), "out": jax.random.normal(k[3], (2 * H, TAGS)) * 0.1}
lengths = jax.random.randint(k[4], (B,), 3, T + 1)
mask = jnp.arange(T)[None] < lengths[:, None]
tokens = jnp.where(mask, jax.random.randint(k[5], (B, T), 1, V), 0)
tags = jnp.where(tokens < 7, 0, jnp.where(tokens < 14, 1, 2))
tags = jnp.where(jnp.roll(tokens, 1, 1) % 2 == 0, tags, (tags + 1) % TAGS)


def loss_fn(params):
    logits = tagger(params, tokens, mask)
    nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), tags[..., None], -1)[..., 0]
    return jnp.sum(nll * mask) / mask.sum(), logits


@jax.jit
def step(params):
    (l, logits), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
    acc = jnp.sum((logits.argmax(-1) == tags) * mask) / mask.sum()
    return jax.tree.map(lambda p, g: p - 0.5 * g, params, g), l, acc


first = None
for i in range(150):
    params, l, acc = step(params)
    first = float(l) if first is None else first
print(first, float(l) < first, float(acc) > 0.6)
xs = params["emb"][tokens].swapaxes(0, 1)
bwd = run(params["bwd"], xs, mask.T, True)
b0 = int(lengths[0])
flipped = jnp.flip(xs[:b0, :1], 0)
fwd_on_flipped = run(params["bwd"], flipped, jnp.ones((b0, 1), bool), False)
print(b0, bool(jnp.allclose(bwd[0, 0], fwd_on_flipped[-1, 0], atol=1e-5)))
print(lengths, tagger(params, tokens, mask).shape)
