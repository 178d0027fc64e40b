# "The Training Cookbook" pattern: a config dataclass, parameters initialized straight onto a
# mesh (jit with out_shardings), a hand-written AdamW state as a registered dataclass, a jitted
# train step that donates its state, gradient clipping by global norm, a schedule from the
# step count, and evaluation / logging every few steps
import dataclasses
import math
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
    vocab: int = 32
    d_model: int = 16
    d_ff: int = 32
    seq: int = 8
    batch: int = 8
    lr: float = 3e-3
    warmup: int = 5
    steps: int = 20
    clip: float = 1.0


cfg = Config()
mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)

param_specs = {
    "embed": P(None, "model"),
    "w_in": P(None, "model"),
    "w_out": P("model", None),
    "unembed": P(None, "model"),
}


def init_params(key, cfg):
    ks = jax.random.split(key, 4)
    s = lambda fan_in: 1.0 / math.sqrt(fan_in)
    return {
        "embed": jax.random.normal(ks[0], (cfg.vocab, cfg.d_model)) * 0.02,
        "w_in": jax.random.normal(ks[1], (cfg.d_model, cfg.d_ff)) * s(cfg.d_model),
        "w_out": jax.random.normal(ks[2], (cfg.d_ff, cfg.d_model)) * s(cfg.d_ff),
        "unembed": jax.random.normal(ks[3], (cfg.d_model, cfg.vocab)) * s(cfg.d_model),
    }


shardings = jax.tree.map(lambda spec: NamedSharding(mesh, spec), param_specs)
params = jax.jit(init_params, static_argnums=1, out_shardings=shardings)(jax.random.key(0), cfg)
print({k: v.sharding.spec for k, v in params.items()})


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class TrainState:
    params: dict
    mu: dict
    nu: dict
    step: jax.Array


def init_state(params):
    zeros = jax.tree.map(jnp.zeros_like, params)
    return TrainState(params, zeros, jax.tree.map(jnp.zeros_like, params), jnp.array(0, jnp.int32))


def model(params, tokens):
    h = params["embed"][tokens]
    h = h + jax.nn.gelu(h @ params["w_in"]) @ params["w_out"]
    return h @ params["unembed"]


def loss_fn(params, batch):
    logits = model(params, batch["inputs"])
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.take_along_axis(logp, batch["targets"][..., None], axis=-1)[..., 0]
    return nll.mean(), {"accuracy": (logits.argmax(-1) == batch["targets"]).mean()}


def schedule(step):
    warm = jnp.minimum(1.0, (step + 1) / cfg.warmup)
    decay = 0.5 * (1 + jnp.cos(jnp.pi * jnp.minimum(step, cfg.steps) / cfg.steps))
    return cfg.lr * warm * decay


def clip_by_global_norm(grads, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads), norm


@partial(jax.jit, donate_argnums=0)
def train_step(state, batch):
    (loss, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params, batch)
    grads, gnorm = clip_by_global_norm(grads, cfg.clip)
    b1, b2, eps, wd = 0.9, 0.95, 1e-8, 0.01
    step = state.step + 1
    mu = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state.mu, grads)
    nu = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, state.nu, grads)
    lr = schedule(state.step)
    bc1, bc2 = 1 - b1 ** step, 1 - b2 ** step

    def upd(p, m, v):
        return p - lr * ((m / bc1) / (jnp.sqrt(v / bc2) + eps) + wd * p)

    params = jax.tree.map(upd, state.params, mu, nu)
    metrics = {"loss": loss, "grad_norm": gnorm, "lr": lr, **aux}
    return TrainState(params, mu, nu, step), metrics


def get_batch(step):
    key = jax.random.fold_in(jax.random.key(1), step)
    start = jax.random.randint(key, (cfg.batch, 1), 0, cfg.vocab)
    seq = (start + jnp.arange(cfg.seq + 1)) % cfg.vocab
    batch = {"inputs": seq[:, :-1], "targets": seq[:, 1:]}
    return jax.device_put(batch, NamedSharding(mesh, P("data")))


state = init_state(params)
old = state.params["embed"]
history = []
for step in range(cfg.steps):
    state, metrics = train_step(state, get_batch(step))
    history.append(metrics)
    if step % 5 == 4:
        m = jax.device_get(metrics)
        print(f"step {step + 1}: loss={m['loss']:.4f} acc={m['accuracy']:.3f} lr={m['lr']:.5f} gnorm={m['grad_norm']:.3f}")
print(old.is_deleted(), int(state.step))
print(state.params["w_in"].sharding.spec, state.mu["w_out"].sharding.spec)
losses = jnp.stack([h["loss"] for h in history])
print(bool(losses[-1] < losses[0]), losses.shape)
ev = jax.jit(loss_fn)(state.params, get_batch(1000))
print(jax.tree.map(lambda v: v.shape, ev))
