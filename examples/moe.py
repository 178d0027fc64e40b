"""A top-1 mixture-of-experts layer with einsum dispatch and combine (Switch style, with an
expert capacity), written with meshjit.numpy / meshjit.nn, and a NumPy reference."""

from __future__ import annotations

import numpy as np

import meshjit.numpy as jnp
from meshjit import nn
from meshjit.sharding import P

SIZES = {"tokens": 64, "d_model": 32, "experts": 4, "d_ff": 64, "capacity": 16}

# Tokens split over "data", experts over "model" (expert parallelism).
PARAM_SPECS = {
    "w_gate": P(),
    "w_in": P("model", None, None),
    "b_in": P("model", None),
    "w_out": P("model", None, None),
}
INPUT_SPECS = (P("data", None),)


def init_params(sizes=SIZES, seed=0) -> dict:
    rng = np.random.default_rng(seed)
    d, e, f = sizes["d_model"], sizes["experts"], sizes["d_ff"]

    def normal(*shape, scale=1.0):
        return (scale * rng.standard_normal(shape)).astype(np.float32)

    return {
        "w_gate": normal(d, e, scale=d**-0.5),
        "w_in": normal(e, d, f, scale=d**-0.5),
        "b_in": normal(e, f, scale=0.1),
        "w_out": normal(e, f, d, scale=f**-0.5),
    }


def make_inputs(sizes=SIZES, seed=1) -> tuple:
    shape = (sizes["tokens"], sizes["d_model"])
    return (np.random.default_rng(seed).standard_normal(shape).astype(np.float32),)


def forward(params: dict, x, capacity: int = SIZES["capacity"]):
    probs = nn.softmax(x @ params["w_gate"], axis=-1)  # [t, e]
    experts = probs.shape[-1]
    choice = nn.one_hot(jnp.argmax(probs, axis=-1), experts)  # [t, e]
    # Position of each token in its expert's queue; tokens past the capacity are dropped.
    position = (jnp.cumsum(choice, axis=0) - 1.0) * choice
    keep = choice * (position < capacity)
    dispatch = keep[:, :, None] * nn.one_hot(position.astype(jnp.int32), capacity)  # [t, e, c]
    combine = dispatch * jnp.sum(probs * choice, axis=-1)[:, None, None]
    expert_in = jnp.einsum("tec,td->ecd", dispatch, x)
    hidden = nn.relu(
        jnp.einsum("ecd,edf->ecf", expert_in, params["w_in"]) + params["b_in"][:, None]
    )
    expert_out = jnp.einsum("ecf,efd->ecd", hidden, params["w_out"])
    return jnp.einsum("tec,ecd->td", combine, expert_out)


def forward_numpy(params: dict, x: np.ndarray, capacity: int = SIZES["capacity"]) -> np.ndarray:
    p = {k: v.astype(np.float64) for k, v in params.items()}
    logits = x.astype(np.float64) @ p["w_gate"]
    probs = np.exp(logits - logits.max(-1, keepdims=True))
    probs /= probs.sum(-1, keepdims=True)
    out = np.zeros(x.shape, np.float64)
    filled = np.zeros(probs.shape[-1], np.int64)
    for t, e in enumerate(probs.argmax(-1)):
        filled[e] += 1
        if filled[e] > capacity:
            continue
        hidden = np.maximum(x[t] @ p["w_in"][e] + p["b_in"][e], 0.0)
        out[t] = probs[t, e] * (hidden @ p["w_out"][e])
    return out.astype(np.float32)
