# "Autobatching for Bayesian inference" (vmapped log-probs): Bayesian logistic regression,
# batched log-joint with vmap, and a reparameterized ELBO optimized with hand-written SGD
import numpy as np
import jax
import jax.numpy as jnp
import jax.scipy as jsp
from jax import random

key = random.key(10003)
num_features = 5
num_points = 40
key, subkey = random.split(key)
true_beta = random.normal(subkey, shape=(num_features,))
all_x = random.normal(key, shape=(num_points, num_features))
key, subkey = random.split(key)
y = (all_x.dot(true_beta) > random.normal(subkey, (num_points,))).astype(jnp.float32)
print(y)


def log_joint(beta):
    result = 0.
    # Note that no `axis` parameter is provided to `jnp.sum`.
    result = result + jnp.sum(jsp.stats.norm.logpdf(beta, loc=0., scale=1.))
    result = result + jnp.sum(-jnp.log(1 + jnp.exp(-(2*y-1) * jnp.dot(all_x, beta))))
    return result


print(log_joint(random.normal(key, (num_features,))))

# This doesn't work, because we didn't write `log_prob()` to handle batching.
try:
    batch_size = 10
    batched_test_beta = random.normal(key, (batch_size, num_features))
    log_joint(random.normal(key, (batch_size, num_features)))
except ValueError as e:
    print("Caught expected exception " + str(e)[:50])
except TypeError as e:
    print("Caught expected exception")
    print(type(e).__name__)

vmap_batched_log_joint = jax.vmap(log_joint)
print(vmap_batched_log_joint(batched_test_beta))

batched_log_joint = jax.jit(jax.vmap(log_joint))
print(batched_log_joint(batched_test_beta))


def elbo(beta_loc, beta_log_scale, epsilon):
    beta_sample = beta_loc + jnp.exp(beta_log_scale) * epsilon
    return jnp.mean(batched_log_joint(beta_sample), 0) + jnp.sum(beta_log_scale - 0.5 * np.log(2*np.pi))


elbo = jax.jit(elbo)
elbo_val_and_grad = jax.jit(jax.value_and_grad(elbo, argnums=(0, 1)))


def normal_sample(key, shape):
    """Convenience function for quasi-stateful RNG."""
    new_key, sub_key = random.split(key)
    return new_key, random.normal(sub_key, shape)


normal_sample = jax.jit(normal_sample, static_argnums=(1,))

key = random.key(10003)
beta_loc = jnp.zeros(num_features, jnp.float32)
beta_log_scale = jnp.zeros(num_features, jnp.float32)
step_size = 0.01
batch_size = 32
epsilon_shape = (batch_size, num_features)
for i in range(60):
    key, epsilon = normal_sample(key, epsilon_shape)
    elbo_val, (beta_loc_grad, beta_log_scale_grad) = elbo_val_and_grad(
        beta_loc, beta_log_scale, epsilon)
    beta_loc += step_size * beta_loc_grad
    beta_log_scale += step_size * beta_log_scale_grad
    if i % 15 == 0:
        print('{}\t{}'.format(i, elbo_val))

print(true_beta)
print(beta_loc)
print(jnp.exp(beta_log_scale))
print(jnp.round(beta_loc - true_beta, 2))
