# Support vector machines the way users hand-roll them: a linear one-vs-rest SVM trained by
# subgradient descent on the squared hinge loss with vmap over classes, the Pegasos step size
# schedule, a kernel SVM's dual solved by projected gradient ascent on the box [0, C] with an
# RBF Gram matrix, support vectors found by thresholds, and decision functions on a grid
import jax
import jax.numpy as jnp

key = jax.random.key(4)
K, N, D = 3, 90, 2
centers = jnp.array([[0.0, 2.0], [2.0, -1.0], [-2.0, -1.0]])
k1, k2 = jax.random.split(key)
y = jnp.repeat(jnp.arange(K), N // K)
X = centers[y] + 0.7 * jax.random.normal(k1, (N, D))
print("data:", X.shape, "class counts:", jnp.bincount(y))


def svm_loss(wb, X, t, lam=1e-2):
    w, b = wb
    margins = t * (X @ w + b)
    return jnp.mean(jnp.maximum(0.0, 1.0 - margins) ** 2) + lam * jnp.sum(w**2)


def train_binary(t, steps=300):
    def step(wb, i):
        g = jax.grad(svm_loss)(wb, X, t)
        lr = 1.0 / (1e-2 * (i + 10.0))
        return jax.tree.map(lambda p, g: p - 0.01 * lr * g, wb, g), svm_loss(wb, X, t)

    return jax.lax.scan(step, (jnp.zeros(D), 0.0), jnp.arange(steps))


targets = jnp.where(y[None, :] == jnp.arange(K)[:, None], 1.0, -1.0)
(W, b), losses = jax.jit(jax.vmap(train_binary))(targets)
print("weights:", W.shape, "bias:", b.shape, "final losses:", jnp.round(losses[:, -1], 4))
pred = jnp.argmax(X @ W.T + b, 1)
print("one-vs-rest accuracy > 0.9:", bool(jnp.mean(pred == y) > 0.9))


def rbf(A, B, gamma=0.5):
    return jnp.exp(-gamma * jnp.sum((A[:, None] - B[None]) ** 2, -1))


t = targets[0]
G = rbf(X, X) * t[:, None] * t[None, :]
C = 1.0


@jax.jit
def dual_ascent(alpha):
    def step(alpha, _):
        grad = 1.0 - G @ alpha
        alpha = jnp.clip(alpha + 0.01 * grad, 0.0, C)
        alpha = alpha - t * (alpha @ t) / N  # approximately keep sum alpha_i t_i = 0
        return jnp.clip(alpha, 0.0, C), jnp.sum(alpha) - 0.5 * alpha @ G @ alpha

    return jax.lax.scan(step, alpha, None, length=500)


alpha, dual = dual_ascent(jnp.zeros(N))
print("dual objective increasing:", bool(dual[-1] > dual[10]), "final:", round(float(dual[-1]), 3))
sv = alpha > 1e-4
print("support vectors:", int(sv.sum()), "of", N, "at the bound:", int((alpha > C - 1e-4).sum()))
margin_sv = sv & (alpha < C - 1e-4)
f_no_b = rbf(X, X) @ (alpha * t)
b0 = jnp.sum(jnp.where(margin_sv, t - f_no_b, 0.0)) / jnp.maximum(margin_sv.sum(), 1)
print("kernel SVM training accuracy > 0.95:", bool(jnp.mean(jnp.sign(f_no_b + b0) == t) > 0.95))
gx = jnp.stack(jnp.meshgrid(jnp.linspace(-3, 3, 5), jnp.linspace(-3, 3, 5)), -1).reshape(-1, 2)
scores = rbf(gx, X) @ (alpha * t) + b0
print("grid decisions:", jnp.sign(scores).reshape(5, 5).astype(jnp.int32))
