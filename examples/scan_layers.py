"""A stack of residual MLP layers applied with lax.scan over their stacked parameters (one
compiled loop body for every layer), and a NumPy reference."""

from __future__ import annotations

import numpy as np

import meshjit.numpy as jnp
from meshjit import lax
from meshjit.sharding import P

SIZES = {"layers": 4, "batch": 32, "d_model": 32, "d_ff": 64}

# The layer axis stays whole (the loop slices it); inside each layer Megatron's split.
PARAM_SPECS = {
    "w1": P(None, None, "model"),
    "b1": P(None, "model"),
    "w2": P(None, "model", None),
    "b2": P(),
}
INPUT_SPECS = (P("data", None),)


def init_params(sizes=SIZES, seed=0) -> dict:
    rng = np.random.default_rng(seed)
    n, d, f = sizes["layers"], sizes["d_model"], sizes["d_ff"]
    return {
        "w1": (rng.standard_normal((n, d, f)) * d**-0.5).astype(np.float32),
        "b1": (0.1 * rng.standard_normal((n, f))).astype(np.float32),
        "w2": (rng.standard_normal((n, f, d)) * f**-0.5).astype(np.float32),
        "b2": (0.1 * rng.standard_normal((n, d))).astype(np.float32),
    }


def make_inputs(sizes=SIZES, seed=1) -> tuple:
    shape = (sizes["batch"], sizes["d_model"])
    return (np.random.default_rng(seed).standard_normal(shape).astype(np.float32),)


def _layer(x, layer):
    hidden = jnp.tanh(x @ layer["w1"] + layer["b1"])
    return x + hidden @ layer["w2"] + layer["b2"], None


def forward(params: dict, x):
    out, _ = lax.scan(_layer, x, params)
    return out


def forward_numpy(params: dict, x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64)
    for i in range(params["w1"].shape[0]):
        hidden = np.tanh(x @ params["w1"][i] + params["b1"][i])
        x = x + hidden @ params["w2"][i] + params["b2"][i]
    return x.astype(np.float32)
