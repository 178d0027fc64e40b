# A tiny GAN trained by hand: generator and discriminator MLPs with separate parameter trees,
# alternating updates with their own Adam states, stop_gradient on the fake samples for the
# discriminator step, non-saturating losses with log_sigmoid, keys split per step, a jitted
# training loop with lax.fori_loop over steps
import jax
import jax.numpy as jnp
from jax import random


def mlp_init(key, sizes, scale=0.3):
    keys = random.split(key, len(sizes) - 1)
    return [(random.normal(k, (m, n)) * scale, jnp.zeros(n)) for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def mlp(params, x):
    for w, b in params[:-1]:
        x = jax.nn.leaky_relu(x @ w + b, 0.2)
    w, b = params[-1]
    return x @ w + b


def real_samples(key, n):
    return random.normal(key, (n, 1)) * 0.5 + 2.0


def d_loss(d_params, g_params, key, n=64):
    k_real, k_z = random.split(key)
    fake = jax.lax.stop_gradient(mlp(g_params, random.normal(k_z, (n, 2))))
    real_logits = mlp(d_params, real_samples(k_real, n))
    fake_logits = mlp(d_params, fake)
    return -jnp.mean(jax.nn.log_sigmoid(real_logits)) - jnp.mean(jax.nn.log_sigmoid(-fake_logits))


def g_loss(g_params, d_params, key, n=64):
    fake = mlp(g_params, random.normal(key, (n, 2)))
    return -jnp.mean(jax.nn.log_sigmoid(mlp(d_params, fake)))


def adam_init(params):
    return (jax.tree.map(jnp.zeros_like, params), jax.tree.map(jnp.zeros_like, params), 0)


def adam_step(params, grads, state, lr=0.01, b1=0.5, b2=0.999):
    m, v, t = state
    t = t + 1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, m, grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g ** 2, v, grads)
    params = jax.tree.map(lambda p, m, v: p - lr * (m / (1 - b1 ** t)) / (jnp.sqrt(v / (1 - b2 ** t)) + 1e-8),
                          params, m, v)
    return params, (m, v, t)


def train_step(i, carry):
    g_params, d_params, g_state, d_state, key, log = carry
    key, k_d, k_g = random.split(key, 3)
    dl, d_grads = jax.value_and_grad(d_loss)(d_params, g_params, k_d)
    d_params, d_state = adam_step(d_params, d_grads, d_state)
    gl, g_grads = jax.value_and_grad(g_loss)(g_params, d_params, k_g)
    g_params, g_state = adam_step(g_params, g_grads, g_state)
    log = log.at[i].set(jnp.stack([dl, gl]))
    return g_params, d_params, g_state, d_state, key, log


key = random.key(0)
k_g, k_d, k_train = random.split(key, 3)
g_params = mlp_init(k_g, [2, 16, 1])
d_params = mlp_init(k_d, [1, 16, 1])
print(jax.tree.map(jnp.shape, g_params), jax.tree.map(jnp.shape, d_params))
zero_grads = jax.grad(d_loss, argnums=1)(d_params, g_params, k_train)
print(all(float(jnp.abs(g).max()) == 0. for g in jax.tree.leaves(zero_grads)))
steps = 300
carry = (g_params, d_params, adam_init(g_params), adam_init(d_params), k_train, jnp.zeros((steps, 2)))
carry = jax.jit(lambda c: jax.lax.fori_loop(0, steps, train_step, c))(carry)
g_params, d_params, g_state, d_state, _, log = carry
print(int(g_state[2]), int(d_state[2]), log.shape)
samples = mlp(g_params, random.normal(random.key(1), (2000, 2)))
print(bool(jnp.abs(samples.mean() - 2.0) < 0.5), bool(jnp.all(jnp.isfinite(log))))
print(jnp.round(jax.nn.sigmoid(mlp(d_params, jnp.array([[2.0], [-3.0]]))).ravel() > 0.5, 3))
