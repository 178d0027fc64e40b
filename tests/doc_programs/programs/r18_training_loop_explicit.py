# A small training loop in the style of the training cookbook: parameters as a dict pytree,
# init with split keys, hand-written Adam over jax.tree.map, a jitted step with donate_argnums,
# data-parallel batches resharded over an Explicit 'batch' axis, metrics by jax.tree.reduce,
# gradient clipping by global norm, and checkpointing with jax.device_get
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, PartitionSpec as P, reshard

mesh = jax.make_mesh((8,), ("batch",), axis_types=(AxisType.Explicit,))


def init(key, sizes=(4, 16, 1)):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        {"w": jax.random.normal(k, (m, n)) / jnp.sqrt(m), "b": jnp.zeros(n)}
        for k, m, n in zip(keys, sizes[:-1], sizes[1:])
    ]


def forward(params, x):
    for layer in params[:-1]:
        x = jax.nn.relu(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


def loss_fn(params, x, y):
    return jnp.mean((forward(params, x)[:, 0] - y) ** 2)


def adam_init(params):
    return {
        "m": jax.tree.map(jnp.zeros_like, params),
        "v": jax.tree.map(jnp.zeros_like, params),
        "t": jnp.zeros((), jnp.int32),
    }


def clip_by_global_norm(grads, max_norm):
    norm = jnp.sqrt(jax.tree.reduce(lambda a, g: a + jnp.sum(g**2), grads, 0.0))
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads), norm


def adam_update(grads, state, lr=1e-2, b1=0.9, b2=0.999, eps=1e-8):
    t = state["t"] + 1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g**2, state["v"], grads)
    mhat = jax.tree.map(lambda m: m / (1 - b1**t), m)
    vhat = jax.tree.map(lambda v: v / (1 - b2**t), v)
    updates = jax.tree.map(lambda a, b: -lr * a / (jnp.sqrt(b) + eps), mhat, vhat)
    return updates, {"m": m, "v": v, "t": t}


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads, norm = clip_by_global_norm(grads, 1.0)
    updates, opt_state = adam_update(grads, opt_state)
    params = jax.tree.map(jnp.add, params, updates)
    return params, opt_state, {"loss": loss, "grad_norm": norm}


train_step_donated = jax.jit(train_step, donate_argnums=(0, 1))
rng = np.random.default_rng(0)
true_w = rng.normal(size=(4,)).astype(np.float32)
params = init(jax.random.key(0))
opt_state = adam_init(params)
print(jax.tree.map(jnp.shape, params))
print(jax.tree.structure(opt_state).num_leaves, sum(p.size for p in jax.tree.leaves(params)))
with jax.set_mesh(mesh):
    for step in range(30):
        xb = rng.normal(size=(64, 4)).astype(np.float32)
        yb = np.sin(xb @ true_w)
        x = reshard(jnp.asarray(xb), P("batch"))
        y = reshard(jnp.asarray(yb), P("batch"))
        if step == 0:
            print(jax.typeof(x), jax.typeof(y))
        params, opt_state, metrics = train_step_donated(params, opt_state, x, y)
        if step % 10 == 0 or step == 29:
            print(step, jax.tree.map(lambda m: round(float(m), 4), metrics))
    print(jax.typeof(forward(params, x)))
print(int(opt_state["t"]))
ckpt = jax.device_get(params)
print(type(ckpt[0]["w"]).__name__, ckpt[0]["w"].shape, np.isfinite(ckpt[-1]["w"]).all())
restored = jax.tree.map(jnp.asarray, ckpt)
xt = jnp.asarray(rng.normal(size=(8, 4)).astype(np.float32))
print(jnp.allclose(forward(restored, xt), forward(params, xt)))
print(train_step.lower(params, opt_state, xt, xt[:, 0]).compile().cost_analysis()["flops"] > 0)
