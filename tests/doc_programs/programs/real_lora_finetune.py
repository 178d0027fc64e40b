# LoRA fine-tuning of a small pretrained MLP: the base weights frozen (grads only of the adapter
# pytree, the base closed over or passed with stop_gradient), low-rank A/B adapters with zero-init B,
# an optax-like Adam built of init/update closures, a jitted step with donate_argnums, merging
# the adapters into the base weights for inference, parameter counting with tree utilities, and
# a check that the merged model equals the adapted one
import functools

import jax
import jax.numpy as jnp

D_IN, H, D_OUT, R, ALPHA = 6, 32, 2, 4, 8.0
key = jax.random.key(0)
k1, k2, k3, k4, k5 = jax.random.split(key, 5)
base = {
    "l1": {"w": jax.random.normal(k1, (D_IN, H)) / jnp.sqrt(D_IN), "b": jnp.zeros(H)},
    "l2": {"w": jax.random.normal(k2, (H, D_OUT)) / jnp.sqrt(H), "b": jnp.zeros(D_OUT)},
}
lora = {
    name: {"A": 0.01 * jax.random.normal(k, (layer["w"].shape[0], R)), "B": jnp.zeros((R, layer["w"].shape[1]))}
    for (name, layer), k in zip(base.items(), (k3, k4))
}


def apply(base, lora, x):
    for name in ("l1", "l2"):
        w = base[name]["w"] + (ALPHA / R) * lora[name]["A"] @ lora[name]["B"]
        x = x @ w + base[name]["b"]
        if name == "l1":
            x = jax.nn.gelu(x)
    return x


X = jax.random.normal(k5, (128, D_IN))
target_w = jax.random.normal(jax.random.key(9), (D_IN, D_OUT))
Y = jnp.tanh(X @ target_w)


def loss_fn(lora, base, x, y):
    return jnp.mean((apply(jax.lax.stop_gradient(base), lora, x) - y) ** 2)


def adam(lr, b1=0.9, b2=0.999, eps=1e-8):
    def init(params):
        zeros = jax.tree.map(jnp.zeros_like, params)
        return {"m": zeros, "v": jax.tree.map(jnp.zeros_like, params), "t": jnp.zeros((), jnp.int32)}

    def update(grads, state):
        t = state["t"] + 1
        m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], grads)
        v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, state["v"], grads)
        mhat = jax.tree.map(lambda m: m / (1 - b1**t), m)
        vhat = jax.tree.map(lambda v: v / (1 - b2**t), v)
        upd = jax.tree.map(lambda m, v: -lr * m / (jnp.sqrt(v) + eps), mhat, vhat)
        return upd, {"m": m, "v": v, "t": t}

    return init, update


opt_init, opt_update = adam(1e-2)
opt_state = opt_init(lora)


@functools.partial(jax.jit, donate_argnums=(0, 1))
def step(lora, opt_state, base, x, y):
    loss, g = jax.value_and_grad(loss_fn)(lora, base, x, y)
    upd, opt_state = opt_update(g, opt_state)
    return jax.tree.map(jnp.add, lora, upd), opt_state, loss


count = lambda t: sum(x.size for x in jax.tree.leaves(t))
print(count(base), count(lora), jax.tree.structure(lora).num_leaves)
g0 = jax.grad(loss_fn)(lora, base, X, Y)
print(float(jnp.abs(g0["l1"]["A"]).max()) == 0.0, bool(jnp.abs(g0["l1"]["B"]).max() > 0))
print(jax.tree.map(lambda a: a.shape, jax.grad(loss_fn, argnums=1)(lora, base, X, Y)))
first = float(loss_fn(lora, base, X, Y))
for _ in range(150):
    lora, opt_state, loss = step(lora, opt_state, base, X, Y)
print(f"{first:.4f}", f"{float(loss):.4f}", float(loss) < 0.5 * first, int(opt_state["t"]))

merged = jax.tree.map(lambda b: b, base)
for name in merged:
    merged[name]["w"] = base[name]["w"] + (ALPHA / R) * lora[name]["A"] @ lora[name]["B"]
zero = jax.tree.map(jnp.zeros_like, lora)
print(bool(jnp.allclose(apply(merged, zero, X), apply(base, lora, X), atol=1e-5)))
delta = merged["l1"]["w"] - base["l1"]["w"]
print(int(jnp.linalg.matrix_rank(delta)), jnp.linalg.svd(delta, compute_uv=False).shape)
print(jax.tree_util.tree_map_with_path(lambda p, a: jax.tree_util.keystr(p), lora))
