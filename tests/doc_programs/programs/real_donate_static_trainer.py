# A training script that follows the JIT page's advice on buffers and static configuration: the
# step donates params and optimizer state by name (donate_argnames), takes a frozen-dataclass
# config and a string activation as static_argnames, retraces only when they change (counted by
# a Python side effect), and the donated inputs are deleted afterwards (is_deleted, and using one
# raises); a keyword-only static argument and a default for it are exercised too
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


@dataclasses.dataclass(frozen=True)
class Config:
    lr: float = 0.1
    beta: float = 0.9
    clip: float = 1.0


traces = []
ACTS = {"relu": jax.nn.relu, "gelu": jax.nn.gelu, "tanh": jnp.tanh}


def forward(params, x, act):
    h = ACTS[act](x @ params["w1"] + params["b1"])
    return h @ params["w2"]


def loss_fn(params, x, y, act):
    return jnp.mean((forward(params, x, act) - y) ** 2)


def step(params, opt, x, y, *, cfg, act="relu"):
    traces.append((cfg, act))
    loss, g = jax.value_and_grad(loss_fn)(params, x, y, act)
    gnorm = jnp.sqrt(sum(jnp.sum(v * v) for v in jax.tree.leaves(g)))
    scale = jnp.minimum(1.0, cfg.clip / (gnorm + 1e-6))
    opt = jax.tree.map(lambda m, g: cfg.beta * m + g * scale, opt, g)
    params = jax.tree.map(lambda p, m: p - cfg.lr * m, params, opt)
    return params, opt, loss, gnorm


train_step = jax.jit(step, static_argnames=("cfg", "act"), donate_argnames=("params", "opt"))

rng = np.random.default_rng(3)
x = jnp.asarray(rng.normal(size=(32, 4)), jnp.float32)
y = jnp.asarray(np.sin(np.asarray(x).sum(1, keepdims=True)), jnp.float32)
params = {
    "w1": jnp.asarray(rng.normal(size=(4, 16)) * 0.5, jnp.float32),
    "b1": jnp.zeros(16, jnp.float32),
    "w2": jnp.asarray(rng.normal(size=(16, 1)) * 0.25, jnp.float32),
}
opt = jax.tree.map(jnp.zeros_like, params)
cfg = Config()

old_w1 = params["w1"]
params, opt, loss, gnorm = train_step(params, opt, x, y, cfg=cfg)
print("first loss", round(float(loss), 5), "gnorm", round(float(gnorm), 5))
print("donated w1 deleted", old_w1.is_deleted(), "new w1 deleted", params["w1"].is_deleted())
try:
    old_w1 + 1
except RuntimeError as e:
    print("using donated:", type(e).__name__)

for i in range(20):
    params, opt, loss, gnorm = train_step(params, opt, x, y, cfg=cfg)
print("relu loss", round(float(loss), 5), "traces", len(traces))
for i in range(5):
    params, opt, loss, gnorm = train_step(params, opt, x, y, cfg=Config(), act="relu")
print("equal config reused", len(traces))
for act in ("gelu", "tanh", "gelu"):
    params, opt, loss, _ = train_step(params, opt, x, y, cfg=cfg, act=act)
    print(act, round(float(loss), 5), "traces", len(traces))
params, opt, loss, _ = train_step(params, opt, x, y, cfg=dataclasses.replace(cfg, lr=0.05))
print("new lr", round(float(loss), 5), "traces", len(traces), traces[-1][0])

try:
    train_step(params, opt, x, y, cfg={"lr": 0.1})
except (TypeError, ValueError) as e:
    print("unhashable static:", type(e).__name__)

lowered = train_step.lower(params, opt, x, y, cfg=cfg, act="tanh")
print("donate in args_info", [a.donated for a in jax.tree.leaves(lowered.args_info[0])])
print("final", round(float(loss_fn(params, x, y, "relu")), 5))
