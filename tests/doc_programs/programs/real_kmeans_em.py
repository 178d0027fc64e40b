# Clustering: k-means with k-means++ initialization (random.choice with p=), Lloyd iterations
# by lax.while_loop until the centroids stop moving, vmapped restarts picking the best
# inertia, then EM for a diagonal Gaussian mixture initialized from k-means, also a while_loop
# on the log-likelihood, with responsibilities by logsumexp
import jax
import jax.numpy as jnp
from jax import lax, random
from jax.scipy.special import logsumexp

key = random.key(0)
centers_true = jnp.array([[0.0, 0.0], [4.0, 4.0], [-4.0, 3.0]])
labels_true = jnp.repeat(jnp.arange(3), 50)
X = centers_true[labels_true] + random.normal(key, (150, 2)) * jnp.array([0.6, 0.9])
K = 3


def sqdist(X, C):
    return jnp.sum((X[:, None, :] - C[None, :, :]) ** 2, -1)


def kmeans_pp(key, X, k):
    k0, key = random.split(key)
    first = X[random.randint(k0, (), 0, X.shape[0])]
    C = jnp.zeros((k, X.shape[1])).at[0].set(first)

    def body(i, carry):
        C, key = carry
        key, sub = random.split(key)
        d = jnp.min(jnp.where(jnp.arange(k) < i, sqdist(X, C), jnp.inf), axis=1)
        idx = random.choice(sub, X.shape[0], p=d / d.sum())
        return C.at[i].set(X[idx]), key

    return lax.fori_loop(1, k, body, (C, key))[0]


def lloyd(X, C0, tol=1e-6, max_iter=100):
    def cond(s):
        _, shift, it = s
        return (shift > tol) & (it < max_iter)

    def body(s):
        C, _, it = s
        assign = jnp.argmin(sqdist(X, C), axis=1)
        onehot = jax.nn.one_hot(assign, K)
        newC = (onehot.T @ X) / jnp.maximum(onehot.sum(0), 1.0)[:, None]
        return newC, jnp.max(jnp.abs(newC - C)), it + 1

    C, _, iters = lax.while_loop(cond, body, (C0, jnp.inf, 0))
    inertia = jnp.min(sqdist(X, C), axis=1).sum()
    return C, inertia, iters


@jax.jit
def best_of(key, X, restarts=4):
    keys = random.split(key, restarts)
    Cs, inertias, iters = jax.vmap(lambda k: lloyd(X, kmeans_pp(k, X, K)))(keys)
    best = jnp.argmin(inertias)
    return Cs[best], inertias, iters


C, inertias, iters = best_of(random.key(1), X)
order = jnp.argsort(C[:, 0])
print("centroids", C[order].round(1))
print("inertias", inertias.shape, "best", inertias.min(), "iters dtype", iters.dtype)


def em(X, mu, tol=1e-5, max_iter=200):
    n, d = X.shape
    var = jnp.ones((K, d))
    logw = jnp.log(jnp.ones(K) / K)

    def loglik_terms(mu, var, logw):
        lp = -0.5 * jnp.sum((X[:, None] - mu) ** 2 / var + jnp.log(2 * jnp.pi * var), -1)
        return lp + logw

    def cond(s):
        *_, ll, prev, it = s
        return (jnp.abs(ll - prev) > tol) & (it < max_iter)

    def body(s):
        mu, var, logw, ll, _, it = s
        terms = loglik_terms(mu, var, logw)
        r = jnp.exp(terms - logsumexp(terms, axis=1, keepdims=True))
        nk = r.sum(0)
        mu = (r.T @ X) / nk[:, None]
        var = (r.T @ X**2) / nk[:, None] - mu**2 + 1e-6
        logw = jnp.log(nk / n)
        new_ll = logsumexp(loglik_terms(mu, var, logw), axis=1).mean()
        return mu, var, logw, new_ll, ll, it + 1

    init = (mu, var, logw, jnp.array(-jnp.inf), jnp.array(0.0), 0)
    return lax.while_loop(cond, body, init)


mu, var, logw, ll, _, it = jax.jit(em)(X, C)
o = jnp.argsort(mu[:, 0])
print("em means", mu[o].round(1))
print("em stds", jnp.sqrt(var[o]).round(1))
print("weights", jnp.exp(logw[o]).round(2), "loglik", ll.round(3))
print("agree with truth", jnp.allclose(mu[o], centers_true[jnp.argsort(centers_true[:, 0])], atol=0.5))
print(jax.eval_shape(em, X, C))
