# Truncated backpropagation through time: a vanilla tanh RNN language model over a long
# synthetic sequence split into chunks, the hidden state carried between chunks with
# stop_gradient, each chunk's loss and gradient from lax.scan under jit, gradient clipping by
# global norm, and the full-sequence gradient compared with the truncated one
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

V, H, T, CHUNK = 8, 24, 240, 40
rng = np.random.default_rng(0)
seq = np.zeros(T + 1, np.int32)
for t in range(1, T + 1):
    seq[t] = (seq[t - 1] + rng.choice([1, 2], p=[0.8, 0.2])) % V
seq = jnp.asarray(seq)
k1, k2, k3 = random.split(random.key(0), 3)
params = {
    "emb": random.normal(k1, (V, H)) * 0.3,
    "w": random.normal(k2, (H, H)) / jnp.sqrt(H),
    "out": random.normal(k3, (H, V)) * 0.1,
}


def chunk_loss(params, h0, xs, ys):
    def step(h, xy):
        x, y = xy
        h = jnp.tanh(params["emb"][x] + h @ params["w"])
        logp = jax.nn.log_softmax(h @ params["out"])
        return h, -logp[y]

    h, losses = jax.lax.scan(step, h0, (xs, ys))
    return losses.mean(), h


def clip(g, max_norm=1.0):
    norm = jnp.sqrt(sum(jnp.sum(x**2) for x in jax.tree.leaves(g)))
    return jax.tree.map(lambda x: x * jnp.minimum(1.0, max_norm / norm), g), norm


@jax.jit
def train_chunk(params, h, xs, ys):
    (loss, h), g = jax.value_and_grad(chunk_loss, has_aux=True)(params, jax.lax.stop_gradient(h), xs, ys)
    g, norm = clip(g)
    return jax.tree.map(lambda p, g: p - 0.5 * g, params, g), h, loss, norm


for epoch in range(4):
    h = jnp.zeros(H)
    losses = []
    for start in range(0, T, CHUNK):
        params, h, loss, norm = train_chunk(params, h, seq[start : start + CHUNK], seq[start + 1 : start + CHUNK + 1])
        losses.append(float(loss))
    print(f"epoch {epoch} mean loss {np.mean(losses):.4f} last grad norm {float(norm):.4f}")


def full_loss(params):
    return chunk_loss(params, jnp.zeros(H), seq[:-1], seq[1:])[0]


def truncated_loss(params):
    h, total = jnp.zeros(H), 0.0
    for start in range(0, T, CHUNK):
        l, h = chunk_loss(params, jax.lax.stop_gradient(h), seq[start : start + CHUNK], seq[start + 1 : start + CHUNK + 1])
        total = total + l
    return total / (T // CHUNK)


gf = jax.grad(full_loss)(params)
gt = jax.grad(truncated_loss)(params)
print("losses equal", bool(jnp.isclose(full_loss(params), truncated_loss(params), atol=1e-5)))
cos = lambda a, b: float(jnp.sum(a * b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b)))
print("grad cosine w %.4f emb %.4f out %.4f" % (cos(gf["w"], gt["w"]), cos(gf["emb"], gt["emb"]), cos(gf["out"], gt["out"])))
print("out grads equal", bool(jnp.allclose(gf["out"], gt["out"], atol=1e-5)))
h = jnp.zeros(H)
x = seq[0]
sample = []
for _ in range(12):
    h = jnp.tanh(params["emb"][x] + h @ params["w"])
    x = jnp.argmax(h @ params["out"])
    sample.append(int(x))
print("greedy continuation", sample)
