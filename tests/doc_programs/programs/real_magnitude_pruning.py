# Iterative magnitude pruning with a lottery-ticket style rewind: global magnitude thresholds from
# jnp.quantile over all weights, masks applied in the forward pass and to gradients, a gradual
# cubic sparsity schedule, N:M (2:4) structured sparsity by argsort within groups of four, and
# accuracy / sparsity reported after retraining the pruned network from its initial weights
import jax
import jax.numpy as jnp
import numpy as np

kx, kw, kinit = jax.random.split(jax.random.key(0), 3)
X = jax.random.normal(kx, (512, 16))
true_w = jax.random.normal(kw, (16,)) * (jnp.arange(16) < 6)
y = (X @ true_w > 0).astype(jnp.int32)


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (16, 32)) / 4, "w2": jax.random.normal(k2, (32, 2)) / 6}


def forward(p, mask, x):
    p = jax.tree.map(lambda w, m: w * m, p, mask)
    return jax.nn.relu(x @ p["w1"]) @ p["w2"]


def loss(p, mask):
    logits = forward(p, mask, X)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1))


def accuracy(p, mask):
    return float(jnp.mean(forward(p, mask, X).argmax(1) == y))


@jax.jit
def train(p, mask):
    def step(p, _):
        g = jax.grad(loss)(p, mask)
        return jax.tree.map(lambda w, g, m: w - 0.5 * g * m, p, g, mask), None

    p, _ = jax.lax.scan(step, p, None, length=200)
    return p


def global_mask(p, sparsity):
    flat = jnp.concatenate([jnp.abs(w).ravel() for w in jax.tree.leaves(p)])
    thresh = jnp.quantile(flat, sparsity)
    return jax.tree.map(lambda w: (jnp.abs(w) > thresh).astype(jnp.float32), p)


def cubic_schedule(step, final=0.9, begin=0, end=10):
    frac = jnp.clip((step - begin) / (end - begin), 0, 1)
    return final * (1 - (1 - frac) ** 3)


p0 = init(kinit)
ones = jax.tree.map(jnp.ones_like, p0)
dense = train(p0, ones)
print(accuracy(dense, ones) > 0.9)
mask = ones
for r, s in enumerate([0.5, 0.75, 0.9]):
    trained = train(p0, mask)
    mask = global_mask(jax.tree.map(lambda w, m: w * m, trained, mask), s)
    sparsity = 1 - sum(float(m.sum()) for m in jax.tree.leaves(mask)) / sum(m.size for m in jax.tree.leaves(mask))
    print(r, round(sparsity, 2), accuracy(train(p0, mask), mask) > 0.85)
print([round(float(cubic_schedule(t)), 3) for t in (0, 2, 5, 10, 12)])


def n_m_mask(w, n=2, m=4):
    groups = jnp.abs(w).reshape(-1, m)
    order = jnp.argsort(-groups, axis=1)
    keep = jnp.zeros_like(groups, dtype=bool)
    keep = jnp.put_along_axis(keep, order[:, :n], True, axis=1, inplace=False)
    return keep.reshape(w.shape).astype(w.dtype)


m24 = n_m_mask(dense["w1"])
print(m24.shape, float(m24.mean()), bool(jnp.all(m24.reshape(-1, 4).sum(1) == 2)))
sm = {"w1": m24, "w2": jnp.ones_like(dense["w2"])}
print(accuracy(train(dense, sm), sm) > 0.85)
first_layer_kept = np.asarray(mask["w1"].sum(1))
print(first_layer_kept[:6].sum() > first_layer_kept[6:].sum())
