# A GRU language model over a toy character stream, its time loop written with lax.scan and
# unrolled by different amounts (unroll=1, 3, True), run forwards and in reverse for a
# bidirectional encoder, with a fori_loop training loop (unroll=2) of hand-written momentum SGD,
# and a lax.map with batch_size over the evaluation batches; every unroll must agree
import jax
import jax.numpy as jnp
import numpy as np

V, H, T, B = 11, 16, 12, 6
rng = np.random.default_rng(7)
tokens = jnp.asarray(rng.integers(0, V, size=(B, T + 1)), jnp.int32)


def init(key):
    ks = jax.random.split(key, 4)
    s = 1.0 / np.sqrt(H)
    return {
        "emb": jax.random.normal(ks[0], (V, H)) * 0.3,
        "wx": jax.random.normal(ks[1], (2, H, 3 * H)) * s,
        "wh": jax.random.normal(ks[2], (2, H, 3 * H)) * s,
        "b": jnp.zeros((2, 3 * H)),
        "out": jax.random.normal(ks[3], (2 * H, V)) * s,
    }


def gru_cell(wx, wh, b):
    def step(h, x):
        gx, gh = x @ wx + b, h @ wh
        r = jax.nn.sigmoid(gx[:, :H] + gh[:, :H])
        z = jax.nn.sigmoid(gx[:, H : 2 * H] + gh[:, H : 2 * H])
        n = jnp.tanh(gx[:, 2 * H :] + r * gh[:, 2 * H :])
        h = (1 - z) * n + z * h
        return h, h

    return step


def encode(params, toks, unroll):
    xs = jnp.swapaxes(params["emb"][toks], 0, 1)  # (T, B, H)
    h0 = jnp.zeros((toks.shape[0], H))
    _, fw = jax.lax.scan(gru_cell(params["wx"][0], params["wh"][0], params["b"][0]), h0, xs, unroll=unroll)
    _, bw = jax.lax.scan(gru_cell(params["wx"][1], params["wh"][1], params["b"][1]), h0, xs, reverse=True, unroll=unroll)
    return jnp.concatenate([fw, bw], -1)  # (T, B, 2H)


def loss_fn(params, toks, unroll=1):
    hs = encode(params, toks[:, :-1], unroll)
    logits = hs @ params["out"]
    targets = jnp.swapaxes(toks[:, 1:], 0, 1)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, targets[..., None], -1))


params = init(jax.random.key(0))
for unroll in (1, 3, True):
    l, g = jax.jit(jax.value_and_grad(loss_fn), static_argnums=2)(params, tokens, unroll)
    print("unroll", unroll, "loss", round(float(l), 5), "|g_wh|", round(float(jnp.linalg.norm(g["wh"])), 5))

jaxpr = jax.make_jaxpr(lambda p: encode(p, tokens[:, :-1], 3))(params)
scans = [e for e in jaxpr.jaxpr.eqns if e.primitive.name == "scan"]
print("scans", len(scans), "unroll", [e.params["unroll"] for e in scans], "reverse", [e.params["reverse"] for e in scans])


@jax.jit
def train(params, toks):
    vel = jax.tree.map(jnp.zeros_like, params)

    def body(i, state):
        p, v, _ = state
        l, g = jax.value_and_grad(loss_fn)(p, toks)
        v = jax.tree.map(lambda v, g: 0.9 * v + g, v, g)
        p = jax.tree.map(lambda p, v: p - 0.3 * v, p, v)
        return p, v, l

    return jax.lax.fori_loop(0, 30, body, (params, vel, 0.0), unroll=2)


trained, _, last = train(params, tokens)
print("last loss", round(float(last), 4), "final", round(float(loss_fn(trained, tokens)), 4))

batches = jnp.asarray(rng.integers(0, V, size=(10, B, T + 1)), jnp.int32)
per_batch = jax.jit(lambda p, bs: jax.lax.map(lambda b: loss_fn(p, b), bs, batch_size=4))(trained, batches)
print("eval losses", np.round(np.asarray(per_batch), 4))
print("same as loop", bool(jnp.allclose(per_batch, jnp.stack([loss_fn(trained, b) for b in batches]), atol=1e-5)))
