# Gradient accumulation over microbatches by lax.scan inside a jitted step, a warmup + cosine
# learning-rate schedule computed from a traced step count, global-norm clipping, weight decay
# masked off biases, and a check that accumulated gradients equal the full-batch gradient
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

WARMUP, TOTAL, PEAK = 5, 30, 0.1


def lr_schedule(step):
    step = step.astype(jnp.float32)
    warm = PEAK * step / WARMUP
    progress = jnp.clip((step - WARMUP) / (TOTAL - WARMUP), 0.0, 1.0)
    cosine = 0.5 * PEAK * (1 + jnp.cos(jnp.pi * progress))
    return jnp.where(step < WARMUP, warm, cosine)


print(jnp.round(jax.vmap(lr_schedule)(jnp.arange(0, 31, 5)), 4))

rng = np.random.default_rng(1)
X = jnp.asarray(rng.normal(size=(32, 6)).astype(np.float32))
Y = jnp.tanh(X @ jnp.asarray(rng.normal(size=(6,)).astype(np.float32)))


def model(p, x):
    return jnp.tanh(x @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]


def loss_fn(p, x, y):
    return jnp.mean((model(p, x) - y) ** 2)


def accumulate(p, x, y, n_micro):
    xm = x.reshape(n_micro, -1, *x.shape[1:])
    ym = y.reshape(n_micro, -1)

    def body(acc, batch):
        l, g = jax.value_and_grad(loss_fn)(p, *batch)
        return jax.tree.map(jnp.add, acc, (l, g)), None

    zeros = (jnp.zeros(()), jax.tree.map(jnp.zeros_like, p))
    (l, g), _ = jax.lax.scan(body, zeros, (xm, ym))
    return l / n_micro, jax.tree.map(lambda a: a / n_micro, g)


def clip_by_global_norm(g, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(x**2) for x in jax.tree.leaves(g)))
    factor = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree.map(lambda x: x * factor, g), norm


@partial(jax.jit, static_argnames="n_micro")
def train_step(p, step, x, y, n_micro=4):
    l, g = accumulate(p, x, y, n_micro)
    g, norm = clip_by_global_norm(g, 1.0)
    lr = lr_schedule(step)
    decay = jax.tree_util.tree_map_with_path(lambda path, v: 0.0 if path[-1].key.startswith("b") else 1e-3, p)
    p = jax.tree.map(lambda v, g, d: v - lr * (g + d * v), p, g, decay)
    return p, step + 1, l, norm, lr


key = jax.random.key(0)
k1, k2 = jax.random.split(key)
p = {"w1": jax.random.normal(k1, (6, 16)) * 0.3, "b1": jnp.zeros(16), "w2": jax.random.normal(k2, (16,)) * 0.3, "b2": jnp.zeros(())}
l_acc, g_acc = accumulate(p, X, Y, 4)
l_full, g_full = jax.value_and_grad(loss_fn)(p, X, Y)
print(f"{float(l_acc):.5f}", f"{float(l_full):.5f}", all(jax.tree.leaves(jax.tree.map(lambda a, b: bool(jnp.allclose(a, b, atol=1e-6)), g_acc, g_full))))
step = jnp.array(0)
for i in range(TOTAL):
    p, step, l, norm, lr = train_step(p, step, X, Y)
    if i % 6 == 0:
        print(int(step), f"{float(l):.4f}", f"{float(lr):.4f}", bool(norm > 0))
print(f"{float(loss_fn(p, X, Y)):.4f}", step.dtype, lr.dtype)
p2, *_ = train_step(p, step, X, Y, n_micro=8)
print(jax.tree.map(jnp.shape, p2))
try:
    train_step(p, step, X, Y, n_micro=5)
except Exception as e:
    print(type(e).__name__)
print(jax.make_jaxpr(lr_schedule)(jnp.array(3)))
