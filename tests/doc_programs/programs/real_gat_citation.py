# A two-layer graph attention network (GAT) on a synthetic citation graph: an edge list with
# self loops, multi-head attention logits per edge by gathers, a softmax over each node's
# incoming edges by segment_max / segment_sum, messages aggregated with segment_sum, dropout
# with a key, a masked cross-entropy on train nodes, training by jitted SGD with
# value_and_grad(has_aux=True), and accuracy on held-out nodes
import jax
import jax.numpy as jnp

N, F, C, HEADS, HID = 30, 8, 3, 2, 4
key = jax.random.key(0)
kl, kf, ke, kp = jax.random.split(key, 4)
labels = jax.random.randint(kl, (N,), 0, C)
feats = jax.nn.one_hot(labels, F) * 1.0 + 0.8 * jax.random.normal(kf, (N, F))
# edges mostly within a class
cand = jax.random.randint(ke, (2, 200), 0, N)
keep = (labels[cand[0]] == labels[cand[1]]) | (jax.random.uniform(kp, (200,)) < 0.1)
src = jnp.concatenate([cand[0][keep], jnp.arange(N)])
dst = jnp.concatenate([cand[1][keep], jnp.arange(N)])
E = src.shape[0]
print(src.shape, dst.dtype, int(jnp.bincount(dst, length=N).min()) >= 1)


def init(key):
    k1, k2, k3, k4 = jax.random.split(key, 4)
    glorot = jax.nn.initializers.glorot_uniform()
    return {
        "W1": glorot(k1, (F, HEADS * HID)), "a1": glorot(k2, (HEADS, 2 * HID)),
        "W2": glorot(k3, (HEADS * HID, C)), "a2": glorot(k4, (1, 2 * C)),
    }


def edge_softmax(logits, dst):
    m = jax.ops.segment_max(logits, dst, num_segments=N)
    e = jnp.exp(logits - m[dst])
    return e / jax.ops.segment_sum(e, dst, num_segments=N)[dst]


def gat_layer(x, W, a, heads, out, key=None, rate=0.0):
    h = (x @ W).reshape(N, heads, out)
    logits = jax.nn.leaky_relu(jnp.einsum("ehd,hd->eh", h[src], a[:, :out]) + jnp.einsum("ehd,hd->eh", h[dst], a[:, out:]), 0.2)
    att = edge_softmax(logits, dst)
    if key is not None:
        att = jnp.where(jax.random.bernoulli(key, 1 - rate, att.shape), att / (1 - rate), 0.0)
    return jax.ops.segment_sum(att[:, :, None] * h[src], dst, num_segments=N), att


def forward(params, x, key=None):
    k1 = k2 = None
    if key is not None:
        k1, k2 = jax.random.split(key)
    h, att = gat_layer(x, params["W1"], params["a1"], HEADS, HID, k1, 0.2)
    h = jax.nn.elu(h.reshape(N, HEADS * HID))
    out, _ = gat_layer(h, params["W2"], params["a2"], 1, C, k2, 0.2)
    return out[:, 0], att


train_mask = jnp.arange(N) % 3 != 0


def loss_fn(params, key):
    logits, att = forward(params, feats, key)
    ce = -jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(labels, C), -1)
    return jnp.sum(jnp.where(train_mask, ce, 0.0)) / jnp.sum(train_mask), att


params = init(jax.random.key(1))
_, att = forward(params, feats)
print(att.shape, bool(jnp.allclose(jax.ops.segment_sum(att, dst, num_segments=N), 1.0, atol=1e-5)))


@jax.jit
def step(params, key):
    (loss, _), g = jax.value_and_grad(loss_fn, has_aux=True)(params, key)
    return jax.tree.map(lambda p, g: p - 0.2 * g, params, g), loss


first = float(loss_fn(params, None)[0])
for i in range(100):
    params, loss = step(params, jax.random.fold_in(key, i))
last = float(loss_fn(params, None)[0])
print(f"{first:.4f}", last < first)
logits, _ = forward(params, feats)
pred = jnp.argmax(logits, -1)
print(pred.dtype, bool(jnp.mean(pred[~train_mask] == labels[~train_mask]) > 0.6))
print(jax.tree.map(lambda a: a.shape, params))
print(jax.jit(lambda x: jax.ops.segment_max(x, dst, num_segments=N + 2))(jnp.ones(E))[-3:])
