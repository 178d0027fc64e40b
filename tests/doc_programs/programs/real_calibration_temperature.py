# Calibration of a classifier: reliability diagrams with jnp.digitize into confidence bins and
# per-bin accuracy / confidence by segment sums, expected and maximum calibration error, the
# Brier score, temperature scaling fitted on validation logits with jax.scipy.optimize.minimize
# over log T, histogram-binning calibration by jnp.histogram, and an overconfident model's ECE
# before and after
import jax
import jax.numpy as jnp
from jax.scipy.optimize import minimize

N, C = 3000, 4
k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
true_logits = jax.random.normal(k1, (N, C)) * 1.5
labels = jax.random.categorical(k2, true_logits)
model_logits = 2.5 * true_logits + 0.3 * jax.random.normal(k3, (N, C))  # overconfident
val, test = slice(0, 1500), slice(1500, None)
BINS = jnp.linspace(0, 1, 11)


def reliability(logits, labels):
    probs = jax.nn.softmax(logits)
    conf = probs.max(1)
    correct = (probs.argmax(1) == labels).astype(jnp.float32)
    b = jnp.clip(jnp.digitize(conf, BINS) - 1, 0, 9)
    count = jax.ops.segment_sum(jnp.ones_like(conf), b, 10)
    acc = jax.ops.segment_sum(correct, b, 10) / jnp.maximum(count, 1)
    avg_conf = jax.ops.segment_sum(conf, b, 10) / jnp.maximum(count, 1)
    gap = jnp.abs(acc - avg_conf)
    ece = jnp.sum(count / conf.shape[0] * gap)
    mce = jnp.max(jnp.where(count > 0, gap, 0.0))
    return ece, mce, count


def brier(logits, labels):
    return jnp.mean(jnp.sum((jax.nn.softmax(logits) - jax.nn.one_hot(labels, C)) ** 2, 1))


ece0, mce0, count0 = reliability(model_logits[test], labels[test])
print(count0.dtype, int(count0.sum()), float(ece0) > 0.05)


def nll(log_t):
    t = jnp.exp(log_t[0])
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(model_logits[val] / t), labels[val][:, None], 1))


res = minimize(nll, jnp.zeros(1), method="BFGS")
T = float(jnp.exp(res.x[0]))
ece1, mce1, _ = reliability(model_logits[test] / T, labels[test])
print(bool(res.success), 1.5 < T < 4.0, float(ece1) < float(ece0) / 2)
print(float(brier(model_logits[test] / T, labels[test])) < float(brier(model_logits[test], labels[test])))
acc_before = jnp.mean(model_logits[test].argmax(1) == labels[test])
acc_after = jnp.mean((model_logits[test] / T).argmax(1) == labels[test])
print(bool(acc_before == acc_after), float(mce1) <= float(mce0))

conf_val = jax.nn.softmax(model_logits[val]).max(1)
correct_val = (model_logits[val].argmax(1) == labels[val]).astype(jnp.float32)
hist, edges = jnp.histogram(conf_val, bins=BINS)
hits, _ = jnp.histogram(conf_val, bins=BINS, weights=correct_val)
bin_acc = hits / jnp.maximum(hist, 1)
print(hist.dtype, edges.shape, int(hist.sum()), bin_acc.shape)
print(jnp.digitize(jnp.array([0.0, 0.05, 0.1, 0.999, 1.0]), BINS), jnp.digitize(jnp.array([0.1, 1.0]), BINS, right=True))
