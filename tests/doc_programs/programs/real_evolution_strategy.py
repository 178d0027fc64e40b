# An OpenAI-style evolution strategy: a population of perturbations by random.normal, fitness
# of a small policy on a cart-like toy task rolled out by lax.scan, vmapped over the
# population, centered-rank fitness shaping, antithetic sampling, and a jitted generation
# step carried through lax.scan over generations with fold_in keys
import jax
import jax.numpy as jnp
from jax import lax, random

obs_dim, act_dim, hidden, horizon = 4, 1, 8, 30
pop, sigma, lr = 32, 0.1, 0.05


def unflatten(theta):
    w1 = theta[: obs_dim * hidden].reshape(obs_dim, hidden)
    w2 = theta[obs_dim * hidden :].reshape(hidden, act_dim)
    return w1, w2


n_params = obs_dim * hidden + hidden * act_dim
print("n_params", n_params)


def rollout(theta):
    w1, w2 = unflatten(theta)

    def step(s, _):
        a = jnp.tanh(jnp.tanh(s @ w1) @ w2)[0]
        x, v, ang, av = s
        av = av + 0.1 * (jnp.sin(ang) * 9.8 - a * 5.0 * jnp.cos(ang))
        ang = ang + 0.1 * av
        v = v + 0.1 * a
        x = x + 0.1 * v
        s = jnp.array([x, v, ang, av])
        reward = jnp.cos(ang) - 0.01 * x**2
        return s, reward

    _, rewards = lax.scan(step, jnp.array([0.0, 0.0, 0.1, 0.0]), None, length=horizon)
    return rewards.sum()


def centered_ranks(x):
    ranks = jnp.argsort(jnp.argsort(x)).astype(jnp.float32)
    return ranks / (x.size - 1) - 0.5


def generation(theta, key):
    eps = random.normal(key, (pop // 2, n_params))
    eps = jnp.concatenate([eps, -eps])
    fitness = jax.vmap(rollout)(theta + sigma * eps)
    shaped = centered_ranks(fitness)
    grad = shaped @ eps / (pop * sigma)
    return theta + lr * grad, (fitness.mean(), fitness.max())


theta0 = 0.1 * random.normal(random.key(0), (n_params,))
print("initial return", rollout(theta0))
print("ranks", centered_ranks(jnp.array([3.0, 1.0, 2.0, 5.0])))


@jax.jit
def evolve(theta, key):
    keys = jax.vmap(lambda i: random.fold_in(key, i))(jnp.arange(20))
    return lax.scan(generation, theta, keys)


theta, (means, maxes) = evolve(theta0, random.key(1))
print("mean fitness every 5", means[::5])
print("best", maxes.max(), "final return", rollout(theta))
print("improved", rollout(theta) > rollout(theta0))
fit = jax.vmap(rollout)(theta + sigma * random.normal(random.key(3), (4, n_params)))
print("population fitness", fit.shape, fit.dtype)
es_grad = generation(theta0, random.key(5))[0] - theta0
true_grad = jax.grad(rollout)(theta0)
cos = es_grad @ true_grad / (jnp.linalg.norm(es_grad) * jnp.linalg.norm(true_grad))
print("cosine to true gradient positive", cos > 0)
print(jax.make_jaxpr(generation)(theta0, random.key(2)).eqns[-1].primitive)
