# A top-k sparse autoencoder on synthetic "activations" (sparse combinations of ground-truth
# feature directions): encoder pre-activations, lax.top_k keeping k latents per example scattered
# back with .at[].set, tied-norm decoder columns renormalised after each step, dead-latent
# counts, explained variance, and recovery of the true features by max cosine similarity
import jax
import jax.numpy as jnp

D, F_TRUE, F, K, N = 16, 24, 48, 4, 2048
kf, kc, km, ki = jax.random.split(jax.random.key(0), 4)
true_dirs = jax.random.normal(kf, (F_TRUE, D))
true_dirs /= jnp.linalg.norm(true_dirs, axis=1, keepdims=True)
active = jax.random.bernoulli(km, 3 / F_TRUE, (N, F_TRUE))
coefs = jnp.where(active, jax.random.exponential(kc, (N, F_TRUE)), 0.0)
acts = coefs @ true_dirs
print(acts.shape, float(active.sum(1).mean()))


def init(key):
    k1, k2 = jax.random.split(key)
    W_dec = jax.random.normal(k1, (F, D))
    W_dec /= jnp.linalg.norm(W_dec, axis=1, keepdims=True)
    return {"W_enc": W_dec.T, "b_enc": jnp.zeros(F), "W_dec": W_dec, "b_dec": acts.mean(0)}


def encode(p, x):
    pre = (x - p["b_dec"]) @ p["W_enc"] + p["b_enc"]
    vals, idx = jax.lax.top_k(pre, K)
    z = jnp.zeros_like(pre).at[jnp.arange(x.shape[0])[:, None], idx].set(jax.nn.relu(vals))
    return z


def loss_fn(p, x):
    z = encode(p, x)
    recon = z @ p["W_dec"] + p["b_dec"]
    return jnp.mean(jnp.sum((recon - x) ** 2, -1)), z


@jax.jit
def step(p, m, v, t, x):
    (l, z), g = jax.value_and_grad(loss_fn, has_aux=True)(p, x)
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g**2, v, g)
    p = jax.tree.map(lambda p, m, v: p - 3e-3 * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), p, m, v)
    p["W_dec"] = p["W_dec"] / jnp.linalg.norm(p["W_dec"], axis=1, keepdims=True)
    return p, m, v, l, (z > 0).any(0)


p = init(ki)
m = jax.tree.map(jnp.zeros_like, p)
v = jax.tree.map(jnp.zeros_like, p)
fired = jnp.zeros(F, bool)
losses = []
for t in range(1, 401):
    batch = acts[(t * 256) % N : (t * 256) % N + 256]
    p, m, v, l, f = step(p, m, v, t, batch)
    fired |= f
    losses.append(float(l))
z = encode(p, acts)
recon = z @ p["W_dec"] + p["b_dec"]
ev = 1 - jnp.var(recon - acts) / jnp.var(acts)
print(losses[0], losses[-1] < losses[0] / 3, float(ev) > 0.7)
print(int((z > 0).sum(1).max()) <= K, int(F - fired.sum()) < F // 2)
cos = true_dirs @ p["W_dec"].T
print(cos.shape, float(jnp.mean(cos.max(1) > 0.8)) > 0.5)
print(bool(jnp.allclose(jnp.linalg.norm(p["W_dec"], axis=1), 1.0, atol=1e-5)))
