# A time-series data pipeline with jnp indexing: sliding windows built by a broadcast index
# gather, a chronological train / validation split, per-feature normalisation from training
# statistics only, shuffled mini-batches from a permutation, an AR(p) baseline by lstsq and a
# small MLP forecaster trained with momentum SGD; multi-step forecasts by a scan feeding back
import jax
import jax.numpy as jnp

T, W, Hz = 600, 24, 1
t = jnp.arange(T, dtype=jnp.float32)
key = jax.random.key(8)
series = jnp.sin(2 * jnp.pi * t / 50) + 0.5 * jnp.sin(2 * jnp.pi * t / 17) + 0.002 * t
series = series + 0.1 * jax.random.normal(key, (T,))

idx = jnp.arange(W)[None, :] + jnp.arange(T - W - Hz + 1)[:, None]
X = series[idx]
y = series[idx[:, -1] + Hz]
print("windows:", X.shape, "targets:", y.shape, "first target index:", int(idx[0, -1] + Hz))
split = int(0.8 * X.shape[0])
Xtr, ytr, Xva, yva = X[:split], y[:split], X[split:], y[split:]
mu, sd = Xtr.mean(), Xtr.std()
norm = lambda a: (a - mu) / sd
print("train/val:", Xtr.shape[0], Xva.shape[0], "mu, sd:", round(float(mu), 4), round(float(sd), 4))

A = jnp.concatenate([norm(Xtr), jnp.ones((split, 1))], 1)
coef, *_ = jnp.linalg.lstsq(A, norm(ytr))
ar_pred = jnp.concatenate([norm(Xva), jnp.ones((Xva.shape[0], 1))], 1) @ coef
ar_mse = jnp.mean((ar_pred * sd + mu - yva) ** 2)
print("AR baseline val MSE:", round(float(ar_mse), 4))

k1, k2 = jax.random.split(jax.random.key(1))
params = {"w1": jax.random.normal(k1, (W, 32)) / jnp.sqrt(W), "b1": jnp.zeros(32), "w2": jax.random.normal(k2, (32,)) / jnp.sqrt(32), "b2": jnp.zeros(())}


def mlp(p, x):
    return jnp.tanh(x @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]


def loss(p, xb, yb):
    return jnp.mean((mlp(p, norm(xb)) - norm(yb)) ** 2)


@jax.jit
def epoch(p, vel, key):
    perm = jax.random.permutation(key, split)
    batches = perm[: (split // 32) * 32].reshape(-1, 32)

    def step(carry, b):
        p, vel = carry
        l, g = jax.value_and_grad(loss)(p, Xtr[b], ytr[b])
        vel = jax.tree.map(lambda v, g: 0.9 * v - 0.05 * g, vel, g)
        return (jax.tree.map(jnp.add, p, vel), vel), l

    (p, vel), ls = jax.lax.scan(step, (p, vel), batches)
    return p, vel, ls.mean()


vel = jax.tree.map(jnp.zeros_like, params)
for e in range(30):
    params, vel, l = epoch(params, vel, jax.random.fold_in(key, e))
val_mse = jnp.mean((mlp(params, norm(Xva)) * sd + mu - yva) ** 2)
print("MLP train loss small:", bool(l < 0.1), "val MSE < 0.05:", bool(val_mse < 0.05))


@jax.jit
def forecast(p, window, steps=20):
    def step(w, _):
        nxt = mlp(p, norm(w)) * sd + mu
        return jnp.concatenate([w[1:], nxt[None]]), nxt

    return jax.lax.scan(step, window, None, length=steps)[1]


fc = forecast(params, X[split])
truth = series[split + W : split + W + 20]
print("20-step forecast shape:", fc.shape, "MAE < 0.5:", bool(jnp.mean(jnp.abs(fc - truth)) < 0.5))
