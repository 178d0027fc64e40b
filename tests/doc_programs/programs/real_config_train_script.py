# A complete training script the way users write them: a frozen dataclass config passed to jit
# as a static argument (hashable), parameters initialised from a split-key tree, an AdamW
# optimizer state as a NamedTuple, a jitted train step with donate_argnums, an eval loop with
# metrics accumulated in Python, a checkpoint saved to an in-memory .npz under key-path names
# and restored (with a shape check that raises), and reprs of the pieces printed along the way
import dataclasses
import io
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


@dataclasses.dataclass(frozen=True)
class Config:
    d_in: int = 6
    hidden: tuple = (32, 16)
    classes: int = 3
    lr: float = 3e-3
    weight_decay: float = 1e-4
    batch: int = 32
    steps: int = 120
    seed: int = 0


class AdamState(NamedTuple):
    step: jax.Array
    mu: dict
    nu: dict


def init_params(cfg: Config, key):
    sizes = (cfg.d_in, *cfg.hidden, cfg.classes)
    keys = jax.random.split(key, len(sizes) - 1)
    return {
        f"layer{i}": {"w": jax.random.normal(k, (a, b)) * jnp.sqrt(2.0 / a), "b": jnp.zeros(b)}
        for i, (k, a, b) in enumerate(zip(keys, sizes[:-1], sizes[1:]))
    }


def apply(params, x):
    n = len(params)
    for i in range(n):
        x = x @ params[f"layer{i}"]["w"] + params[f"layer{i}"]["b"]
        if i < n - 1:
            x = jax.nn.gelu(x)
    return x


def loss_and_metrics(params, x, y):
    logits = apply(params, x)
    loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))
    return loss, {"loss": loss, "accuracy": jnp.mean(jnp.argmax(logits, -1) == y)}


@partial(jax.jit, static_argnums=0, donate_argnums=(1, 2))
def train_step(cfg: Config, params, opt: AdamState, x, y):
    (_, metrics), grads = jax.value_and_grad(loss_and_metrics, has_aux=True)(params, x, y)
    step = opt.step + 1
    mu = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, opt.mu, grads)
    nu = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, opt.nu, grads)
    def update(p, m, v):
        mhat, vhat = m / (1 - 0.9**step), v / (1 - 0.999**step)
        return p - cfg.lr * (mhat / (jnp.sqrt(vhat) + 1e-8) + cfg.weight_decay * p)
    params = jax.tree.map(update, params, mu, nu)
    return params, AdamState(step, mu, nu), metrics


cfg = Config()
print(cfg)
print("config hashable:", hash(cfg) == hash(Config()), "| replaced:", dataclasses.replace(cfg, lr=1e-2).lr)
root = jax.random.key(cfg.seed)
k_params, k_data, k_shuffle = jax.random.split(root, 3)
params = init_params(cfg, k_params)
print("parameter tree:", jax.tree.structure(params))
print("parameter count:", sum(p.size for p in jax.tree.leaves(params)))
opt = AdamState(jnp.zeros((), jnp.int32), jax.tree.map(jnp.zeros_like, params), jax.tree.map(jnp.zeros_like, params))
print("optimizer state type:", type(opt).__name__, "fields:", opt._fields, "step:", repr(opt.step))

W_true = jax.random.normal(k_data, (cfg.d_in, cfg.classes))
X_all = jax.random.normal(jax.random.fold_in(k_data, 1), (512, cfg.d_in))
y_all = jnp.argmax(X_all @ W_true, axis=1)
X_train, y_train, X_eval, y_eval = X_all[:384], y_all[:384], X_all[384:], y_all[384:]

for step in range(cfg.steps):
    idx = jax.random.choice(jax.random.fold_in(k_shuffle, step), X_train.shape[0], (cfg.batch,), replace=False)
    params, opt, metrics = train_step(cfg, params, opt, X_train[idx], y_train[idx])
    if step % 40 == 0 or step == cfg.steps - 1:
        print(f"step {step:3d} " + " ".join(f"{k}={float(v):.4f}" for k, v in sorted(metrics.items())))
print("optimizer step:", int(opt.step), "| step dtype:", opt.step.dtype)

eval_step = jax.jit(lambda p, x, y: loss_and_metrics(p, x, y)[1])
totals = {}
for i in range(0, X_eval.shape[0], cfg.batch):
    m = eval_step(params, X_eval[i : i + cfg.batch], y_eval[i : i + cfg.batch])
    for k, v in m.items():
        totals.setdefault(k, []).append(float(v))
print("eval:", {k: round(sum(v) / len(v), 4) for k, v in sorted(totals.items())})


def save(tree) -> bytes:
    flat, _ = jax.tree_util.tree_flatten_with_path(tree)
    buf = io.BytesIO()
    np.savez(buf, **{jax.tree_util.keystr(path, simple=True, separator="/"): np.asarray(x) for path, x in flat})
    return buf.getvalue()


def restore(blob: bytes, like):
    data = np.load(io.BytesIO(blob))
    flat, treedef = jax.tree_util.tree_flatten_with_path(like)
    leaves = []
    for path, ref in flat:
        name = jax.tree_util.keystr(path, simple=True, separator="/")
        arr = data[name]
        if arr.shape != ref.shape:
            raise ValueError(f"checkpoint entry {name} has shape {arr.shape}, expected {ref.shape}")
        leaves.append(jnp.asarray(arr, dtype=ref.dtype))
    return jax.tree.unflatten(treedef, leaves)


blob = save({"params": params, "opt": opt})
names = sorted(np.load(io.BytesIO(blob)).files)
print("checkpoint entries:", len(names), names[:4])
restored = restore(blob, {"params": params, "opt": opt})
print("restored type of opt:", type(restored["opt"]).__name__)
print("round trip exact:", jax.tree.all(jax.tree.map(lambda a, b: bool(jnp.array_equal(a, b)), restored["params"], params)))
bigger = init_params(dataclasses.replace(cfg, hidden=(64, 16)), k_params)
try:
    restore(blob, {"params": bigger, "opt": opt})
except ValueError as e:
    print("restore into a bigger model:", e)
p2, o2, m2 = train_step(cfg, restored["params"], restored["opt"], X_train[:cfg.batch], y_train[:cfg.batch])
print("resumed step:", int(o2.step), "loss:", round(float(m2["loss"]), 4))
print("first bias:", repr(p2["layer0"]["b"][:3]))
