# examples/gaussian_process_regression.py and kernel_lsq.py style: fit hyperparameters by gradient descent
from functools import partial
import jax
from jax.example_libraries import optimizers
import jax.numpy as jnp
from jax import grad, jit, vmap
import jax.scipy as scipy


def main():
    numpts = 7
    key = jax.random.key(0)
    eye = jnp.eye(numpts)

    def cov_map(cov_func, xs, xs2=None):
        if xs2 is None:
            return vmap(lambda x: vmap(lambda y: cov_func(x, y))(xs))(xs)
        else:
            return vmap(lambda x: vmap(lambda y: cov_func(x, y))(xs))(xs2).T

    def softplus(x):
        return jnp.logaddexp(x, 0.)

    def exp_quadratic(x1, x2):
        return jnp.exp(-jnp.sum((x1 - x2) ** 2))

    def gp(params, x, y, xtest=None, compute_marginal_likelihood=False):
        noise = softplus(params['noise'])
        amp = softplus(params['amplitude'])
        ls = softplus(params['lengthscale'])
        ymean = jnp.mean(y)
        y = y - ymean
        x = x / ls
        train_cov = amp * cov_map(exp_quadratic, x) + eye * (noise + 1e-6)
        chol = scipy.linalg.cholesky(train_cov, lower=True)
        kinvy = scipy.linalg.solve_triangular(chol.T, scipy.linalg.solve_triangular(chol, y, lower=True))
        if compute_marginal_likelihood:
            log2pi = jnp.log(2. * 3.1415)
            ml = jnp.sum(-0.5 * jnp.dot(y.T, kinvy) - jnp.sum(jnp.log(jnp.diag(chol))) - (numpts / 2.) * log2pi)
            ml -= jnp.sum(-0.5 * jnp.log(2 * 3.1415) - jnp.log(amp) - 0.5 * jnp.log(amp) ** 2)
            return -ml
        if xtest is not None:
            xtest = xtest / ls
        cross_cov = amp * cov_map(exp_quadratic, x, xtest)
        mu = jnp.dot(cross_cov.T, kinvy) + ymean
        v = scipy.linalg.solve_triangular(chol, cross_cov, lower=True)
        var = (amp * cov_map(exp_quadratic, xtest) - jnp.dot(v.T, v))
        return mu, var

    marginal_likelihood = partial(gp, compute_marginal_likelihood=True)
    predict = partial(gp, compute_marginal_likelihood=False)
    grad_fun = jit(grad(marginal_likelihood))

    params = {"amplitude": jnp.zeros((1, 1)), "noise": jnp.zeros((1, 1)) - 5., "lengthscale": jnp.zeros((1, 1))}
    momentums = dict([(k, p * 0.) for k, p in params.items()])
    scales = dict([(k, p * 0. + 1.) for k, p in params.items()])
    lr = 0.01

    def train_step(params, momentums, scales, x, y):
        grads = grad_fun(params, x, y)
        for k in params:
            momentums[k] = 0.9 * momentums[k] + 0.1 * grads[k][0]
            scales[k] = 0.9 * scales[k] + 0.1 * grads[k][0] ** 2
            params[k] -= lr * momentums[k] / jnp.sqrt(scales[k] + 1e-5)
        return params, momentums, scales

    x = (jax.random.uniform(key, shape=(numpts, 1)) * 4.) + 1
    y = jnp.sin(x)
    for i in range(50):
        params, momentums, scales = train_step(params, momentums, scales, x, y)
        if i % 10 == 0:
            ml = marginal_likelihood(params, x, y)
            print(f"Step: {i}, neg marginal likelihood: {float(ml):.3f}")
    print({k: round(float(v[0, 0]), 3) for k, v in params.items()})
    xtest = jnp.linspace(0, 6., 5)[:, None]
    mu, var = predict(params, x, y, xtest)
    print(jnp.round(mu.ravel(), 2))
    print(jnp.round(jnp.diag(var), 3))


main()


# kernel_lsq: gram matrices and a kernel least-squares fit
def gram(kernel, xs):
    return vmap(lambda x: vmap(lambda y: kernel(x, y))(xs))(xs)


def minimize(f, x, num_steps=10000, step_size=0.000001, mass=0.9):
    opt_init, opt_update, get_params = optimizers.momentum(step_size, mass)

    @jit
    def update(i, opt_state):
        x = get_params(opt_state)
        return opt_update(i, grad(f)(x), opt_state)

    opt_state = opt_init(x)
    for i in range(num_steps):
        opt_state = update(i, opt_state)
    return get_params(opt_state)


def train(kernel, xs, ys, regularization=0.01):
    gram_ = jit(partial(gram, kernel))
    gram_mat = gram_(xs)
    n = xs.shape[0]

    def objective(v):
        risk = .5 * jnp.sum((jnp.dot(gram_mat, v) - ys) ** 2.)
        reg = regularization * jnp.sum(v ** 2.)
        return risk + reg

    v = minimize(objective, jnp.zeros(n), num_steps=300, step_size=0.001)

    def predict(x):
        prods = vmap(lambda x_: kernel(x, x_))(xs)
        return jnp.sum(v * prods)

    return jit(vmap(predict))


n, d = 20, 2
truth = jax.random.normal(jax.random.key(1), (d,))
xs = jax.random.normal(jax.random.key(2), (n, d))
ys = jnp.dot(xs, truth)
predict = train(jnp.dot, xs, ys)
print(jnp.round(jnp.mean((predict(xs) - ys) ** 2), 4))
