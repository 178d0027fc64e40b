# Evaluation code around a classifier: label-smoothed cross-entropy, top-1 / top-k accuracy,
# a confusion matrix by jnp.bincount(length=) and by .at[].add, per-class precision / recall /
# F1 with safe division, expected calibration error from binned confidences, all jitted
import functools

import jax
import jax.numpy as jnp
from jax import random

C, N = 5, 200
key = random.key(12)
k1, k2, k3 = random.split(key, 3)
labels = random.randint(k1, (N,), 0, C)
noise = random.normal(k2, (N, C))
logits = 2.0 * jax.nn.one_hot(labels, C) + 1.2 * noise
logits = jnp.where(random.bernoulli(k3, 0.15, (N, 1)), jnp.roll(logits, 1, axis=1), logits)


def smoothed_xent(logits, labels, eps=0.1):
    target = optax_like_smooth(jax.nn.one_hot(labels, logits.shape[-1]), eps)
    return -jnp.mean(jnp.sum(target * jax.nn.log_softmax(logits), -1))


def optax_like_smooth(one_hot, eps):
    return one_hot * (1 - eps) + eps / one_hot.shape[-1]


@functools.partial(jax.jit, static_argnames="k")
def topk_accuracy(logits, labels, k=1):
    _, idx = jax.lax.top_k(logits, k)
    return jnp.mean(jnp.any(idx == labels[:, None], axis=-1))


@jax.jit
def confusion(logits, labels):
    pred = jnp.argmax(logits, -1)
    flat = jnp.bincount(labels * C + pred, length=C * C).reshape(C, C)
    by_at = jnp.zeros((C, C), jnp.int32).at[labels, pred].add(1)
    return flat, by_at


def prf(cm):
    tp = jnp.diag(cm).astype(jnp.float32)
    precision = jnp.where(cm.sum(0) > 0, tp / jnp.maximum(cm.sum(0), 1), 0.0)
    recall = jnp.where(cm.sum(1) > 0, tp / jnp.maximum(cm.sum(1), 1), 0.0)
    f1 = jnp.where(precision + recall > 0, 2 * precision * recall / (precision + recall + 1e-12), 0.0)
    return precision, recall, f1


@functools.partial(jax.jit, static_argnames="bins")
def ece(logits, labels, bins=10):
    probs = jax.nn.softmax(logits)
    conf, pred = probs.max(-1), probs.argmax(-1)
    correct = (pred == labels).astype(jnp.float32)
    b = jnp.clip(jnp.floor(conf * bins).astype(jnp.int32), 0, bins - 1)
    count = jax.ops.segment_sum(jnp.ones_like(conf), b, num_segments=bins)
    acc = jax.ops.segment_sum(correct, b, num_segments=bins)
    cf = jax.ops.segment_sum(conf, b, num_segments=bins)
    gap = jnp.abs(acc - cf) / jnp.maximum(count, 1)
    return jnp.sum(count / conf.shape[0] * gap), count


print("xent", round(float(smoothed_xent(logits, labels)), 4), round(float(smoothed_xent(logits, labels, 0.0)), 4))
print("top1", float(topk_accuracy(logits, labels)), "top2", float(topk_accuracy(logits, labels, k=2)))
cm, cm2 = confusion(logits, labels)
print(cm, bool(jnp.array_equal(cm, cm2)), int(cm.sum()), cm.dtype)
p, r, f1 = prf(cm)
print(jnp.round(p, 3), jnp.round(r, 3))
print("macro f1", round(float(f1.mean()), 4), "micro", round(float(jnp.trace(cm) / cm.sum()), 4))
e, counts = ece(logits, labels)
print("ece", round(float(e), 4), counts.astype(jnp.int32))
print(ece(logits * 5, labels)[0] > e, ece(logits / 5, labels)[0] > 0)
print(jnp.bincount(jnp.array([0, 1, 1, 3]), length=6), jnp.bincount(jnp.array([2, 2]), weights=jnp.array([0.5, 0.25])))
print(jax.grad(smoothed_xent)(logits[:2], labels[:2]))
print(prf(jnp.zeros((3, 3), jnp.int32)))
