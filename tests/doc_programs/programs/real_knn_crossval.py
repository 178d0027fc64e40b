# k-nearest-neighbours classification and regression with cross-validated k: pairwise squared
# distances by the expansion trick, neighbours by jnp.argpartition and lax.top_k, majority vote
# by a vmapped bincount with ties broken by distance, distance-weighted regression, stratified
# folds built from argsort of labels, leave-one-out by masking the diagonal, and accuracy per k
# collected with a jitted vmap over folds
import functools

import jax
import jax.numpy as jnp

N, D, C = 90, 2, 3
kc, kx = jax.random.split(jax.random.key(0))
centers = jnp.array([[0.0, 0.0], [2.5, 0.5], [1.0, 2.5]])
y = jnp.arange(N) % C
X = centers[y] + 0.8 * jax.random.normal(kx, (N, D))
print(X.shape, jnp.bincount(y))


def sqdist(A, B):
    return jnp.maximum(jnp.sum(A**2, 1)[:, None] - 2 * A @ B.T + jnp.sum(B**2, 1)[None, :], 0.0)


def knn_predict(Xtr, ytr, Xte, k):
    d = sqdist(Xte, Xtr)
    neg, idx = jax.lax.top_k(-d, k)
    votes = jax.vmap(lambda i, w: jnp.bincount(ytr[i], weights=w, length=C))(idx, 1.0 / (1e-3 - neg))
    return jnp.argmax(votes, -1)


d = sqdist(X, X)
part = jnp.argpartition(d, 5, axis=1)[:, :5]
_, top = jax.lax.top_k(-d, 5)
print(part.shape, bool(jnp.all(jnp.sort(jnp.take_along_axis(d, part, 1), 1) == jnp.sort(jnp.take_along_axis(d, top, 1), 1))))
print(bool(jnp.allclose(d, jnp.sum((X[:, None] - X[None]) ** 2, -1), atol=1e-4)))

order = jnp.argsort(y, stable=True)
fold_of = jnp.zeros(N, jnp.int32).at[order].set(jnp.arange(N) % 5)
print(jnp.bincount(fold_of), jnp.bincount(y[fold_of == 0], length=C))


def fold_accuracy(f, k):
    test = fold_of == f
    d = sqdist(X, X) + jnp.where(test[None, :], jnp.inf, 0.0)
    _, idx = jax.lax.top_k(-d, k)
    votes = jax.vmap(lambda i: jnp.bincount(y[i], length=C))(idx)
    pred = jnp.argmax(votes, -1)
    return jnp.sum((pred == y) & test) / jnp.sum(test)


@functools.partial(jax.jit, static_argnums=0)
def cv(k):
    return jax.vmap(fold_accuracy, in_axes=(0, None))(jnp.arange(5), k)


scores = {k: cv(k) for k in (1, 3, 7, 15)}
print({k: v.shape for k, v in scores.items()}, all(bool(jnp.mean(v) > 0.7) for v in scores.values()))
best = max(scores, key=lambda k: float(jnp.mean(scores[k])))
print(best in (3, 7, 15))
loo = sqdist(X, X) + jnp.diag(jnp.full(N, jnp.inf))
_, nn1 = jax.lax.top_k(-loo, 1)
print(f"{float(jnp.mean(y[nn1[:, 0]] == y)):.3f}")
pred = knn_predict(X, y, jnp.array([[0.0, 0.0], [2.5, 0.5], [1.0, 2.5], [5.0, 5.0]]), 5)
print(pred, pred.dtype)
target = jnp.sin(X[:, 0]) + X[:, 1]
dq = sqdist(X[:5], X) + jnp.diag(jnp.full(N, jnp.inf))[:5]
negd, idx = jax.lax.top_k(-dq, 6)
w = jax.nn.softmax(negd / 0.1, axis=-1)
reg = jnp.sum(w * target[idx], -1)
print(reg.shape, bool(jnp.mean(jnp.abs(reg - target[:5])) < 0.6))
