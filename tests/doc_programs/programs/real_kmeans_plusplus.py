# k-means++ seeding and Lloyd iterations: centres drawn one at a time by jax.random.choice with
# probabilities proportional to squared distance (a fori_loop writing into a fixed-size centre
# array), Lloyd's algorithm in lax.while_loop until assignments stop changing, inertia compared
# with random seeding over several seeds, the elbow curve over k, and silhouette scores
from functools import partial

import jax
import jax.numpy as jnp

K_TRUE, N = 4, 400
centres_true = jnp.array([[0.0, 0.0], [5.0, 5.0], [0.0, 5.0], [5.0, 0.0]])
labels_true = jnp.arange(N) % K_TRUE
X = centres_true[labels_true] + 0.6 * jax.random.normal(jax.random.key(0), (N, 2))


def sqdist(X, C):
    return ((X[:, None] - C[None]) ** 2).sum(-1)


def kmeanspp(key, X, k):
    keys = jax.random.split(key, k)
    first = jax.random.choice(keys[0], X.shape[0])
    C = jnp.zeros((k, X.shape[1])).at[0].set(X[first])

    def body(i, C):
        d = jnp.where(jnp.arange(k)[None] < i, sqdist(X, C), jnp.inf).min(1)
        idx = jax.random.choice(keys[i], X.shape[0], p=d / d.sum())
        return C.at[i].set(X[idx])

    return jax.lax.fori_loop(1, k, body, C)


def lloyd(X, C, max_iter=100):
    k = C.shape[0]

    def cond(s):
        _, assign, prev, it = s
        return jnp.any(assign != prev) & (it < max_iter)

    def body(s):
        C, assign, _, it = s
        onehot = jax.nn.one_hot(assign, k)
        counts = onehot.sum(0)
        C = jnp.where(counts[:, None] > 0, onehot.T @ X / jnp.maximum(counts, 1)[:, None], C)
        return C, jnp.argmin(sqdist(X, C), 1), assign, it + 1

    a0 = jnp.argmin(sqdist(X, C), 1)
    C, assign, _, it = jax.lax.while_loop(cond, body, (C, a0, jnp.full_like(a0, -1), 0))
    return C, assign, it


def inertia(X, C, assign):
    return ((X - C[assign]) ** 2).sum()


@partial(jax.jit, static_argnums=1)
def run(key, k=4):
    C0 = kmeanspp(key, X, k)
    C, assign, it = lloyd(X, C0)
    return inertia(X, C, assign), it, assign


@partial(jax.jit, static_argnums=1)
def run_random(key, k=4):
    C0 = X[jax.random.choice(key, N, (k,), replace=False)]
    C, assign, it = lloyd(X, C0)
    return inertia(X, C, assign), it


keys = jax.random.split(jax.random.key(1), 8)
pp = jax.vmap(run)(keys)
rnd = jax.vmap(run_random)(keys)
print(pp[0].shape, pp[1].dtype, bool(pp[0].min() <= rnd[0].min() + 1e-3))
print(float(pp[0].min()), int(pp[1].max()) < 100)
assign = pp[2][jnp.argmin(pp[0])]
contingency = jnp.zeros((K_TRUE, K_TRUE), jnp.int32).at[labels_true, assign].add(1)
print(bool(jnp.all(contingency.max(1) >= 95)))
elbow = [float(run(jax.random.key(2), k)[0]) for k in (1, 2, 3, 4, 5, 6)]
print([a > b for a, b in zip(elbow, elbow[1:])], elbow[3] / elbow[2] < 0.5)


def silhouette(X, assign, k):
    D = jnp.sqrt(sqdist(X, X))
    onehot = jax.nn.one_hot(assign, k)
    counts = onehot.sum(0)
    mean_d = D @ onehot / jnp.maximum(counts, 1)
    own = jnp.take_along_axis(mean_d, assign[:, None], 1)[:, 0] * counts[assign] / jnp.maximum(counts[assign] - 1, 1)
    other = jnp.where(jax.nn.one_hot(assign, k, dtype=bool), jnp.inf, mean_d).min(1)
    return jnp.mean((other - own) / jnp.maximum(own, other))


print(float(silhouette(X, assign, 4)) > 0.5, float(silhouette(X, run(jax.random.key(3), 2)[2], 2)) < float(silhouette(X, assign, 4)))
