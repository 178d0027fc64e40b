# Split conformal prediction: a ridge regressor fitted in closed form, absolute-residual scores on
# a calibration split, the finite-sample quantile by jnp.quantile(method="higher"), interval
# coverage on test data over many random splits by vmap, conformalised quantile regression with
# pinball-loss models, and adaptive prediction sets for a softmax classifier with sorted
# cumulative probabilities
import jax
import jax.numpy as jnp

N, D = 600, 3
kx, ke, kn = jax.random.split(jax.random.key(0), 3)
X = jax.random.normal(kx, (N, D))
noise_scale = 0.3 + 0.5 * jnp.abs(X[:, 0])
y = X @ jnp.array([1.0, -2.0, 0.5]) + noise_scale * jax.random.normal(ke, (N,))


def ridge(X, y, lam=1e-2):
    return jnp.linalg.solve(X.T @ X + lam * jnp.eye(X.shape[1]), X.T @ y)


def split_conformal(key, alpha=0.1):
    perm = jax.random.permutation(key, N)
    tr, cal, te = perm[:200], perm[200:400], perm[400:]
    w = ridge(X[tr], y[tr])
    scores = jnp.abs(y[cal] - X[cal] @ w)
    n = scores.shape[0]
    q = jnp.quantile(scores, jnp.ceil((n + 1) * (1 - alpha)) / n, method="higher")
    pred = X[te] @ w
    covered = jnp.abs(y[te] - pred) <= q
    return covered.mean(), q


cov, qs = jax.jit(jax.vmap(split_conformal))(jax.random.split(kn, 64))
print(cov.shape, float(cov.mean()) >= 0.88, float(cov.min()) > 0.75)
print(float(qs.mean()))
print(jnp.quantile(jnp.arange(10.0), 0.55, method="higher"), jnp.quantile(jnp.arange(10.0), 0.55, method="lower"))
print(jnp.quantile(jnp.arange(10.0), jnp.array([0.25, 0.5]), method="nearest"), jnp.quantile(jnp.arange(10.0), 0.55, method="midpoint"))


def pinball(w, X, y, tau):
    r = y - X @ w
    return jnp.mean(jnp.maximum(tau * r, (tau - 1) * r))


def fit_quantile(X, y, tau, steps=300):
    feats = jnp.concatenate([X, jnp.abs(X[:, :1]), jnp.ones((X.shape[0], 1))], 1)
    w = jnp.zeros(feats.shape[1])
    g = jax.grad(pinball)
    w = jax.lax.fori_loop(0, steps, lambda i, w: w - 0.2 * g(w, feats, y, tau), w)
    return w, lambda Z: jnp.concatenate([Z, jnp.abs(Z[:, :1]), jnp.ones((Z.shape[0], 1))], 1) @ w


w_lo, lo = fit_quantile(X[:200], y[:200], 0.05)
w_hi, hi = fit_quantile(X[:200], y[:200], 0.95)
s = jnp.maximum(lo(X[200:400]) - y[200:400], y[200:400] - hi(X[200:400]))
qc = jnp.quantile(s, jnp.ceil(201 * 0.9) / 200, method="higher")
inside = (y[400:] >= lo(X[400:]) - qc) & (y[400:] <= hi(X[400:]) + qc)
width = (hi(X[400:]) - lo(X[400:]) + 2 * qc)
print(float(inside.mean()) > 0.85, float(jnp.corrcoef(width, jnp.abs(X[400:, 0]))[0, 1]) > 0.3)

C = 4
logits = jax.random.normal(jax.random.key(5), (300, C)) * 2
labels = jax.random.categorical(jax.random.key(6), logits)
probs = jax.nn.softmax(logits)


def aps_score(p, label):
    order = jnp.argsort(-p)
    cum = jnp.cumsum(p[order])
    rank = jnp.argmax(order == label)
    return cum[rank]


cal_scores = jax.vmap(aps_score)(probs[:150], labels[:150])
qa = jnp.quantile(cal_scores, jnp.ceil(151 * 0.9) / 150, method="higher")


def aps_set(p):
    order = jnp.argsort(-p)
    cum = jnp.cumsum(p[order])
    keep_sorted = cum - p[order] < qa
    return jnp.zeros(C, bool).at[order].set(keep_sorted)


sets = jax.vmap(aps_set)(probs[150:])
print(sets.shape, float(sets[jnp.arange(150), labels[150:]].mean()) >= 0.8, float(sets.sum(1).mean()))
