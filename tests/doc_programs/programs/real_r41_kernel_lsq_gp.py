# examples/kernel_lsq.py and examples/gaussian_process_regression.py: a Gram matrix of a
# kernel by vmap of vmap, kernel least squares trained with gradient descent (minimize with
# a jitted update), the same solved by a linear system, then a GP with softplus-constrained
# hyperparameters, its marginal log-likelihood via cholesky / solve_triangular, optimized with
# momentum, and its predictive mean / variance
from functools import partial

import jax
import jax.numpy as jnp
import jax.scipy as scipy
import numpy as np
from jax import grad, jit, random, vmap
from jax.example_libraries import optimizers


def gram(kernel, xs):
    return vmap(lambda x: vmap(lambda y: kernel(x, y))(xs))(xs)


def minimize(f, x, num_steps=200):
    grad_f = grad(f)
    update = jit(lambda x: x - 0.1 * grad_f(x))
    for _ in range(num_steps):
        x = update(x)
    return x


def train(kernel, xs, ys, regularization=0.01):
    gram_ = jit(partial(gram, kernel))
    gram_mat = gram_(xs)
    n = xs.shape[0]

    def objective(v):
        risk = 0.5 * jnp.sum((jnp.dot(gram_mat, v) - ys) ** 2.0)
        reg = regularization * jnp.sum(v**2.0)
        return risk + reg

    v = minimize(objective, jnp.zeros(n))

    def predict(x):
        prods = vmap(lambda x_: kernel(x, x_))(xs)
        return jnp.sum(v * prods)

    return jit(vmap(predict)), v, gram_mat


n, d = 20, 3
rng = np.random.RandomState(0)
truth = rng.randn(d).astype(np.float32)
xs = rng.randn(n, d).astype(np.float32)
ys = jnp.dot(xs, truth)
linear_kernel = lambda x, y: jnp.dot(x, y)
predict, v, K = train(linear_kernel, xs, ys)
print(K.shape, jnp.allclose(K, xs @ xs.T, atol=1e-5))
print("MSE:", jnp.mean((predict(xs) - ys) ** 2))
print(predict(xs[:3]), ys[:3])
rbf = lambda x, y: jnp.exp(-0.5 * jnp.sum((x - y) ** 2))
predict_rbf, _, Krbf = train(rbf, xs, ys)
print(jnp.diag(Krbf)[:3], jnp.mean((predict_rbf(xs) - ys) ** 2) < 0.5)
exact = jnp.linalg.solve(K + 0.02 * jnp.eye(n), ys)
print(jnp.allclose(K @ exact, ys, atol=0.1))

numpts = 12
key = random.key(0)
eye = jnp.eye(numpts)


def cov_map(cov_func, xs, xs2=None):
    if xs2 is None:
        return vmap(lambda x: vmap(lambda y: cov_func(x, y))(xs))(xs)
    return vmap(lambda x: vmap(lambda y: cov_func(x, y))(xs))(xs2).T


def softplus(x):
    return jnp.logaddexp(x, 0.0)


def exp_quadratic(x1, x2):
    return jnp.exp(-jnp.sum((x1 - x2) ** 2))


def gp(params, x, y, xtest=None, compute_marginal_likelihood=False):
    noise = softplus(params["noise"])
    amp = softplus(params["amplitude"])
    ls = softplus(params["lengthscale"])
    ymean = jnp.mean(y)
    y = y - ymean
    x = x / ls
    train_cov = amp * cov_map(exp_quadratic, x) + eye * (noise + 1e-6)
    chol = scipy.linalg.cholesky(train_cov, lower=True)
    kinvy = scipy.linalg.solve_triangular(chol.T, scipy.linalg.solve_triangular(chol, y, lower=True))
    if compute_marginal_likelihood:
        log2pi = jnp.log(2.0 * 3.1415)
        ml = jnp.sum(-0.5 * jnp.dot(y.T, kinvy) - jnp.sum(jnp.log(jnp.diag(chol))) - (numpts / 2.0) * log2pi)
        ml -= jnp.sum(-0.5 * jnp.log(2 * 3.1415) - jnp.log(amp) - 0.5 * jnp.log(amp) ** 2)
        return -ml
    if xtest is not None:
        xtest = xtest / ls
    cross_cov = amp * cov_map(exp_quadratic, x, xtest)
    mu = jnp.dot(cross_cov.T, kinvy) + ymean
    v = scipy.linalg.solve_triangular(chol, cross_cov, lower=True)
    var = amp * cov_map(exp_quadratic, xtest) - jnp.dot(v.T, v)
    return mu, var


marginal_likelihood = partial(gp, compute_marginal_likelihood=True)
predict_gp = partial(gp, compute_marginal_likelihood=False)
grad_fun = jit(grad(marginal_likelihood))

params = {"amplitude": jnp.zeros((1, 1)), "noise": jnp.zeros((1, 1)) - 5.0, "lengthscale": jnp.zeros((1, 1))}
momentums = dict([(k, p * 0.0) for k, p in params.items()])
scales = dict([(k, p * 0.0 + 1.0) for k, p in params.items()])
lr = 0.01


def train_step(params, momentums, scales, x, y):
    grads = grad_fun(params, x, y)
    for k in params:
        momentums[k] = 0.9 * momentums[k] + 0.1 * grads[k][0]
        scales[k] = 0.9 * scales[k] + 0.1 * grads[k][0] ** 2
        params[k] -= lr * momentums[k] / jnp.sqrt(scales[k] + 1e-5)
    return params, momentums, scales


x = (random.uniform(key, shape=(numpts, 1)) * 4.0) + 1
y = jnp.sin(x[:, 0]) + 0.1 * random.normal(random.fold_in(key, 1), (numpts,))
print(marginal_likelihood(params, x, y))
for i in range(60):
    params, momentums, scales = train_step(params, momentums, scales, x, y)
    if i % 20 == 0:
        print(i, marginal_likelihood(params, x, y))
print({k: softplus(v).ravel() for k, v in params.items()})
xtest = jnp.linspace(0, 6.0, 5)[:, None]
mu, var = predict_gp(params, x, y, xtest)
print(mu.round(3), jnp.diag(var).round(4))
print(jnp.all(jnp.diag(var) >= -1e-4))
