# Autoregressive decoding with a key / value cache: a one-layer attention model whose cache is
# updated by lax.dynamic_update_slice at the current position inside lax.scan, greedy and
# sampled decoding with categorical and temperature, masked attention over the filled prefix,
# compared with recomputing the full causal attention each step
import jax
import jax.numpy as jnp
from jax import lax, random

V, D, T = 13, 8, 10
k1, k2, k3, k4 = random.split(random.key(0), 4)
params = {"emb": random.normal(k1, (V, D)), "wq": random.normal(k2, (D, D)) / 3,
          "wk": random.normal(k3, (D, D)) / 3, "wv": random.normal(k4, (D, D)) / 3}


def attend(q, k, v, mask):
    s = (k @ q) / jnp.sqrt(D)
    s = jnp.where(mask, s, -jnp.inf)
    return jax.nn.softmax(s) @ v


def step(carry, _, temperature=0.0):
    cache_k, cache_v, tok, pos, key = carry
    x = params["emb"][tok]
    q, k, v = x @ params["wq"], x @ params["wk"], x @ params["wv"]
    cache_k = lax.dynamic_update_slice(cache_k, k[None], (pos, 0))
    cache_v = lax.dynamic_update_slice(cache_v, v[None], (pos, 0))
    h = attend(q, cache_k, cache_v, jnp.arange(T) <= pos) - x
    logits = h @ params["emb"].T
    key, sub = random.split(key)
    if temperature:
        nxt = random.categorical(sub, logits / temperature)
    else:
        nxt = jnp.argmax(logits)
    return (cache_k, cache_v, nxt, pos + 1, key), nxt


def decode(first, temperature=0.0):
    init = (jnp.zeros((T, D)), jnp.zeros((T, D)), first, 0, random.key(1))
    return lax.scan(lambda c, x: step(c, x, temperature), init, None, length=T)


(ck, cv, last, pos, _), greedy = jax.jit(decode)(jnp.int32(3))
print(greedy, pos, ck.shape, bool(jnp.all(ck[-1] != 0)))
_, sampled = jax.jit(lambda t: decode(t, temperature=1.5))(jnp.int32(3))
print(sampled.shape, sampled.dtype, bool(jnp.all((sampled >= 0) & (sampled < V))))


def full_recompute(tokens):
    x = params["emb"][tokens]
    q, k, v = x @ params["wq"], x @ params["wk"], x @ params["wv"]
    mask = jnp.tril(jnp.ones((len(tokens), len(tokens)), bool))
    h = jax.vmap(attend, in_axes=(0, None, None, 0))(q, k, v, mask) - x
    return jnp.argmax(h @ params["emb"].T, axis=-1)


tokens = jnp.concatenate([jnp.array([3]), greedy[:-1]])
print(bool(jnp.all(full_recompute(tokens) == greedy)))
print(jax.vmap(lambda t: decode(t)[1])(jnp.array([0, 5, 12])).shape)
