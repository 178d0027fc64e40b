# A character-level LSTM written with lax.scan: params in a dict, an embedding lookup, the
# cell unrolled by scan over time, cross-entropy against next characters, backprop through
# time with a global-norm clip, truncated BPTT carrying the state between chunks with
# stop_gradient, and greedy sampling by fori_loop
import jax
import jax.numpy as jnp
from jax import lax

text = "hello jax, hello world. " * 4
chars = sorted(set(text))
V, Hd = len(chars), 24
stoi = {c: i for i, c in enumerate(chars)}
data = jnp.array([stoi[c] for c in text])
print(V, data.shape, data[:8])


def init(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "embed": jax.random.normal(k1, (V, Hd)) * 0.1,
        "w": jax.random.normal(k2, (2 * Hd, 4 * Hd)) / jnp.sqrt(2 * Hd),
        "b": jnp.zeros(4 * Hd).at[Hd : 2 * Hd].set(1.0),
        "out": jax.random.normal(k3, (Hd, V)) * 0.1,
    }


def cell(p, carry, x_t):
    h, c = carry
    z = jnp.concatenate([p["embed"][x_t], h]) @ p["w"] + p["b"]
    i, f, g, o = jnp.split(z, 4)
    c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
    h = jax.nn.sigmoid(o) * jnp.tanh(c)
    return (h, c), h @ p["out"]


def loss_fn(p, state, xs, ys):
    state, logits = lax.scan(lambda s, x: cell(p, s, x), state, xs)
    nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), ys[:, None], axis=1).mean()
    return nll, state


def clip(g, max_norm=1.0):
    norm = jnp.sqrt(sum(jnp.vdot(a, a) for a in jax.tree.leaves(g)))
    return jax.tree.map(lambda a: a * jnp.minimum(1.0, max_norm / norm), g), norm


@jax.jit
def step(p, state, xs, ys):
    (loss, state), g = jax.value_and_grad(loss_fn, has_aux=True)(p, state, xs, ys)
    g, norm = clip(g)
    p = jax.tree.map(lambda a, b: a - 0.5 * b, p, g)
    return p, jax.tree.map(lax.stop_gradient, state), loss, norm


p = init(jax.random.key(0))
zero = (jnp.zeros(Hd), jnp.zeros(Hd))
chunk = 16
for epoch in range(6):
    state, total = zero, 0.0
    for s in range(0, data.shape[0] - chunk - 1, chunk):
        p, state, loss, norm = step(p, state, data[s : s + chunk], data[s + 1 : s + chunk + 1])
        total += loss
    if epoch % 2 == 1:
        print(epoch, round(float(total), 3), bool(norm > 0))


@jax.jit
def sample(p, first, n=12):
    def body(i, carry):
        state, tok, out = carry
        state, logits = cell(p, state, tok)
        tok = jnp.argmax(logits)
        return state, tok, out.at[i].set(tok)

    _, _, out = lax.fori_loop(0, n, body, (zero, first, jnp.zeros(n, jnp.int32)))
    return out


out = sample(p, stoi["h"])
print(out.dtype, out.shape)
print(repr("".join(chars[int(i)] for i in out)))
g = jax.grad(lambda p: loss_fn(p, zero, data[:10], data[1:11])[0])(p)
print({k: v.shape for k, v in g.items()})
print(jax.tree.map(lambda a: a.dtype, loss_fn(p, zero, data[:4], data[1:5])))
