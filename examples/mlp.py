"""A 2-layer MLP written with meshjit.numpy, its parameters, and a NumPy reference."""

from __future__ import annotations

import numpy as np

import meshjit.numpy as jnp
from meshjit.sharding import P


def init_params(sizes=(64, 256, 16), seed=0) -> dict:
    rng = np.random.default_rng(seed)
    d_in, d_hidden, d_out = sizes
    return {
        "w1": (rng.standard_normal((d_in, d_hidden)) / np.sqrt(d_in)).astype(np.float32),
        "b1": (0.1 * rng.standard_normal(d_hidden)).astype(np.float32),
        "w2": (rng.standard_normal((d_hidden, d_out)) / np.sqrt(d_hidden)).astype(np.float32),
        "b2": (0.1 * rng.standard_normal(d_out)).astype(np.float32),
    }


def make_batch(batch=32, d_in=64, seed=1) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal((batch, d_in)).astype(np.float32)


def mlp(params: dict, x):
    hidden = jnp.maximum(x @ params["w1"] + params["b1"], 0.0)
    return hidden @ params["w2"] + params["b2"]


def mlp_loss(params: dict, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


def mlp_numpy(params: dict, x: np.ndarray) -> np.ndarray:
    hidden = np.maximum(x @ params["w1"] + params["b1"], 0.0)
    return hidden @ params["w2"] + params["b2"]


# Data parallel over "data", Megatron-style model parallel over "model".
PARAM_SPECS = {"w1": P(None, "model"), "b1": P("model"), "w2": P("model", None), "b2": P()}
BATCH_SPEC = P("data", None)


def layer(x, w, b):
    """One dense layer with ReLU: `meshjit-lower examples/mlp.py:layer --arg f32[32,64] ...`."""
    return jnp.maximum(x @ w + b, 0.0)


# The example-suite interface (examples/suite.py): forward(params, *inputs) and its reference.
INPUT_SPECS = (BATCH_SPEC,)


def make_inputs(seed=1) -> tuple:
    return (make_batch(seed=seed),)


forward, forward_numpy = mlp, mlp_numpy
