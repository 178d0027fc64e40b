# Gradient-boosted decision stumps written in jax.numpy: candidate thresholds from sorted
# feature values, the best split per feature by cumulative sums of gradients and hessians
# (XGBoost's gain), argmax over features, leaf values with L2 regularisation, a boosting loop in
# lax.scan that stacks the stumps, prediction by vmap over stumps, for squared and logistic
# losses (jax.grad / jax.hessian-free via elementwise derivatives)
import jax
import jax.numpy as jnp

N, F, ROUNDS, LAM, LR = 200, 3, 25, 1.0, 0.3
kx, kn = jax.random.split(jax.random.key(0))
X = jax.random.uniform(kx, (N, F), minval=-2.0, maxval=2.0)
y_reg = jnp.where(X[:, 0] > 0.3, 2.0, -1.0) + 0.5 * jnp.sin(X[:, 1] * 2) + 0.1 * jax.random.normal(kn, (N,))
y_cls = (X[:, 0] + X[:, 2] ** 2 > 1.0).astype(jnp.float32)


def best_split(x, g, h):
    order = jnp.argsort(x)
    xs, gs, hs = x[order], g[order], h[order]
    GL, HL = jnp.cumsum(gs)[:-1], jnp.cumsum(hs)[:-1]
    G, H = gs.sum(), hs.sum()
    GR, HR = G - GL, H - HL
    gain = GL**2 / (HL + LAM) + GR**2 / (HR + LAM) - G**2 / (H + LAM)
    valid = xs[1:] > xs[:-1]
    gain = jnp.where(valid, gain, -jnp.inf)
    i = jnp.argmax(gain)
    thr = 0.5 * (xs[i] + xs[i + 1])
    return gain[i], thr


def fit_stump(X, g, h):
    gains, thrs = jax.vmap(best_split, in_axes=(1, None, None))(X, g, h)
    f = jnp.argmax(gains)
    left = X[:, f] <= thrs[f]
    wl = -jnp.sum(jnp.where(left, g, 0)) / (jnp.sum(jnp.where(left, h, 0)) + LAM)
    wr = -jnp.sum(jnp.where(left, 0, g)) / (jnp.sum(jnp.where(left, 0, h)) + LAM)
    return {"feature": f, "threshold": thrs[f], "values": jnp.stack([wl, wr])}


def stump_predict(stump, X):
    go_right = X[:, stump["feature"]] > stump["threshold"]
    return stump["values"][go_right.astype(jnp.int32)]


def squared(pred, y):
    return 0.5 * (pred - y) ** 2


def logistic(pred, y):
    return jnp.logaddexp(0.0, pred) - y * pred


def boost(loss, X, y):
    d1 = jax.vmap(jax.grad(loss))
    d2 = jax.vmap(jax.grad(jax.grad(loss)))

    def round_(pred, _):
        stump = fit_stump(X, d1(pred, y), d2(pred, y))
        return pred + LR * stump_predict(stump, X), (stump, jnp.mean(loss(pred, y)))

    pred, (stumps, losses) = jax.lax.scan(round_, jnp.zeros(N), None, length=ROUNDS)
    return pred, stumps, losses


def predict(stumps, X):
    return LR * jnp.sum(jax.vmap(stump_predict, in_axes=(0, None))(stumps, X), axis=0)


pred, stumps, losses = jax.jit(boost, static_argnums=0)(squared, X, y_reg)
print(jax.tree.map(lambda a: (a.shape, str(a.dtype)), stumps))
print(f"{float(losses[0]):.4f} {float(losses[-1]):.4f}", bool(jnp.all(jnp.diff(losses) <= 1e-5)))
print(int(stumps["feature"][0]), f"{float(stumps['threshold'][0]):.3f}", jnp.bincount(stumps["feature"], length=F))
print(bool(jnp.allclose(pred, predict(stumps, X), atol=1e-4)))
Xt = jnp.array([[1.0, 0.0, 0.0], [-1.0, 0.0, 0.0], [0.5, 0.7, -1.0]])
print(jnp.round(predict(stumps, Xt), 3))

logits, cstumps, closses = jax.jit(boost, static_argnums=0)(logistic, X, y_cls)
acc = jnp.mean((logits > 0) == (y_cls > 0.5))
print(f"{float(closses[0]):.4f} {float(closses[-1]):.4f}", bool(acc > 0.85), jnp.bincount(cstumps["feature"], length=F))
print(f"{float(jnp.mean(jax.nn.sigmoid(logits))):.4f}", f"{float(jnp.mean(y_cls)):.4f}")
