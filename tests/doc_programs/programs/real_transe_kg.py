# Knowledge-graph embeddings with TransE: entity and relation embeddings, a margin ranking
# loss against corrupted triples sampled with jax.random, L2-normalised entities after each
# step, and filtered link prediction ranks (MRR, Hits@3) on the training triples
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

NE, NR, D = 20, 3, 16
rng = np.random.default_rng(6)
heads = rng.integers(0, NE, size=60)
rels = rng.integers(0, NR, size=60)
tails = (heads + 3 * (rels + 1)) % NE
triples = jnp.asarray(np.unique(np.stack([heads, rels, tails], 1), axis=0), jnp.int32)
print("triples", triples.shape, triples.dtype)

key = random.key(0)
ke, kr, key = random.split(key, 3)
params = {"ent": random.uniform(ke, (NE, D), minval=-0.5, maxval=0.5), "rel": random.uniform(kr, (NR, D), minval=-0.5, maxval=0.5)}


def score(params, h, r, t):
    return -jnp.linalg.norm(params["ent"][h] + params["rel"][r] - params["ent"][t], axis=-1)


def loss(params, pos, neg, margin=1.0):
    sp = score(params, pos[:, 0], pos[:, 1], pos[:, 2])
    sn = score(params, neg[:, 0], neg[:, 1], neg[:, 2])
    return jnp.mean(jax.nn.relu(margin - sp + sn))


def corrupt(key, trip):
    k1, k2 = random.split(key)
    which = random.bernoulli(k1, 0.5, (trip.shape[0],))
    rnd = random.randint(k2, (trip.shape[0],), 0, NE)
    h = jnp.where(which, rnd, trip[:, 0])
    t = jnp.where(which, trip[:, 2], rnd)
    return jnp.stack([h, trip[:, 1], t], 1)


@jax.jit
def step(params, key):
    neg = corrupt(key, triples)
    l, g = jax.value_and_grad(loss)(params, triples, neg)
    params = jax.tree.map(lambda p, g: p - 0.05 * g, params, g)
    ent = params["ent"] / jnp.linalg.norm(params["ent"], axis=1, keepdims=True)
    return {"ent": ent, "rel": params["rel"]}, l


for i in range(400):
    key, sub = random.split(key)
    params, l = step(params, sub)
    if i % 100 == 0:
        print(f"step {i} loss {float(l):.4f}")


@jax.jit
def ranks(params):
    all_scores = jax.vmap(lambda h, r: score(params, h, r, jnp.arange(NE)))(triples[:, 0], triples[:, 1])
    known = jnp.zeros((triples.shape[0], NE), bool)
    same = (triples[:, None, 0] == triples[None, :, 0]) & (triples[:, None, 1] == triples[None, :, 1])
    known = jnp.any(same[:, :, None] & (jnp.arange(NE)[None, None, :] == triples[None, :, 2, None]), axis=1)
    true_s = jnp.take_along_axis(all_scores, triples[:, 2:3], 1)
    filtered = jnp.where(known, -jnp.inf, all_scores)
    return 1 + jnp.sum(filtered > true_s, axis=1)


r = ranks(params)
print("MRR %.3f hits@3 %.3f mean rank %.2f" % (float(jnp.mean(1.0 / r)), float(jnp.mean(r <= 3)), float(jnp.mean(r))))
print("relation norms", jnp.round(jnp.linalg.norm(params["rel"], axis=1), 3))
print("entity norms", jnp.round(jnp.linalg.norm(params["ent"], axis=1)[:4], 4))
