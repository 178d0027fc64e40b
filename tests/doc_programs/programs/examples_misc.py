# examples/: differentially_private_sgd, kernel_lsq, gaussian_process_regression, advi (small)
from functools import partial
import itertools
import numpy as np
import numpy.random as npr
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap, random
from jax import lax
from jax.example_libraries import optimizers, stax
from jax.example_libraries.stax import Dense, Tanh, LogSoftmax
import jax.scipy as scipy
from jax.scipy.stats import norm

# ---- differentially private SGD
init_random_params, predict = stax.serial(Dense(16), Tanh, Dense(10), LogSoftmax)


def loss(params, batch):
    inputs, targets = batch
    logits = predict(params, inputs)
    logits = stax.logsoftmax(logits)
    return -jnp.mean(jnp.sum(logits * targets, axis=1))


def clipped_grad(params, l2_norm_clip, single_example_batch):
    grads = grad(loss)(params, single_example_batch)
    nonempty_grads, tree_def = jax.tree.flatten(grads)
    total_grad_norm = jnp.linalg.norm(jnp.array([jnp.linalg.norm(neg.ravel()) for neg in nonempty_grads]))
    divisor = jnp.maximum(total_grad_norm / l2_norm_clip, 1.)
    normalized_nonempty_grads = [g / divisor for g in nonempty_grads]
    return jax.tree.unflatten(tree_def, normalized_nonempty_grads)


def private_grad(params, batch, rng, l2_norm_clip, noise_multiplier, batch_size):
    clipped_grads = vmap(clipped_grad, (None, None, 0))(params, l2_norm_clip, batch)
    clipped_grads_flat, grads_treedef = jax.tree.flatten(clipped_grads)
    aggregated_clipped_grads = [g.sum(0) for g in clipped_grads_flat]
    rngs = random.split(rng, len(aggregated_clipped_grads))
    noised_aggregated_clipped_grads = [
        g + l2_norm_clip * noise_multiplier * random.normal(r, g.shape)
        for r, g in zip(rngs, aggregated_clipped_grads)]
    normalized_noised_aggregated_clipped_grads = [
        g / batch_size for g in noised_aggregated_clipped_grads]
    return jax.tree.unflatten(grads_treedef, normalized_noised_aggregated_clipped_grads)


def shape_as_image(images, labels, dummy_dim=False):
    target_shape = (-1, 1, 8) if dummy_dim else (-1, 8)
    return jnp.reshape(images, target_shape), labels


r = np.random.RandomState(0)
X = r.normal(size=(64, 8)).astype(np.float32)
Y = np.eye(10, dtype=np.float32)[r.randint(0, 10, 64)]
key = random.key(0)
opt_init, opt_update, get_params = optimizers.sgd(0.1)


@jit
def private_update(rng, i, opt_state, batch):
    params = get_params(opt_state)
    rng = random.fold_in(rng, i)
    return opt_update(i, private_grad(params, batch, rng, 1.0, 1.1, 16), opt_state)


_, init_params = init_random_params(key, (-1, 8))
opt_state = opt_init(init_params)
itercount = itertools.count()
for i in range(4):
    batch = shape_as_image(X[i * 16:(i + 1) * 16], Y[i * 16:(i + 1) * 16], dummy_dim=True)
    opt_state = private_update(key, next(itercount), opt_state, batch)
params = get_params(opt_state)
print(f"dp loss {float(loss(params, (X, Y))):.3f}")

# ---- kernel least squares
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

    v = minimize(objective, jnp.zeros(n), num_steps=40, step_size=1e-3)

    def predict(x):
        prods = vmap(lambda x_: kernel(x, x_))(xs)
        return jnp.sum(v * prods)

    return jit(vmap(predict))


n = 20
d = 3
rng = random.key(0)
truth = random.normal(rng, (d,))
xs = random.normal(rng, (n, d))
ys = jnp.dot(xs, truth)
predict_fn = train(jnp.dot, xs, ys)
print('MSE:', f"{float(jnp.sum((predict_fn(xs) - ys) ** 2.)):.4f}")

# ---- Gaussian process regression
def main_gp(params):
    numpts = 7
    key = random.key(0)
    eye = jnp.eye(numpts)

    def cov_map(cov_func, xs, xs2=None):
        if xs2 is None:
            return vmap(lambda x: vmap(lambda y: cov_func(x, y))(xs))(xs)
        else:
            return vmap(lambda x: vmap(lambda y: cov_func(x, y))(xs))(xs2).T

    def softplus(x):
        return jnp.logaddexp(x, 0.)

    def exp_quadratic(x1, x2):
        return jnp.exp(-jnp.sum((x1 - x2)**2))

    def gp(params, x, y, xtest=None, compute_marginal_likelihood=False):
        noise = softplus(params['noise'])
        amp = softplus(params['amplitude'])
        ls = softplus(params['lengthscale'])
        ymean = jnp.mean(y)
        y = y - ymean
        x = x / ls
        train_cov = amp*cov_map(exp_quadratic, x) + eye * (noise + 1e-6)
        chol = scipy.linalg.cholesky(train_cov, lower=True)
        kinvy = scipy.linalg.solve_triangular(
            chol.T, scipy.linalg.solve_triangular(chol, y, lower=True))
        if compute_marginal_likelihood:
            log2pi = jnp.log(2. * 3.1415)
            ml = jnp.sum(
                -0.5 * jnp.dot(y.T, kinvy) -
                jnp.sum(jnp.log(jnp.diag(chol))) -
                (numpts / 2.) * log2pi)
            ml -= jnp.sum(-0.5 * jnp.log(2 * 3.1415) - jnp.log(amp) - jnp.log(amp)**2)
            return -ml

        if xtest is not None:
            xtest = xtest / ls
        cross_cov = amp*cov_map(exp_quadratic, x, xtest)
        mu = jnp.dot(cross_cov.T, kinvy) + ymean
        v = scipy.linalg.solve_triangular(chol, cross_cov, lower=True)
        var = (amp * cov_map(exp_quadratic, xtest) - jnp.dot(v.T, v))
        return mu, var

    marginal_likelihood = partial(gp, compute_marginal_likelihood=True)
    predict = partial(gp, compute_marginal_likelihood=False)
    grad_fun = jit(grad(marginal_likelihood))

    momentums = dict([(k, p * 0.) for k, p in params.items()])
    scales = dict([(k, p * 0. + 1.) for k, p in params.items()])
    lr = 0.01

    def train_step(params, momentums, scales, x, y):
        grads = grad_fun(params, x, y)
        for k in params:
            momentums[k] = 0.9 * momentums[k] + 0.1 * grads[k][0]
            scales[k] = 0.9 * scales[k] + 0.1 * grads[k][0]**2
            params[k] -= lr * momentums[k]/jnp.sqrt(scales[k] + 1e-5)
        return params, momentums, scales

    x = (random.uniform(key, shape=(numpts, 1)) * 4.) + 1
    y = jnp.sin(x[:, 0])
    for i in range(8):
        params_, momentums_, scales_ = train_step(params, momentums, scales, x, y)
        params, momentums, scales = params_, momentums_, scales_
    print(f"gp ml {float(marginal_likelihood(params, x, y)):.3f}")
    xtest = jnp.linspace(0, 6., 5)[:, None]
    mu, var = predict(params, x, y, xtest)
    print(mu.shape, var.shape)
    print(jnp.round(mu, 2))


params = {"amplitude": jnp.zeros((1, 1)), "noise": jnp.zeros((1, 1)) - 5., "lengthscale": jnp.zeros((1, 1))}
main_gp(params)

# ---- ADVI
def diag_gaussian_sample(rng, mean, log_std):
    return mean + jnp.exp(log_std) * random.normal(rng, mean.shape)


def diag_gaussian_logpdf(x, mean, log_std):
    return jnp.sum(vmap(norm.logpdf)(x, mean, jnp.exp(log_std)))


def elbo(logprob, rng, mean, log_std):
    sample = diag_gaussian_sample(rng, mean, log_std)
    return logprob(sample) - diag_gaussian_logpdf(sample, mean, log_std)


def batch_elbo(logprob, rng, params, num_samples):
    rngs = random.split(rng, num_samples)
    vectorized_elbo = vmap(partial(elbo, logprob), in_axes=(0, None, None))
    return jnp.mean(vectorized_elbo(rngs, *params))


def funnel_log_density(params):
    return norm.logpdf(params[0], 0, jnp.exp(params[1])) + \
        norm.logpdf(params[1], 0, 1.35)


num_samples = 20


@jit
def objective(params, t):
    rng = random.key(t)
    return -batch_elbo(funnel_log_density, rng, params, num_samples)


init_mean = jnp.zeros(2)
init_std = jnp.zeros(2)
init_params = (init_mean, init_std)
opt_init, opt_update, get_params = optimizers.momentum(step_size=0.1, mass=0.9)
opt_state = opt_init(init_params)


@jit
def update(i, opt_state):
    params = get_params(opt_state)
    gradient = grad(objective)(params, i)
    return opt_update(i, gradient, opt_state)


for t in range(10):
    opt_state = update(t, opt_state)
params = get_params(opt_state)
print(f"advi elbo {float(-objective(params, 0)):.3f}")
print(jnp.round(params[0], 3), jnp.round(params[1], 3))
