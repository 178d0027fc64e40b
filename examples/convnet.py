"""A small convolutional net (two 3x3 convolutions, ReLU, 2x2 average pooling, global mean
pooling, a dense classifier head) in NHWC, written with meshjit.lax, and a NumPy reference."""

from __future__ import annotations

import numpy as np

import meshjit.numpy as jnp
from meshjit import lax, nn
from meshjit.sharding import P

SIZES = {"batch": 8, "height": 12, "width": 12, "channels": 4, "c1": 16, "c2": 32, "classes": 10}
DIMENSION_NUMBERS = ("NHWC", "HWIO", "NHWC")

# Images split over "data"; the output channels of the first convolution and the input channels
# of the second over "model" (the convolutional analogue of Megatron's column / row split).
PARAM_SPECS = {
    "k1": P(None, None, None, "model"),
    "b1": P("model"),
    "k2": P(None, None, "model", None),
    "b2": P(),
    "w_head": P(),
    "b_head": P(),
}
INPUT_SPECS = (P("data", None, None, None),)


def init_params(sizes=SIZES, seed=0) -> dict:
    rng = np.random.default_rng(seed)
    c, c1, c2, n = sizes["channels"], sizes["c1"], sizes["c2"], sizes["classes"]

    def normal(*shape, scale=1.0):
        return (scale * rng.standard_normal(shape)).astype(np.float32)

    return {
        "k1": normal(3, 3, c, c1, scale=(9 * c) ** -0.5),
        "b1": normal(c1, scale=0.1),
        "k2": normal(3, 3, c1, c2, scale=(9 * c1) ** -0.5),
        "b2": normal(c2, scale=0.1),
        "w_head": normal(c2, n, scale=c2**-0.5),
        "b_head": normal(n, scale=0.1),
    }


def make_inputs(sizes=SIZES, seed=1) -> tuple:
    shape = (sizes["batch"], sizes["height"], sizes["width"], sizes["channels"])
    return (np.random.default_rng(seed).standard_normal(shape).astype(np.float32),)


def conv(x, kernel, bias):
    y = lax.conv_general_dilated(x, kernel, (1, 1), "SAME", dimension_numbers=DIMENSION_NUMBERS)
    return nn.relu(y + bias)


def avg_pool_2x2(x):
    n, h, w, c = x.shape
    return jnp.mean(x.reshape(n, h // 2, 2, w // 2, 2, c), axis=(2, 4))


def forward(params: dict, x):
    h = avg_pool_2x2(conv(x, params["k1"], params["b1"]))
    h = conv(h, params["k2"], params["b2"])
    features = jnp.mean(h, axis=(1, 2))
    return features @ params["w_head"] + params["b_head"]


# --------------------------------------------------------------------------- NumPy reference


def _conv_numpy(x, kernel, bias):
    kh, kw = kernel.shape[:2]
    padded = np.pad(x, ((0, 0), (kh // 2, kh // 2), (kw // 2, kw // 2), (0, 0)))
    n, h, w, _ = x.shape
    out = np.zeros((n, h, w, kernel.shape[-1]))
    for i in range(kh):
        for j in range(kw):
            out += np.einsum("nhwc,co->nhwo", padded[:, i : i + h, j : j + w], kernel[i, j])
    return np.maximum(out + bias, 0.0)


def forward_numpy(params: dict, x: np.ndarray) -> np.ndarray:
    p = {k: v.astype(np.float64) for k, v in params.items()}
    h = _conv_numpy(x.astype(np.float64), p["k1"], p["b1"])
    n, hh, ww, c = h.shape
    h = h.reshape(n, hh // 2, 2, ww // 2, 2, c).mean(axis=(2, 4))
    h = _conv_numpy(h, p["k2"], p["b2"])
    return (h.mean(axis=(1, 2)) @ p["w_head"] + p["b_head"]).astype(np.float32)
