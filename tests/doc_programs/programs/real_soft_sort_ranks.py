# Differentiable sorting and ranking: soft ranks by a pairwise sigmoid relaxation, soft sort by
# an entropic optimal-transport (Sinkhorn) relaxation in log space, the NeuralSort permutation
# relaxation, all checked against hard jnp.sort / argsort as the temperature shrinks; gradients
# of a Spearman-correlation loss trained on a linear scorer
import jax
import jax.numpy as jnp
import numpy as np


def soft_rank(x, tau):
    diff = x[:, None] - x[None, :]
    return 1.0 + jnp.sum(jax.nn.sigmoid(diff / tau), 1) - 0.5


def neural_sort(s, tau):
    n = s.shape[0]
    A = jnp.abs(s[:, None] - s[None, :])
    B = A.sum(1)
    scaling = n + 1 - 2 * (jnp.arange(n) + 1)
    C = scaling[:, None] * s[None, :]
    return jax.nn.softmax((C - B[None, :]) / tau, axis=-1)


def sinkhorn_sort(x, eps, iters=200):
    n = x.shape[0]
    y = jnp.linspace(0.0, 1.0, n)
    xn = (x - x.min()) / (x.max() - x.min())
    logK = -((xn[:, None] - y[None, :]) ** 2) / eps
    a = jnp.full(n, -jnp.log(n))

    def body(i, uv):
        u, v = uv
        u = a - jax.scipy.special.logsumexp(logK + v[None, :], 1)
        v = a - jax.scipy.special.logsumexp(logK + u[:, None], 0)
        return u, v

    u, v = jax.lax.fori_loop(0, iters, body, (jnp.zeros(n), jnp.zeros(n)))
    P = jnp.exp(u[:, None] + logK + v[None, :]) * n
    return P.T @ x


x = jnp.array([0.3, -1.2, 2.5, 0.9, -0.1])
print("hard ranks", jnp.argsort(jnp.argsort(x)) + 1, "sorted", jnp.sort(x))
for tau in (1.0, 0.1, 0.001):
    print("tau", tau, "soft rank", jnp.round(soft_rank(x, tau), 3))
P = neural_sort(x, 0.01)
print("neuralsort desc", jnp.round(P @ x, 3), jnp.round(P.sum(1), 4))
print("sinkhorn sort", jnp.round(sinkhorn_sort(x, 1e-3), 3))
print("grad soft rank", jnp.round(jax.jacfwd(soft_rank)(x, 0.5)[0], 4))


def spearman_loss(w, X, y, tau=0.1):
    r1 = soft_rank(X @ w, tau)
    r2 = jnp.argsort(jnp.argsort(y)).astype(jnp.float32) + 1
    r1 = r1 - r1.mean()
    r2 = r2 - r2.mean()
    return -jnp.sum(r1 * r2) / jnp.sqrt(jnp.sum(r1**2) * jnp.sum(r2**2))


rng = np.random.default_rng(0)
X = jnp.asarray(rng.normal(size=(40, 3)), jnp.float32)
y = jnp.exp(X @ jnp.array([1.0, -2.0, 0.5])) + 0.1 * jnp.asarray(rng.normal(size=40), jnp.float32)
w = jnp.array([0.1, 0.1, 0.1])
grad = jax.jit(jax.value_and_grad(spearman_loss))
for i in range(100):
    l, g = grad(w, X, y)
    w = w - 0.5 * g
    if i % 25 == 0:
        print(i, round(float(l), 4))
print("direction", jnp.round(w / jnp.linalg.norm(w), 3))
hard = jnp.corrcoef(jnp.argsort(jnp.argsort(X @ w)), jnp.argsort(jnp.argsort(y)))[0, 1]
print("hard spearman", round(float(hard), 4))
