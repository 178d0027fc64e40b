# A CNN with batch normalisation whose running statistics are explicit state: the forward pass
# takes (params, state, x, train) and returns the updated state, train mode normalises with
# batch moments and updates the EMA, eval mode uses the running ones; the state is threaded
# through a jitted step with has_aux, and train/eval outputs are compared
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def conv(x, w):
    return jax.lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


def batchnorm(x, p, s, train, momentum=0.9, eps=1e-5):
    if train:
        mean, var = x.mean((0, 1, 2)), x.var((0, 1, 2))
        s = {"mean": momentum * s["mean"] + (1 - momentum) * mean, "var": momentum * s["var"] + (1 - momentum) * var}
    else:
        mean, var = s["mean"], s["var"]
    return (x - mean) * jax.lax.rsqrt(var + eps) * p["scale"] + p["bias"], s


def init(key):
    k1, k2, k3 = jax.random.split(key, 3)
    params = {"c1": jax.random.normal(k1, (3, 3, 1, 8)) * 0.3, "bn1": {"scale": jnp.ones(8), "bias": jnp.zeros(8)},
              "c2": jax.random.normal(k2, (3, 3, 8, 8)) * 0.1, "bn2": {"scale": jnp.ones(8), "bias": jnp.zeros(8)},
              "fc": jax.random.normal(k3, (8, 3)) * 0.3}
    state = {k: {"mean": jnp.zeros(8), "var": jnp.ones(8)} for k in ("bn1", "bn2")}
    return params, state


def apply(params, state, x, train):
    new_state = {}
    h = conv(x, params["c1"])
    h, new_state["bn1"] = batchnorm(h, params["bn1"], state["bn1"], train)
    h = jax.nn.relu(h)
    h = jax.lax.reduce_window(h, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    h = conv(h, params["c2"])
    h, new_state["bn2"] = batchnorm(h, params["bn2"], state["bn2"], train)
    h = jax.nn.relu(h).mean((1, 2))
    return h @ params["fc"], new_state


rng = np.random.default_rng(0)
templates = rng.normal(size=(3, 8, 8, 1)).astype(np.float32)
y_all = rng.integers(0, 3, 240)
x_all = jnp.asarray(templates[y_all] * 2 + 3.0 + rng.normal(size=(240, 8, 8, 1)).astype(np.float32))
y_all = jnp.asarray(y_all)


def loss_fn(params, state, x, y):
    logits, state = apply(params, state, x, train=True)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1)), state


@jax.jit
def train_step(params, state, x, y):
    (loss, state), g = jax.value_and_grad(loss_fn, has_aux=True)(params, state, x, y)
    return jax.tree.map(lambda p, d: p - 0.1 * d, params, g), state, loss


evaluate = jax.jit(partial(apply, train=False))
params, state = init(jax.random.key(0))
print(jax.tree.map(jnp.shape, state))
for epoch in range(6):
    for b in range(0, 240, 40):
        params, state, loss = train_step(params, state, x_all[b : b + 40], y_all[b : b + 40])
    logits, same = evaluate(params, state, x_all)
    print(epoch, round(float(loss), 4), "eval acc", float(jnp.mean(jnp.argmax(logits, -1) == y_all)))
print("running mean", jnp.round(state["bn1"]["mean"], 3))
print("running var", jnp.round(state["bn1"]["var"], 3))
print("eval leaves state unchanged", jax.tree.all(jax.tree.map(lambda a, b: bool(jnp.array_equal(a, b)), same, state)))
t_logits, _ = apply(params, state, x_all[:40], train=True)
e_logits, _ = apply(params, state, x_all[:40], train=False)
print("train/eval agree", float(jnp.mean(jnp.argmax(t_logits, -1) == jnp.argmax(e_logits, -1))))
