# A message-passing graph network on a random graph: edges gathered with jnp.take, messages summed
# with segment_sum and .at[].add, degree normalization, node classification trained with SGD
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(3)
N, E, F, C = 12, 40, 6, 3
senders = jnp.asarray(rng.integers(0, N, E))
receivers = jnp.asarray(rng.integers(0, N, E))
feats = jnp.asarray(rng.normal(size=(N, F)).astype(np.float32))
labels = jnp.asarray(rng.integers(0, C, N))
print(senders.dtype, feats.dtype, labels[:5])

deg = jax.ops.segment_sum(jnp.ones(E), receivers, num_segments=N)
deg2 = jnp.zeros(N).at[receivers].add(1.0)
print(jnp.array_equal(deg, deg2), deg.astype(int))


def init(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {"msg": jax.random.normal(k1, (F, 8)) * 0.3, "upd": jax.random.normal(k2, (F + 8, 8)) * 0.3,
            "out": jax.random.normal(k3, (8, C)) * 0.3}


def gnn(params, x):
    m = jnp.take(x, senders, axis=0) @ params["msg"]
    agg = jax.ops.segment_sum(m, receivers, num_segments=N) / jnp.maximum(deg, 1.0)[:, None]
    h = jax.nn.relu(jnp.concatenate([x, agg], axis=1) @ params["upd"])
    pooled = jax.ops.segment_max(jnp.take(h, senders, axis=0), receivers, num_segments=N)
    pooled = jnp.where(jnp.isfinite(pooled), pooled, 0.0)
    return (h + pooled) @ params["out"]


def loss(params, x, y):
    logp = jax.nn.log_softmax(gnn(params, x))
    return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))


params = init(jax.random.key(0))
step = jax.jit(lambda p: jax.tree.map(lambda a, g: a - 0.2 * g, p, jax.grad(loss)(p, feats, labels)))
print(f"{float(loss(params, feats, labels)):.4f}")
for _ in range(50):
    params = step(params)
print(f"{float(loss(params, feats, labels)):.4f}")
pred = jnp.argmax(gnn(params, feats), axis=1)
print(pred, float(jnp.mean(pred == labels)))
print(jax.ops.segment_min(feats[:, 0], labels, num_segments=C).round(3))
counts = jnp.bincount(labels, length=C)
print(counts, jax.ops.segment_sum(feats, labels, num_segments=C, indices_are_sorted=False).shape)
adj = jnp.zeros((N, N), jnp.int32).at[senders, receivers].add(1)
print(adj.sum(), adj.max(), jnp.trace(adj))
print(jnp.zeros(N).at[receivers].max(jnp.arange(E, dtype=jnp.float32))[:6])
print(jax.make_jaxpr(lambda x: jax.ops.segment_sum(x, receivers, num_segments=N))(jnp.ones(E)))
