"""The fuzzer's op registry: `OPS` (name -> Op) and the helpers the op modules draw with.

ops.py and the ops_*.py modules register into it; it imports none of them, so any op module can
be imported first (ops.py imports them all: `from tests.fuzz.ops import OPS` is the whole table).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

INTS = ("int8", "uint8", "int32", "int16", "uint16", "uint32", "int64", "uint64")
FLOATS = ("float32", "bfloat16", "float16", "float64")


def _is_int(x) -> bool:
    return str(x.dtype) in INTS


def _is_float(x) -> bool:
    return str(x.dtype) in FLOATS


@dataclass
class Op:
    draw: Callable
    apply: Callable
    grad_ok: bool | Callable = (
        True  # (or a test of the params) smooth enough in float inputs that JAX's and meshjit's grads compare
    )
    vmap_ok: bool = True
    numpy_ref: bool = True  # the NumPy backend computes JAX's answer (not only its type)


OPS: dict[str, Op] = {}


def op(name, grad_ok=True, vmap_ok=True, numpy_ref=True):
    def register(pair):
        draw, apply = pair
        OPS[name] = Op(draw, apply, grad_ok, vmap_ok, numpy_ref)
        return pair

    return register


def _same_dtype(rng, vals, x, exact_shape=False, broadcast=True):
    good = []
    for j, v in enumerate(vals):
        if v.dtype != x.dtype:
            continue
        if exact_shape and v.shape != x.shape:
            continue
        if broadcast:
            try:
                np.broadcast_shapes(v.shape, x.shape)
            except ValueError:
                continue
        good.append(j)
    return rng.choice(good) if good else None


def _axis(rng, x, none=True):
    choices = ([None] if none else []) + list(range(-x.ndim, x.ndim))
    return rng.choice(choices) if choices else None


def _axes(rng, x):
    """None, an axis, or a tuple of distinct axes (some negative)."""
    r = rng.random()
    if r < 0.25 or not x.ndim:
        return None
    if r < 0.6:
        return rng.randrange(-x.ndim, x.ndim)
    k = rng.randint(1, x.ndim)
    return [a - x.ndim if rng.random() < 0.3 else a for a in sorted(rng.sample(range(x.ndim), k))]


def _tuple(a):
    return tuple(a) if isinstance(a, list) else a


def _dynamic_int(np_, value):
    """An int32 scalar computed in the program (traced under jit)."""
    return (np_.sum(np_.zeros((2,), np_.int32)) + value).astype(np_.int32)
