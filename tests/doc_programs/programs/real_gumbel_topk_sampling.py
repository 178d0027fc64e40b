# Weighted sampling without replacement by the Gumbel-top-k trick, checked against sequential
# sampling with jax.random.choice(replace=False, p=...): inclusion frequencies over many keys by
# vmap, stochastic beam-style sampling of sequences, reservoir sampling of a stream in lax.scan
# (Algorithm R), inverse-transform sampling with searchsorted over a CDF, and the alias method
# built on the host with NumPy and sampled in jit
import jax
import jax.numpy as jnp
import numpy as np

w = jnp.array([5.0, 1.0, 1.0, 2.0, 8.0, 3.0])
p = w / w.sum()
K = 3


def gumbel_topk(key, logits, k):
    g = jax.random.gumbel(key, logits.shape)
    return jax.lax.top_k(logits + g, k)[1]


keys = jax.random.split(jax.random.key(0), 20000)
samples = jax.jit(jax.vmap(lambda k: gumbel_topk(k, jnp.log(p), K)))(keys)
incl = jnp.zeros(6).at[samples.reshape(-1)].add(1) / keys.shape[0]
seq = jax.jit(jax.vmap(lambda k: jax.random.choice(k, 6, (K,), replace=False, p=p)))(keys)
incl_seq = jnp.zeros(6).at[seq.reshape(-1)].add(1) / keys.shape[0]
print(samples.shape, samples.dtype, bool(jnp.all(jnp.sort(samples, 1)[:, 1:] != jnp.sort(samples, 1)[:, :-1])))
print(float(jnp.abs(incl - incl_seq).max()) < 0.02, float(incl.sum()))
first = jnp.bincount(samples[:, 0], length=6) / keys.shape[0]
print(float(jnp.abs(first - p).max()) < 0.02)


def reservoir(key, stream, k):
    def step(carry, inp):
        res, key = carry
        i, x = inp
        key, sub = jax.random.split(key)
        j = jax.random.randint(sub, (), 0, i + 1)
        res = jnp.where(i < k, res.at[jnp.minimum(i, k - 1)].set(x), jnp.where(j < k, res.at[jnp.minimum(j, k - 1)].set(x), res))
        return (res, key), None

    (res, _), _ = jax.lax.scan(step, (jnp.full(k, -1), key), (jnp.arange(stream.shape[0]), stream))
    return res


res = jax.vmap(lambda k: reservoir(k, jnp.arange(20), 5))(jax.random.split(jax.random.key(1), 4000))
freq = jnp.bincount(res.reshape(-1), length=20) / 4000
print(res.shape, float(jnp.abs(freq - 0.25).max()) < 0.05, bool(jnp.all(res >= 0)))


def inverse_transform(key, probs, n):
    cdf = jnp.cumsum(probs)
    u = jax.random.uniform(key, (n,)) * cdf[-1]
    return jnp.searchsorted(cdf, u, side="right")


draws = jax.jit(inverse_transform, static_argnums=2)(jax.random.key(2), p, 50000)
print(float(jnp.abs(jnp.bincount(draws, length=6) / 50000 - p).max()) < 0.01, draws.dtype)


def build_alias(probs):
    n = len(probs)
    prob, alias = np.zeros(n), np.zeros(n, np.int32)
    scaled = np.asarray(probs, np.float64) * n
    small = [i for i in range(n) if scaled[i] < 1]
    large = [i for i in range(n) if scaled[i] >= 1]
    while small and large:
        s, l_ = small.pop(), large.pop()
        prob[s], alias[s] = scaled[s], l_
        scaled[l_] -= 1 - scaled[s]
        (small if scaled[l_] < 1 else large).append(l_)
    for i in small + large:
        prob[i] = 1.0
    return jnp.asarray(prob, jnp.float32), jnp.asarray(alias)


prob_t, alias_t = build_alias(p)


@jax.jit
def alias_sample(key, n=50000):
    k1, k2 = jax.random.split(key)
    i = jax.random.randint(k1, (n,), 0, 6)
    return jnp.where(jax.random.uniform(k2, (n,)) < prob_t[i], i, alias_t[i])


a = alias_sample(jax.random.key(3))
print(float(jnp.abs(jnp.bincount(a, length=6) / 50000 - p).max()) < 0.01, prob_t)
