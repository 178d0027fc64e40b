# Grouped-query attention decoding with a sliding-window ring-buffer KV cache: K/V heads shared by
# groups of query heads, the cache written at position % WINDOW by dynamic_update_slice, masks
# built from the absolute positions stored alongside, several layers' caches stacked and scanned
# over, greedy decoding in a fori_loop checked token by token against full recomputation
from functools import partial

import jax
import jax.numpy as jnp

V, E, HQ, HKV, D, LAYERS, WINDOW = 13, 16, 4, 2, 8, 2, 6
G = HQ // HKV


def init(key):
    ks = jax.random.split(key, 6)
    n = lambda k, s: jax.random.normal(k, s) / jnp.sqrt(s[-2])
    return {"emb": jax.random.normal(ks[0], (V, E)),
            "layers": {"wq": n(ks[1], (LAYERS, E, HQ * D)), "wk": n(ks[2], (LAYERS, E, HKV * D)),
                       "wv": n(ks[3], (LAYERS, E, HKV * D)), "wo": n(ks[4], (LAYERS, HQ * D, E))},
            "out": n(ks[5], (E, V))}


def attend(q, k, v, mask):
    q = q.reshape(q.shape[0], HKV, G, D)
    s = jnp.einsum("thgd,shd->hgts", q, k) / jnp.sqrt(D)
    s = jnp.where(mask[None, None], s, -1e30)
    w = jax.nn.softmax(s, -1)
    return jnp.einsum("hgts,shd->thgd", w, v).reshape(q.shape[0], HQ * D)


def full_forward(p, tokens):
    T = tokens.shape[0]
    x = p["emb"][tokens]
    i, j = jnp.arange(T)[:, None], jnp.arange(T)[None]
    mask = (j <= i) & (i - j < WINDOW)

    def layer(x, w):
        q = x @ w["wq"]
        k = (x @ w["wk"]).reshape(T, HKV, D)
        v = (x @ w["wv"]).reshape(T, HKV, D)
        return x + attend(q, k, v, mask) @ w["wo"], None

    x, _ = jax.lax.scan(layer, x, p["layers"])
    return x @ p["out"]


def decode_step(p, cache, token, pos):
    x = p["emb"][token][None]
    slot = pos % WINDOW
    positions = jax.lax.dynamic_update_slice(cache["pos"], pos[None], (slot,))
    mask = ((positions <= pos) & (pos - positions < WINDOW) & (positions >= 0))[None]

    def layer(x, inp):
        w, kc, vc = inp
        q = x @ w["wq"]
        kc = jax.lax.dynamic_update_slice(kc, (x @ w["wk"]).reshape(1, HKV, D), (slot, 0, 0))
        vc = jax.lax.dynamic_update_slice(vc, (x @ w["wv"]).reshape(1, HKV, D), (slot, 0, 0))
        return x + attend(q, kc, vc, mask) @ w["wo"], (kc, vc)

    x, (k, v) = jax.lax.scan(layer, x, (p["layers"], cache["k"], cache["v"]))
    return (x @ p["out"])[0], {"k": k, "v": v, "pos": positions}


@partial(jax.jit, static_argnums=2)
def generate(p, prompt_token, n):
    cache = {"k": jnp.zeros((LAYERS, WINDOW, HKV, D)), "v": jnp.zeros((LAYERS, WINDOW, HKV, D)),
             "pos": jnp.full((WINDOW,), -1)}
    out = jnp.zeros(n + 1, jnp.int32).at[0].set(prompt_token)

    def body(i, s):
        out, cache, logits_buf = s
        logits, cache = decode_step(p, cache, out[i], i)
        out = out.at[i + 1].set(jnp.argmax(logits).astype(jnp.int32))
        return out, cache, logits_buf.at[i].set(logits)

    return jax.lax.fori_loop(0, n, body, (out, cache, jnp.zeros((n, V))))


p = init(jax.random.key(0))
tokens, cache, logits = generate(p, 3, 12)
print(tokens, tokens.dtype)
print("cache", cache["k"].shape, cache["pos"])
ref = full_forward(p, tokens[:-1])
print("matches full recomputation", float(jnp.max(jnp.abs(ref - logits))) < 1e-4)
print("greedy consistent", bool(jnp.array_equal(jnp.argmax(ref, -1), tokens[1:])))
print(jnp.round(logits[-1, :5], 4))
print(jax.tree.map(jnp.shape, p["layers"]))
