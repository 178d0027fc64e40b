# GloVe word vectors from a toy corpus: a windowed co-occurrence matrix built with .at[].add
# (duplicate indices accumulate) and 1/distance weighting, the weighted least-squares objective
# with f(X) = min(1, (X/x_max)^alpha) over the nonzero entries (jnp.nonzero with a static size),
# AdaGrad updates in a jitted scan, and nearest neighbours by cosine similarity
import jax
import jax.numpy as jnp
import numpy as np

corpus = (
    "the king rules the kingdom . the queen rules the kingdom . the king and the queen live in the castle . "
    "a man walks to the market . a woman walks to the market . the man and the woman buy bread . "
    "the cat chases the mouse . the dog chases the cat . a dog and a cat sleep in the house ."
).split()
vocab = sorted(set(corpus))
index = {w: i for i, w in enumerate(vocab)}
ids = jnp.array([index[w] for w in corpus])
V, WINDOW, DIM = len(vocab), 3, 8
print("vocabulary:", V, "tokens:", len(corpus))

rows, cols, vals = [], [], []
for off in range(1, WINDOW + 1):
    rows += [ids[:-off], ids[off:]]
    cols += [ids[off:], ids[:-off]]
    vals += [jnp.full(len(corpus) - off, 1.0 / off)] * 2
X = jnp.zeros((V, V)).at[jnp.concatenate(rows), jnp.concatenate(cols)].add(jnp.concatenate(vals))
print("co-occurrence symmetric:", bool(jnp.allclose(X, X.T)), "total weight:", round(float(X.sum()), 3))
print("X[the, king] =", round(float(X[index["the"], index["king"]]), 4))

NNZ = int(np.count_nonzero(np.asarray(X)))
i_idx, j_idx = jnp.nonzero(X, size=NNZ)
x_ij = X[i_idx, j_idx]
weights = jnp.minimum(1.0, (x_ij / 10.0) ** 0.75)
print("nonzero pairs:", NNZ, "weight range:", round(float(weights.min()), 4), round(float(weights.max()), 4))

key = jax.random.key(83)
k1, k2 = jax.random.split(key)
params = {"W": jax.random.uniform(k1, (V, DIM), minval=-0.5, maxval=0.5) / DIM,
          "C": jax.random.uniform(k2, (V, DIM), minval=-0.5, maxval=0.5) / DIM,
          "bw": jnp.zeros(V), "bc": jnp.zeros(V)}


def loss_fn(p):
    pred = jnp.sum(p["W"][i_idx] * p["C"][j_idx], axis=1) + p["bw"][i_idx] + p["bc"][j_idx]
    return 0.5 * jnp.sum(weights * (pred - jnp.log(x_ij)) ** 2)


@jax.jit
def train(params, steps=600, lr=0.1):
    def body(carry, _):
        p, acc = carry
        loss, g = jax.value_and_grad(loss_fn)(p)
        acc = jax.tree.map(lambda a, g: a + g * g, acc, g)
        p = jax.tree.map(lambda p, g, a: p - lr * g / jnp.sqrt(a + 1e-8), p, g, acc)
        return (p, acc), loss

    acc0 = jax.tree.map(lambda x: jnp.full_like(x, 1e-8), params)
    (params, _), losses = jax.lax.scan(body, (params, acc0), None, length=steps)
    return params, losses


params, losses = train(params)
print("loss at 0 / 100 / 599:", [round(float(losses[i]), 4) for i in (0, 100, 599)])
E = params["W"] + params["C"]
E = E / jnp.linalg.norm(E, axis=1, keepdims=True)
sims = E @ E.T


def neighbours(word, k=3):
    s = sims[index[word]].at[index[word]].set(-jnp.inf)
    _, top = jax.lax.top_k(s, k)
    return [vocab[int(t)] for t in top]


for w in ("king", "cat", "market"):
    print(f"nearest to {w}: {neighbours(w)}")
print("embedding matrix:", E.shape, "unit norm:", bool(jnp.allclose(jnp.linalg.norm(E, axis=1), 1.0, atol=1e-5)))
