# Learning to rank: a linear scorer trained with pairwise logistic (RankNet), ListNet
# (softmax cross-entropy) and ListMLE (Plackett-Luce) losses on query groups with graded
# relevance, evaluated by NDCG@5 computed with argsort and take_along_axis, per query by vmap
import jax
import jax.numpy as jnp
import numpy as np

Q, DOCS, F = 12, 10, 6
rng = np.random.default_rng(17)
feats = jnp.asarray(rng.normal(size=(Q, DOCS, F)), jnp.float32)
w_true = jnp.asarray(rng.normal(size=F), jnp.float32)
rel = jnp.clip(jnp.round(feats @ w_true + 0.5 * jnp.asarray(rng.normal(size=(Q, DOCS)), jnp.float32)), 0, 4)
print("relevance grades", jnp.unique(rel), rel.dtype)


def ranknet(s, r):
    diff = s[:, :, None] - s[:, None, :]
    mask = r[:, :, None] > r[:, None, :]
    return jnp.sum(jnp.where(mask, jax.nn.softplus(-diff), 0.0)) / jnp.sum(mask)


def listnet(s, r):
    return -jnp.mean(jnp.sum(jax.nn.softmax(r, -1) * jax.nn.log_softmax(s, -1), -1))


def listmle(s, r):
    order = jnp.argsort(-r, axis=-1, stable=True)
    s_sorted = jnp.take_along_axis(s, order, -1)
    rev_lse = jax.lax.cumlogsumexp(s_sorted, axis=1, reverse=True)
    return jnp.mean(jnp.sum(rev_lse - s_sorted, -1))


def ndcg_at(k):
    def one(s, r):
        order = jnp.argsort(-s)
        gains = (2.0 ** r[order] - 1)[:k]
        disc = 1.0 / jnp.log2(jnp.arange(2, k + 2))
        ideal = (2.0 ** jnp.sort(r)[::-1] - 1)[:k]
        return jnp.sum(gains * disc) / jnp.maximum(jnp.sum(ideal * disc), 1e-9)

    return jax.vmap(one)


ndcg5 = ndcg_at(5)
print("random ndcg@5 %.4f" % float(ndcg5(jnp.asarray(rng.normal(size=(Q, DOCS)), jnp.float32), rel).mean()))
print("oracle ndcg@5 %.4f" % float(ndcg5(rel, rel).mean()))
for name, loss in [("ranknet", ranknet), ("listnet", listnet), ("listmle", listmle)]:
    w = jnp.zeros(F)
    obj = jax.jit(jax.value_and_grad(lambda w: loss(feats @ w, rel)))
    l0 = obj(w)[0]
    for i in range(150):
        l, g = obj(w)
        w = w - 0.1 * g
    score = ndcg5(feats @ w, rel).mean()
    cos = w @ w_true / (jnp.linalg.norm(w) * jnp.linalg.norm(w_true))
    print(f"{name:8s} loss {float(l0):.4f} -> {float(l):.4f} ndcg@5 {float(score):.4f} cos {float(cos):.3f}")
ranks = jnp.argsort(jnp.argsort(-(feats[0] @ w)))
print("ranks of query 0", ranks)
print("cumlogsumexp", jnp.round(jax.lax.cumlogsumexp(jnp.array([0.0, 1.0, 2.0]), reverse=True), 4))
