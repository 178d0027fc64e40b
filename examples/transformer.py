"""A pre-norm transformer block (multi-head self-attention, layer norm, GELU MLP) written with
meshjit.numpy / meshjit.nn, its parameters, input, shardings and a NumPy reference."""

from __future__ import annotations

import numpy as np

import meshjit.numpy as jnp
from meshjit import nn
from meshjit.sharding import P

SIZES = {"batch": 8, "seq": 16, "d_model": 32, "heads": 4, "d_head": 8, "d_ff": 64}

# Heads and the MLP's hidden units split over "model" (Megatron style), the batch over "data".
PARAM_SPECS = {
    "ln1_scale": P(),
    "ln1_bias": P(),
    "wq": P(None, "model", None),
    "wk": P(None, "model", None),
    "wv": P(None, "model", None),
    "wo": P("model", None, None),
    "ln2_scale": P(),
    "ln2_bias": P(),
    "w1": P(None, "model"),
    "b1": P("model"),
    "w2": P("model", None),
    "b2": P(),
}
INPUT_SPECS = (P("data", None, None),)


def init_params(sizes=SIZES, seed=0) -> dict:
    rng = np.random.default_rng(seed)
    d, h, k, f = sizes["d_model"], sizes["heads"], sizes["d_head"], sizes["d_ff"]

    def normal(*shape, scale=1.0):
        return (scale * rng.standard_normal(shape)).astype(np.float32)

    return {
        "ln1_scale": 1.0 + normal(d, scale=0.1),
        "ln1_bias": normal(d, scale=0.1),
        "wq": normal(d, h, k, scale=d**-0.5),
        "wk": normal(d, h, k, scale=d**-0.5),
        "wv": normal(d, h, k, scale=d**-0.5),
        "wo": normal(h, k, d, scale=(h * k) ** -0.5),
        "ln2_scale": 1.0 + normal(d, scale=0.1),
        "ln2_bias": normal(d, scale=0.1),
        "w1": normal(d, f, scale=d**-0.5),
        "b1": normal(f, scale=0.1),
        "w2": normal(f, d, scale=f**-0.5),
        "b2": normal(d, scale=0.1),
    }


def make_inputs(sizes=SIZES, seed=1) -> tuple:
    shape = (sizes["batch"], sizes["seq"], sizes["d_model"])
    return (np.random.default_rng(seed).standard_normal(shape).astype(np.float32),)


def layer_norm(x, scale, bias, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + eps) * scale + bias


def attention(params, x):
    q = jnp.einsum("bsd,dhk->bshk", x, params["wq"])
    k = jnp.einsum("bsd,dhk->bshk", x, params["wk"])
    v = jnp.einsum("bsd,dhk->bshk", x, params["wv"])
    scores = jnp.einsum("bqhk,bshk->bhqs", q, k) / np.sqrt(q.shape[-1]).astype(np.float32)
    weights = nn.softmax(scores, axis=-1)
    mixed = jnp.einsum("bhqs,bshk->bqhk", weights, v)
    return jnp.einsum("bqhk,hkd->bqd", mixed, params["wo"])


def forward(params: dict, x):
    x = x + attention(params, layer_norm(x, params["ln1_scale"], params["ln1_bias"]))
    h = layer_norm(x, params["ln2_scale"], params["ln2_bias"])
    h = nn.gelu(h @ params["w1"] + params["b1"], approximate=True)
    return x + h @ params["w2"] + params["b2"]


# --------------------------------------------------------------------------- NumPy reference


def _layer_norm_np(x, scale, bias, eps=1e-5):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * scale + bias


def _softmax_np(x, axis=-1):
    e = np.exp(x - x.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


def _gelu_np(x):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))


def forward_numpy(params: dict, x: np.ndarray) -> np.ndarray:
    p = {k: v.astype(np.float64) for k, v in params.items()}
    x = x.astype(np.float64)
    h = _layer_norm_np(x, p["ln1_scale"], p["ln1_bias"])
    q, k, v = (np.einsum("bsd,dhk->bshk", h, p[w]) for w in ("wq", "wk", "wv"))
    scores = np.einsum("bqhk,bshk->bhqs", q, k) / np.sqrt(q.shape[-1])
    mixed = np.einsum("bhqs,bshk->bqhk", _softmax_np(scores), v)
    x = x + np.einsum("bqhk,hkd->bqd", mixed, p["wo"])
    h = _layer_norm_np(x, p["ln2_scale"], p["ln2_bias"])
    h = _gelu_np(h @ p["w1"] + p["b1"])
    return (x + h @ p["w2"] + p["b2"]).astype(np.float32)
