# Graph neural networks with jax.ops segment reductions: messages along edges summed / maxed
# into nodes, a two-layer GCN trained on a toy graph, graph batches padded and vmapped, and
# global pooling with segment_mean-style normalization
import jax
import jax.numpy as jnp
from jax import random

senders = jnp.array([0, 1, 1, 2, 3, 4, 4, 5])
receivers = jnp.array([1, 0, 2, 1, 4, 3, 5, 4])
n_nodes = 6
feats = jnp.eye(n_nodes)
labels = jnp.array([0, 0, 0, 1, 1, 1])
deg = jax.ops.segment_sum(jnp.ones_like(senders), receivers, n_nodes)
print("degrees", deg)
print("max in", jax.ops.segment_max(jnp.arange(8.), receivers, n_nodes))
print("min in", jax.ops.segment_min(jnp.arange(8.), receivers, num_segments=n_nodes))
print("prod", jax.ops.segment_prod(jnp.arange(1., 9.), receivers, n_nodes))


def gcn_layer(w, h):
    msgs = h[senders] / jnp.sqrt(deg[senders] * deg[receivers])[:, None].astype(h.dtype)
    agg = jax.ops.segment_sum(msgs, receivers, num_segments=n_nodes) + h / (deg[:, None] + 1)
    return agg @ w


def model(params, h):
    h = jax.nn.relu(gcn_layer(params[0], h))
    return gcn_layer(params[1], h)


k1, k2 = random.split(random.key(0))
params = [random.normal(k1, (n_nodes, 8)) * 0.3, random.normal(k2, (8, 2)) * 0.3]


def loss(params):
    logits = model(params, feats)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], 1))


grad_fn = jax.jit(jax.value_and_grad(loss))
for i in range(50):
    l, g = grad_fn(params)
    params = [p - 0.5 * gp for p, gp in zip(params, g)]
print("loss", l, "pred", jnp.argmax(model(params, feats), 1))


def graph_sum(x, s, r):
    return jax.ops.segment_sum(x[s], r, num_segments=4, indices_are_sorted=False)


xs = jnp.arange(24.).reshape(2, 4, 3)
ss = jnp.array([[0, 1, 2, 0], [3, 3, 2, 1]])
rs = jnp.array([[1, 2, 3, 3], [0, 0, 1, 2]])
print(jax.vmap(graph_sum)(xs, ss, rs))
graph_ids = jnp.array([0, 0, 0, 1, 1, 1])
counts = jax.ops.segment_sum(jnp.ones(6), graph_ids, 2)
print("pooled", jax.ops.segment_sum(model(params, feats), graph_ids, 2) / counts[:, None])
print(jax.grad(lambda x: jax.ops.segment_max(x, receivers, n_nodes).sum())(jnp.arange(8.)))
