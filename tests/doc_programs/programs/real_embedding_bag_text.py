# A bag-of-words text classifier: a whitespace tokenizer in Python building a vocabulary, ids
# padded to a fixed length, jnp.unique(size=, fill_value=) for per-document vocabularies,
# an embedding bag by segment_sum / segment_max over flattened tokens, and training by SGD
import jax
import jax.numpy as jnp
import numpy as np

docs = [
    ("the movie was great and fun", 1),
    ("terrible plot and bad acting", 0),
    ("great acting great fun", 1),
    ("bad bad movie", 0),
    ("fun plot and great cast", 1),
    ("the cast was terrible", 0),
]
vocab = {"<pad>": 0}
for text, _ in docs:
    for w in text.split():
        vocab.setdefault(w, len(vocab))
MAXLEN = 6
ids = np.zeros((len(docs), MAXLEN), np.int32)
for i, (text, _) in enumerate(docs):
    toks = [vocab[w] for w in text.split()][:MAXLEN]
    ids[i, : len(toks)] = toks
ids = jnp.asarray(ids)
labels = jnp.array([y for _, y in docs])
print(len(vocab), ids.shape, ids[3])

uniq = jax.vmap(lambda r: jnp.unique(r, size=MAXLEN, fill_value=-1))(ids)
print(uniq[3], jnp.sum(uniq > 0, axis=1))
vals, counts = jnp.unique(ids[2], return_counts=True, size=4, fill_value=0)
print(vals, counts)

flat = ids.reshape(-1)
seg = jnp.repeat(jnp.arange(len(docs)), MAXLEN)
mask = flat > 0


def embedding_bag(table, mode="mean"):
    e = table[flat] * mask[:, None]
    if mode == "max":
        e = jnp.where(mask[:, None], table[flat], -jnp.inf)
        return jax.ops.segment_max(e, seg, num_segments=len(docs))
    total = jax.ops.segment_sum(e, seg, num_segments=len(docs), indices_are_sorted=True)
    n = jax.ops.segment_sum(mask.astype(jnp.float32), seg, num_segments=len(docs))
    return total / n[:, None]


key = jax.random.key(0)
params = {"emb": 0.1 * jax.random.normal(key, (len(vocab), 8)), "w": jnp.zeros((8, 2)), "b": jnp.zeros(2)}
print(embedding_bag(params["emb"]).shape, embedding_bag(params["emb"], "max").shape)


def loss_fn(p):
    logits = embedding_bag(p["emb"]) @ p["w"] + p["b"]
    return -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(len(docs)), labels])


@jax.jit
def sgd(p):
    l, g = jax.value_and_grad(loss_fn)(p)
    return jax.tree.map(lambda a, b: a - 1.0 * b, p, g), l, g["emb"]


for i in range(150):
    params, l, gemb = sgd(params)
print(f"{float(l):.4f}" if float(l) > 0.05 else "converged", bool(jnp.all(gemb[0] == 0)))
pred = jnp.argmax(embedding_bag(params["emb"]) @ params["w"] + params["b"], axis=1)
print(pred, bool(jnp.all(pred == labels)))
score = params["emb"] @ params["w"][:, 1] - params["emb"] @ params["w"][:, 0]
inv = {i: w for w, i in vocab.items()}
print(inv[int(jnp.argmax(score))], inv[int(jnp.argmin(score))])
print(jnp.bincount(flat, length=len(vocab))[:6], jnp.zeros(3).at[jnp.array([0, 0, 2])].add(1.0))
print(jax.ops.segment_sum(jnp.ones(4), jnp.array([0, 0, 5, 1]), num_segments=3))
