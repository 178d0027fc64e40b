# Stein variational gradient descent: particles moved by a kernelized gradient of the log
# density (vmap(grad(logp))), an RBF kernel with the median-distance bandwidth (jnp.median),
# the kernel's gradient by jax.grad, on a 2-D Gaussian mixture and a Bayesian logistic model
import jax
import jax.numpy as jnp
from jax import random, vmap, grad
from jax.scipy.special import logsumexp
from jax.scipy.stats import multivariate_normal


def logp_mixture(x):
    comps = jnp.array([[-2.0, 0.0], [2.0, 0.0]])
    return logsumexp(vmap(lambda m: multivariate_normal.logpdf(x, m, 0.5 * jnp.eye(2)))(comps)) - jnp.log(2)


def rbf_kernel(X):
    d2 = jnp.sum((X[:, None] - X[None]) ** 2, -1)
    h = jnp.median(d2) / jnp.log(X.shape[0] + 1.0)
    return jnp.exp(-d2 / (h + 1e-8)), h


def svgd_step(X, logp, step=0.1):
    K, h = rbf_kernel(X)
    scores = vmap(grad(logp))(X)
    grad_k = vmap(lambda xi: vmap(lambda xj: grad(lambda a: jnp.exp(-jnp.sum((a - xi) ** 2) / (h + 1e-8)))(xj))(X))(X)
    phi = (K @ scores + grad_k.sum(0)) / X.shape[0]
    return X + step * phi


X = random.normal(random.key(0), (40, 2))
step = jax.jit(lambda X: svgd_step(X, logp_mixture))
for i in range(150):
    X = step(X)
print("left", jnp.sum(X[:, 0] < 0), "right", jnp.sum(X[:, 0] > 0))
print("mean |x|", jnp.round(jnp.mean(jnp.abs(X[:, 0])), 1))
K, h = rbf_kernel(X[:4])
print(K.shape, jnp.allclose(jnp.diag(K), 1.0), h > 0)

kd = random.key(1)
data_x = random.normal(kd, (50, 2))
w_true = jnp.array([1.5, -2.0])
data_y = (data_x @ w_true > 0).astype(jnp.float32)


def logp_logistic(w):
    logits = data_x @ w
    return jnp.sum(data_y * jax.nn.log_sigmoid(logits) + (1 - data_y) * jax.nn.log_sigmoid(-logits)) - 0.5 * jnp.sum(w ** 2)


W = random.normal(random.key(2), (20, 2))
lstep = jax.jit(lambda W: svgd_step(W, logp_logistic, 0.01))
for i in range(200):
    W = lstep(W)
acc = jnp.mean(((data_x @ W.mean(0)) > 0) == (data_y > 0))
print("accuracy", acc > 0.9, "sign", jnp.sign(W.mean(0)))
print(jnp.median(jnp.array([3., 1., 2., 8.])), jnp.median(jnp.arange(6.).reshape(2, 3), axis=1))
print(jnp.quantile(jnp.arange(10.), jnp.array([0.25, 0.5])), jnp.percentile(jnp.arange(5.), 50, method="lower"))
