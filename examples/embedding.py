"""Embedding lookup, a hidden layer, and a softmax cross-entropy loss over the vocabulary,
written with meshjit.numpy / meshjit.nn (take, one_hot, log_softmax), and a NumPy reference."""

from __future__ import annotations

import numpy as np

import meshjit.numpy as jnp
from meshjit import nn
from meshjit.sharding import P

SIZES = {"batch": 8, "seq": 16, "vocab": 128, "d_model": 32}

# Token batches split over "data"; the embedding's feature dim and the output projection's
# vocabulary over "model" (a vocabulary-parallel softmax).
PARAM_SPECS = {"embed": P(None, "model"), "w_hidden": P("model", None), "w_out": P(None, "model")}
INPUT_SPECS = (P("data", None), P("data", None))


def init_params(sizes=SIZES, seed=0) -> dict:
    rng = np.random.default_rng(seed)
    v, d = sizes["vocab"], sizes["d_model"]
    return {
        "embed": rng.standard_normal((v, d)).astype(np.float32),
        "w_hidden": (rng.standard_normal((d, d)) * d**-0.5).astype(np.float32),
        "w_out": (rng.standard_normal((d, v)) * d**-0.5).astype(np.float32),
    }


def make_inputs(sizes=SIZES, seed=1) -> tuple:
    rng = np.random.default_rng(seed)
    shape = (sizes["batch"], sizes["seq"])
    tokens = rng.integers(0, sizes["vocab"], shape).astype(np.int32)
    labels = rng.integers(0, sizes["vocab"], shape).astype(np.int32)
    return tokens, labels


def forward(params: dict, tokens, labels):
    """Mean cross-entropy of predicting `labels` from `tokens`, per batch row."""
    h = jnp.take(params["embed"], tokens, axis=0)  # [b, s, d]
    h = jnp.tanh(h @ params["w_hidden"])
    logits = h @ params["w_out"]  # [b, s, v]
    log_probs = nn.log_softmax(logits, axis=-1)
    targets = nn.one_hot(labels, logits.shape[-1])
    return -jnp.mean(jnp.sum(targets * log_probs, axis=-1), axis=-1)


def forward_numpy(params: dict, tokens: np.ndarray, labels: np.ndarray) -> np.ndarray:
    p = {k: v.astype(np.float64) for k, v in params.items()}
    h = np.tanh(p["embed"][tokens] @ p["w_hidden"])
    logits = h @ p["w_out"]
    logits = logits - logits.max(-1, keepdims=True)
    log_probs = logits - np.log(np.exp(logits).sum(-1, keepdims=True))
    picked = np.take_along_axis(log_probs, labels[..., None], axis=-1)[..., 0]
    return (-picked.mean(-1)).astype(np.float32)
