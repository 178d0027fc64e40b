# Embedding retrieval: a normalised database searched by exact top-k (lax.top_k), by
# lax.approx_max_k / approx_min_k with recall_target (exact on CPU), by a two-stage IVF index
# (k-means coarse centroids, probing the nearest lists through masked scores), recall@k measured,
# and the database sharded across 8 devices with per-shard top-k merged from an all_gather (the
# all_gather varies over the axis: check_vma=False states the merged result is replicated)
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

NDB, D, NQ, K = 1024, 16, 32, 10
kd, kq = jax.random.split(jax.random.key(0))
db = jax.random.normal(kd, (NDB, D))
db /= jnp.linalg.norm(db, axis=1, keepdims=True)
queries = db[:NQ] + 0.3 * jax.random.normal(kq, (NQ, D))
queries /= jnp.linalg.norm(queries, axis=1, keepdims=True)

scores = queries @ db.T
exact_vals, exact_idx = jax.lax.top_k(scores, K)
approx_vals, approx_idx = jax.jit(partial(jax.lax.approx_max_k, k=K, recall_target=0.95))(scores)
print(exact_idx.shape, approx_idx.dtype, bool(jnp.array_equal(jnp.sort(approx_idx, 1), jnp.sort(exact_idx, 1))))
dists = 2 - 2 * scores
min_vals, min_idx = jax.lax.approx_min_k(dists, K)
print(bool(jnp.array_equal(min_idx, exact_idx)), bool(jnp.allclose(min_vals, 2 - 2 * exact_vals, atol=1e-5)))
print(float(jnp.mean(exact_idx[:, 0] == jnp.arange(NQ))))


def kmeans(x, k, iters=10):
    c = x[:k]

    def body(c, _):
        assign = jnp.argmax(x @ c.T, 1)
        onehot = jax.nn.one_hot(assign, k)
        c = (onehot.T @ x) / jnp.maximum(onehot.sum(0)[:, None], 1)
        return c / jnp.linalg.norm(c, axis=1, keepdims=True), None

    c, _ = jax.lax.scan(body, c, None, length=iters)
    return c, jnp.argmax(x @ c.T, 1)


@partial(jax.jit, static_argnums=(3, 4))
def ivf_search(q, centroids, assign, nprobe, k):
    probe = jax.lax.top_k(q @ centroids.T, nprobe)[1]  # NQ, nprobe
    allowed = (assign[None, :, None] == probe[:, None, :]).any(-1)
    s = jnp.where(allowed, q @ db.T, -jnp.inf)
    return jax.lax.top_k(s, k)[1]


centroids, assign = jax.jit(kmeans, static_argnums=(1, 2))(db, 16)
print(centroids.shape, jnp.bincount(assign, length=16).sum())


def recall(found, truth):
    return float(jnp.mean(jax.vmap(lambda f, t: jnp.isin(t, f).mean())(found, truth)))


recalls = [recall(ivf_search(queries, centroids, assign, n, K), exact_idx) for n in (1, 4, 16)]
print(recalls[-1], recalls[0] <= recalls[1] <= recalls[2])

mesh = jax.make_mesh((8,), ("shard",), axis_types=(jax.sharding.AxisType.Explicit,))
db_sharded = jax.device_put(db, NamedSharding(mesh, P("shard", None)))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("shard", None)), out_specs=P(), check_vma=False)
def sharded_topk(q, db_local):
    vals, idx = jax.lax.top_k(q @ db_local.T, K)
    idx = idx + jax.lax.axis_index("shard") * db_local.shape[0]
    all_vals = jax.lax.all_gather(vals, "shard", axis=1, tiled=True)
    all_idx = jax.lax.all_gather(idx, "shard", axis=1, tiled=True)
    best, pos = jax.lax.top_k(all_vals, K)
    return jnp.take_along_axis(all_idx, pos, 1)


q_rep = jax.device_put(queries, NamedSharding(mesh, P()))
found = jax.jit(sharded_topk)(q_rep, db_sharded)
print(found.shape, bool(jnp.array_equal(found, exact_idx)), found.sharding.spec)
