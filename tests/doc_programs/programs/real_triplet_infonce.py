# Metric learning: an embedding MLP trained with a triplet margin loss using batch-hard mining
# (hardest positive / negative per anchor from the pairwise distance matrix with label masks)
# and with a supervised InfoNCE loss, then recall@1 by nearest neighbours and class-centroid
# cosine similarities; gradients of the mining checked to flow only through the chosen pairs
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
C, PER, DIN = 5, 8, 10
centers = rng.normal(size=(C, DIN)) * 1.5
labels = jnp.repeat(jnp.arange(C), PER)
X = jnp.asarray(centers[np.repeat(np.arange(C), PER)] + rng.normal(size=(C * PER, DIN)), jnp.float32)


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (DIN, 32)) / np.sqrt(DIN), "w2": jax.random.normal(k2, (32, 8)) / np.sqrt(32)}


def embed(p, x):
    z = jax.nn.relu(x @ p["w1"]) @ p["w2"]
    return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def pdist(z):
    sq = jnp.sum(z**2, -1)
    return jnp.sqrt(jnp.maximum(sq[:, None] + sq[None] - 2 * z @ z.T, 1e-12))


def batch_hard_triplet(p, x, y, margin=0.3):
    d = pdist(embed(p, x))
    same = y[:, None] == y[None]
    eye = jnp.eye(y.shape[0], dtype=bool)
    hardest_pos = jnp.max(jnp.where(same & ~eye, d, 0.0), 1)
    hardest_neg = jnp.min(jnp.where(same, jnp.inf, d), 1)
    return jnp.mean(jax.nn.relu(hardest_pos - hardest_neg + margin))


def sup_infonce(p, x, y, temp=0.1):
    z = embed(p, x)
    sim = z @ z.T / temp
    eye = jnp.eye(y.shape[0], dtype=bool)
    sim = jnp.where(eye, -jnp.inf, sim)
    logp = jax.nn.log_softmax(sim, 1)
    pos = (y[:, None] == y[None]) & ~eye
    return -jnp.mean(jnp.sum(jnp.where(pos, logp, 0.0), 1) / pos.sum(1))


def recall_at_1(p):
    d = pdist(embed(p, X)) + jnp.eye(X.shape[0]) * 1e9
    return jnp.mean(labels[jnp.argmin(d, 1)] == labels)


for name, loss in [("triplet", batch_hard_triplet), ("infonce", sup_infonce)]:
    p = init(jax.random.key(0))
    step = jax.jit(lambda p: jax.tree.map(lambda a, g: a - 0.1 * g, p, jax.grad(loss)(p, X, labels)))
    print(name, "start", round(float(loss(p, X, labels)), 4), "recall", float(recall_at_1(p)))
    for i in range(150):
        p = step(p)
    print(name, "end", round(float(loss(p, X, labels)), 4), "recall", float(recall_at_1(p)))
    z = embed(p, X)
    cent = jax.ops.segment_sum(z, labels, num_segments=C) / PER
    cent = cent / jnp.linalg.norm(cent, axis=1, keepdims=True)
    print("  centroid cos offdiag max", round(float(jnp.max(cent @ cent.T - 2 * jnp.eye(C))), 3))

d = jnp.array([[0.0, 1.0, 2.0], [1.0, 0.0, 0.5], [2.0, 0.5, 0.0]])
y3 = jnp.array([0, 0, 1])
g = jax.grad(lambda d: jnp.sum(jnp.min(jnp.where(y3[:, None] == y3[None], jnp.inf, d), 1)))(d)
print(g)
