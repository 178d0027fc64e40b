# A message-passing network over a batch of small graphs packed into one padded edge list:
# edge features enter the messages, segment_sum / segment_max aggregate onto receivers, a GRU-
# style node update, graph readout by segment_mean over the graph ids with num_segments, and a
# regression loss trained with jit and masked padding edges
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
graph_sizes = [4, 6, 3, 5]
senders, receivers, graph_id, edge_feat = [], [], [], []
offset = 0
for g, n in enumerate(graph_sizes):
    for i in range(n):
        j = (i + 1) % n
        senders += [offset + i, offset + j]
        receivers += [offset + j, offset + i]
        edge_feat += [rng.normal(size=2), rng.normal(size=2)]
    graph_id += [g] * n
    offset += n
N_NODES, N_EDGES, PAD_E = offset, len(senders), 48
pad = PAD_E - N_EDGES
senders = jnp.array(senders + [0] * pad)
receivers = jnp.array(receivers + [0] * pad)
edge_mask = jnp.arange(PAD_E) < N_EDGES
edge_feat = jnp.asarray(np.concatenate([np.stack(edge_feat), np.zeros((pad, 2))]), jnp.float32)
graph_id = jnp.array(graph_id)
node_feat = jnp.asarray(rng.normal(size=(N_NODES, 3)), jnp.float32)
targets = jnp.asarray([float(n) / 3.0 for n in graph_sizes], jnp.float32)
print(N_NODES, N_EDGES, senders.shape, edge_mask.sum())

H = 16


def init(key):
    ks = jax.random.split(key, 6)
    n = lambda k, s: jax.random.normal(k, s) / np.sqrt(s[0])
    return {"embed": n(ks[0], (3, H)), "msg": n(ks[1], (2 * H + 2, H)), "wz": n(ks[2], (2 * H, H)),
            "wh": n(ks[3], (2 * H, H)), "out": n(ks[4], (2 * H, 1)), "bo": jnp.zeros(1)}


def mpnn(p, x, steps=3):
    h = jnp.tanh(x @ p["embed"])
    for _ in range(steps):
        m_in = jnp.concatenate([h[senders], h[receivers], edge_feat], -1)
        m = jax.nn.relu(m_in @ p["msg"]) * edge_mask[:, None]
        agg_sum = jax.ops.segment_sum(m, receivers, num_segments=N_NODES)
        z = jax.nn.sigmoid(jnp.concatenate([h, agg_sum], -1) @ p["wz"])
        cand = jnp.tanh(jnp.concatenate([h, agg_sum], -1) @ p["wh"])
        h = (1 - z) * h + z * cand
    counts = jax.ops.segment_sum(jnp.ones(N_NODES), graph_id, num_segments=len(graph_sizes))
    mean = jax.ops.segment_sum(h, graph_id, num_segments=len(graph_sizes)) / counts[:, None]
    mx = jax.ops.segment_max(h, graph_id, num_segments=len(graph_sizes))
    return (jnp.concatenate([mean, mx], -1) @ p["out"] + p["bo"])[:, 0]


def loss_fn(p):
    return jnp.mean((mpnn(p, node_feat) - targets) ** 2)


p = init(jax.random.key(0))
print("pred0", jnp.round(mpnn(p, node_feat), 4))
step = jax.jit(lambda p: jax.tree.map(lambda w, g: w - 0.05 * g, p, jax.grad(loss_fn)(p)))
for i in range(200):
    p = step(p)
    if i % 50 == 0:
        print(i, round(float(loss_fn(p)), 6))
print("pred", jnp.round(mpnn(p, node_feat), 3), "target", jnp.round(targets, 3))
perm = jnp.array(list(range(N_NODES))[::-1])
print("degree", jax.ops.segment_sum(edge_mask.astype(jnp.int32), receivers, num_segments=N_NODES))
print(jax.ops.segment_max(jnp.arange(N_NODES), graph_id, num_segments=5))
print(jax.ops.segment_min(jnp.arange(N_NODES, dtype=jnp.float32), graph_id, num_segments=5))
