# examples/advi.py: automatic differentiation variational inference on a 2D "funnel"
# target: diagonal-Gaussian variational parameters, reparameterized samples by vmap over
# split keys, a batched ELBO with the Gaussian entropy, optimized with
# example_libraries.optimizers.adam, then samples and moments of the fitted posterior
import jax.numpy as jnp
import numpy as np
from jax import jit, random, value_and_grad, vmap
from jax.example_libraries import optimizers
from jax.scipy.stats import norm


def diag_gaussian_sample(rng, mean, log_std):
    return mean + jnp.exp(log_std) * random.normal(rng, mean.shape)


def diag_gaussian_logpdf(x, mean, log_std):
    return jnp.sum(vmap(norm.logpdf)(x, mean, jnp.exp(log_std)))


def elbo(logprob, rng, mean, log_std):
    sample = diag_gaussian_sample(rng, mean, log_std)
    return logprob(sample) - diag_gaussian_logpdf(sample, mean, log_std)


def batch_elbo(logprob, rng, params, num_samples):
    rngs = random.split(rng, num_samples)
    vectorized_elbo = vmap(elbo, in_axes=(None, 0, None, None))
    return jnp.mean(vectorized_elbo(logprob, rngs, *params))


def funnel_log_density(params):
    return norm.logpdf(params[0], 0, jnp.exp(params[1])) + norm.logpdf(params[1], 0, 1.35)


num_samples = 40


@jit
def objective(params, t):
    rng = random.PRNGKey(t)
    return -batch_elbo(funnel_log_density, rng, params, num_samples)


D = 2
init_mean = jnp.zeros(D)
init_std = jnp.zeros(D)
init_params = (init_mean, init_std)
opt_init, opt_update, get_params = optimizers.adam(step_size=0.1)
opt_state = opt_init(init_params)


@jit
def update(i, opt_state):
    params = get_params(opt_state)
    value, gradient = value_and_grad(objective)(params, i)
    return value, opt_update(i, gradient, opt_state)


trace = []
for t in range(120):
    value, opt_state = update(t, opt_state)
    trace.append(float(value))
    if t % 30 == 0:
        print(f"Iteration {t} lower bound {-value:.4f}")
mean, log_std = get_params(opt_state)
print(mean, jnp.exp(log_std))
print(np.mean(trace[:10]) > np.mean(trace[-10:]))

samples = vmap(diag_gaussian_sample, in_axes=(0, None, None))(random.split(random.PRNGKey(1), 500), mean, log_std)
print(samples.shape, samples.mean(0), samples.std(0))
lp = vmap(funnel_log_density)(samples)
print(lp.shape, jnp.isfinite(lp).all(), lp[:3])
x = jnp.linspace(-2, 2, 3)
X, Y = jnp.meshgrid(x, x)
XY = jnp.stack([X.ravel(), Y.ravel()]).T
zs = vmap(funnel_log_density)(XY).reshape(X.shape)
print(zs.round(4))
print(vmap(lambda s: diag_gaussian_logpdf(s, mean, log_std))(XY).reshape(X.shape).round(4))
