# Skip-gram with negative sampling: embedding lookups by indexing, log-sigmoid losses, gradients
# that are scatter-adds into the tables, a hand-written SGD step with .at[].add, and nearest
# neighbours by cosine similarity with top_k
import jax
import jax.numpy as jnp
from jax import random

corpus = "the king rules the land the queen rules the land a king and a queen".split()
vocab = sorted(set(corpus))
idx = {w: i for i, w in enumerate(vocab)}
ids = jnp.array([idx[w] for w in corpus])
window = 2
pairs = jnp.array([(ids[i], ids[j]) for i in range(len(corpus))
                   for j in range(max(0, i - window), min(len(corpus), i + window + 1)) if i != j])
print(len(vocab), pairs.shape)
V, D, NEG = len(vocab), 8, 3
k1, k2 = random.split(random.key(0))
params = {"in": 0.1 * random.normal(k1, (V, D)), "out": 0.1 * random.normal(k2, (V, D))}


def loss(params, centers, contexts, negatives):
    c = params["in"][centers]
    pos = jnp.sum(c * params["out"][contexts], -1)
    neg = jnp.einsum("bd,bkd->bk", c, params["out"][negatives])
    return -jnp.mean(jax.nn.log_sigmoid(pos) + jnp.sum(jax.nn.log_sigmoid(-neg), -1))


@jax.jit
def step(params, key):
    negatives = random.randint(key, (pairs.shape[0], NEG), 0, V)
    l, g = jax.value_and_grad(loss)(params, pairs[:, 0], pairs[:, 1], negatives)
    return jax.tree.map(lambda p, g: p - 0.5 * g, params, g), l


key = random.key(1)
losses = []
for i in range(100):
    key, sub = random.split(key)
    params, l = step(params, sub)
    losses.append(l)
print("loss", losses[0], losses[-1] < losses[0])
g = jax.grad(loss)(params, pairs[:2, 0], pairs[:2, 1], jnp.zeros((2, NEG), jnp.int32))
print("rows touched", jnp.sum(jnp.any(g["in"] != 0, axis=1)))
manual = jnp.zeros((V, D)).at[pairs[:4, 0]].add(jnp.ones((4, D)))
print(manual.sum(1))
emb = params["in"] / jnp.linalg.norm(params["in"], axis=1, keepdims=True)
sims = emb @ emb[idx["king"]]
vals, nearest = jax.lax.top_k(sims, 3)
print(vocab[int(nearest[0])], nearest.shape, vals[0])
print(jax.vmap(lambda i: jnp.argmax(emb @ emb[i]))(jnp.arange(V)) == jnp.arange(V))
