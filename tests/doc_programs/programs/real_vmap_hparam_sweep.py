# A hyper-parameter sweep as one vmapped, jitted training run: learning rates and weight decays
# on a grid, each model's whole training loop in a fori_loop with its own init key, nested vmap
# over seeds, validation losses reduced to mean / std over seeds, the best configuration picked
# by argmin, and in_axes dicts mapping only some of the hyper-parameters
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
X = jnp.asarray(rng.normal(size=(120, 5)), jnp.float32)
w_true = jnp.asarray(rng.normal(size=(5,)), jnp.float32)
y = X @ w_true + jnp.sin(3 * X[:, 0]) + 0.1 * jnp.asarray(rng.normal(size=120), jnp.float32)
Xtr, ytr, Xva, yva = X[:80], y[:80], X[80:], y[80:]


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (5, 16)) * 0.5, "w2": jax.random.normal(k2, (16,)) * 0.5}


def predict(p, x):
    return jnp.tanh(x @ p["w1"]) @ p["w2"]


def mse(p, x, y):
    return jnp.mean((predict(p, x) - y) ** 2)


def train(hp, key, steps=200):
    p = init(key)

    def body(i, p):
        g = jax.grad(mse)(p, Xtr, ytr)
        return jax.tree.map(lambda w, d: w * (1 - hp["lr"] * hp["wd"]) - hp["lr"] * d, p, g)

    p = jax.lax.fori_loop(0, steps, body, p)
    return mse(p, Xva, yva)


lrs = jnp.array([0.01, 0.03, 0.1, 0.3])
wds = jnp.array([0.0, 0.01, 0.1])
LR, WD = jnp.meshgrid(lrs, wds, indexing="ij")
grid = {"lr": LR.ravel(), "wd": WD.ravel()}
seeds = jax.random.split(jax.random.key(0), 3)

sweep = jax.jit(jax.vmap(jax.vmap(train, in_axes=(None, 0)), in_axes=({"lr": 0, "wd": 0}, None)))
val = sweep(grid, seeds)
print(val.shape, val.dtype)
mean, std = val.mean(1).reshape(4, 3), val.std(1).reshape(4, 3)
print(jnp.round(mean, 4))
print(jnp.round(std, 4))
best = jnp.argmin(val.mean(1))
print("best lr", float(grid["lr"][best]), "wd", float(grid["wd"][best]), round(float(val.mean(1)[best]), 4))

only_lr = jax.vmap(train, in_axes=({"lr": 0, "wd": None}, None))
v2 = only_lr({"lr": lrs, "wd": jnp.float32(0.01)}, seeds[0])
print(jnp.round(v2, 4), bool(jnp.allclose(v2, val[1::3, 0], rtol=1e-4)))
print(jax.eval_shape(sweep, grid, seeds))
