# examples/kernel_lsq.py's gram matrix by nested vmap and a kernel least squares fit by
# gradient descent, then GP regression (Cholesky, cho_solve, marginal likelihood and its
# gradient in the log-hyperparameters), and a random-walk Metropolis sampler of the GP's
# hyperparameter posterior by lax.scan, four chains by vmap
from functools import partial

import jax
import jax.numpy as jnp
import jax.scipy as jsp
from jax import grad, jit, lax, random, vmap


def gram(kernel, xs):
    return vmap(lambda x: vmap(lambda y: kernel(x, y))(xs))(xs)


def minimize(f, x, num_steps=2000, step_size=0.01):
    g = jit(grad(f))
    for _ in range(num_steps):
        x = x - step_size * g(x)
    return x


def train(kernel, xs, ys, regularization=0.01):
    gram_ = jit(partial(gram, kernel))
    gram_mat = gram_(xs)
    n = xs.shape[0]

    def objective(v):
        risk = 0.5 * jnp.sum((jnp.dot(gram_mat, v) - ys) ** 2.0)
        reg = regularization * jnp.sum(v ** 2.0)
        return risk + reg

    v = minimize(objective, jnp.zeros(n), num_steps=300, step_size=0.005)

    def predict(x):
        prods = vmap(lambda x_: kernel(x, x_))(xs)
        return jnp.sum(v * prods)

    return jit(vmap(predict))


n, d = 40, 2
key = random.key(0)
kx, kn = random.split(key)
xs = random.normal(kx, (n, d))
truth = lambda x: jnp.sin(x[..., 0]) + 0.5 * x[..., 1]
ys = truth(xs)
predict = train(jnp.dot, xs, ys)
print("MSE (linear kernel):", jnp.mean((predict(xs) - ys) ** 2))
rbf = lambda x, y: jnp.exp(-0.5 * jnp.sum((x - y) ** 2))
predict_rbf = train(rbf, xs, ys)
print("MSE (rbf kernel):", jnp.mean((predict_rbf(xs) - ys) ** 2))
print(gram(rbf, xs[:3]))


def cov(params, x, y):
    amp, ls = jnp.exp(params["log_amp"]), jnp.exp(params["log_ls"])
    return amp * jnp.exp(-0.5 * jnp.sum((x - y) ** 2) / ls ** 2)


def neg_mll(params, x, y):
    K = vmap(lambda a: vmap(lambda b: cov(params, a, b))(x))(x) + (jnp.exp(params["log_noise"]) + 1e-6) * jnp.eye(x.shape[0])
    L = jnp.linalg.cholesky(K)
    alpha = jsp.linalg.cho_solve((L, True), y)
    return 0.5 * y @ alpha + jnp.sum(jnp.log(jnp.diag(L))) + 0.5 * x.shape[0] * jnp.log(2 * jnp.pi)


y_noisy = ys + 0.1 * random.normal(kn, ys.shape)
params = {"log_amp": 0.0, "log_ls": 0.0, "log_noise": -2.0}
params = jax.tree.map(jnp.asarray, params)
print(neg_mll(params, xs, y_noisy))
g = jit(grad(neg_mll))(params, xs, y_noisy)
print(jax.tree.map(lambda v: v.round(3), g))
for _ in range(50):
    g = jit(grad(neg_mll))(params, xs, y_noisy)
    params = jax.tree.map(lambda p, gg: p - 0.01 * gg, params, g)
print(neg_mll(params, xs, y_noisy))


def log_post(theta):
    p = {"log_amp": theta[0], "log_ls": theta[1], "log_noise": theta[2]}
    prior = -0.5 * jnp.sum(theta ** 2)
    return -neg_mll(p, xs, y_noisy) + prior


@partial(jit, static_argnums=2)
def rwmh(key, theta0, n_steps, scale=0.1):
    def step(carry, k):
        theta, lp = carry
        k1, k2 = random.split(k)
        prop = theta + scale * random.normal(k1, theta.shape)
        lp_prop = log_post(prop)
        accept = jnp.log(random.uniform(k2)) < lp_prop - lp
        theta = jnp.where(accept, prop, theta)
        lp = jnp.where(accept, lp_prop, lp)
        return (theta, lp), (theta, accept)

    (_, _), (trace, accepts) = lax.scan(step, (theta0, log_post(theta0)), random.split(key, n_steps))
    return trace, accepts.mean()


theta0 = jnp.array([0.0, 0.0, -2.0])
trace, rate = rwmh(random.key(1), theta0, 200)
print(trace.shape, rate)
chains, rates = vmap(rwmh, in_axes=(0, None, None))(random.split(random.key(2), 4), theta0, 200)
print(chains.shape, rates.shape, bool(jnp.all((rates > 0) & (rates < 1))))
print(jnp.isfinite(chains[:, 100:].mean(axis=(0, 1))).all())
