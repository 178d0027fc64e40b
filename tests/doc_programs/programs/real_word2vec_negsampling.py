# Skip-gram word2vec with negative sampling on a synthetic corpus: a vocabulary by jnp.unique
# with return_inverse / return_counts and size=, context pairs by sliding windows, a unigram^0.75
# noise distribution sampled with random.choice, log_sigmoid losses over gathered embeddings,
# sparse-looking updates with .at[].add, a jitted training step over minibatches with fold_in
# keys, and nearest neighbours by cosine similarity with lax.top_k
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
topics = [[10, 11, 12, 13], [20, 21, 22, 23], [30, 31, 32, 33]]
corpus = np.concatenate([rng.choice(topics[i % 3], size=12) for i in range(60)])
corpus = jnp.asarray(corpus)
vocab, ids, counts = jnp.unique(corpus, return_inverse=True, return_counts=True, size=12, fill_value=-1)
V, D, WIN, NEG = 12, 8, 2, 4
print(vocab, counts.sum(), ids.shape, ids.dtype)

offsets = jnp.array([o for o in range(-WIN, WIN + 1) if o != 0])
pos = jnp.arange(WIN, ids.shape[0] - WIN)
centers = jnp.repeat(ids[pos], offsets.shape[0])
contexts = ids[(pos[:, None] + offsets[None, :]).ravel()]
print(centers.shape, contexts.shape, bool(jnp.all(centers < V)))
noise = counts.astype(jnp.float32) ** 0.75
noise = noise / noise.sum()

key = jax.random.key(42)
ke, kc = jax.random.split(key)
params = {"in": 0.1 * jax.random.normal(ke, (V, D)), "out": 0.1 * jax.random.normal(kc, (V, D))}


def loss_fn(params, c, o, negs):
    vc = params["in"][c]
    pos = jax.nn.log_sigmoid(jnp.sum(vc * params["out"][o], -1))
    neg = jax.nn.log_sigmoid(-jnp.einsum("bd,bkd->bk", vc, params["out"][negs])).sum(-1)
    return -jnp.mean(pos + neg)


@jax.jit
def train_step(params, step, c, o):
    k = jax.random.fold_in(key, step)
    negs = jax.random.choice(k, V, (c.shape[0], NEG), p=noise)
    loss, g = jax.value_and_grad(loss_fn)(params, c, o, negs)
    return jax.tree.map(lambda p, g: p - 0.5 * g, params, g), loss


BS = 64
perm = jax.random.permutation(jax.random.key(1), centers.shape[0])
n_batches = centers.shape[0] // BS
losses = []
for epoch in range(8):
    for b in range(n_batches):
        sel = perm[b * BS : (b + 1) * BS]
        params, loss = train_step(params, epoch * n_batches + b, centers[sel], contexts[sel])
    losses.append(float(loss))
print(n_batches, f"{losses[0]:.4f}", f"{losses[-1]:.4f}", losses[-1] < losses[0])

emb = params["in"] / jnp.linalg.norm(params["in"], axis=1, keepdims=True)
sims = emb @ emb.T - 2 * jnp.eye(V)
_, nn = jax.lax.top_k(sims, 3)
word_topic = jnp.where(vocab >= 0, vocab // 10, -1)
same = jnp.mean((word_topic[nn] == word_topic[:, None])[:9])
print(nn.shape, nn.dtype, bool(same > 0.6))
g = jax.grad(loss_fn)(params, centers[:4], contexts[:4], jnp.zeros((4, NEG), jnp.int32))
print(int(jnp.sum(jnp.any(g["in"] != 0, axis=1))), g["out"].shape)
dense = jnp.zeros((V, D)).at[centers[:4]].add(1.0)
print(dense[:, 0])
