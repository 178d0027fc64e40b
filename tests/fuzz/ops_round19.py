"""Round 19: the programs behind round 19's fixes, as vocabulary entries (swept one by one by
vocabulary.py, with x64 off and on: `python -m tests.fuzz.vocabulary [--x64]`).

They join the group np18 (its op and drawer exist already, so the random draws stay as round
18's): a vmapped dynamic_update_slice of a weak operand (seed 300532), preferred_element_type
narrower than a dot's or a conv's operands (seed 400266; the x64 vocabulary sweep), a general
reduce's init of another type (seed 400221), an integer's mean / var / std (float32 with x64 on,
seed 400015). Round 19's x64 programs themselves are in test_fuzz.py (X64_PROGRAMS).
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_api import _GROUP, entry
from tests.fuzz.ops_round15 import _jax_or, _nd, _num

_GROUP[0] = "np18"


@entry("r19_vmap_dus_weak", _nd(2, lambda x: x.size > 0))
def _vmap_dus_weak(B, x, y):  # weak as its operand, as JAX's scatter (seed 300532)
    lax = B.lax

    def row(r):
        return lax.dynamic_update_slice(r, -r[:1], [r.shape[0] - 1] + [0] * (r.ndim - 1))

    def fn(n):
        w = n.zeros_like(x, dtype=int) + 0.5  # a weak float32
        return B.vmap(row)(w) if x.ndim >= 2 else w  # (x is a row under vmap)

    return _jax_or(B, fn, x.shape, np.float32)


@entry("r19_reduce_init_f16", _nd(1, _num))
def _reduce_init_f16(B, x, y):  # JAX's TypeError (seed 400221)
    return _jax_or(B, lambda n: B.lax.reduce(x.astype(n.float32), np.float16(1), B.lax.add, (0,)),
                   x.shape[1:], np.float32)


@entry("r19_dot_pref_narrow", _nd(1, _num))
def _dot_pref_narrow(B, x, y):  # JAX's TypeError (seed 400266)
    dims = (((0,), (0,)), ((), ()))
    return _jax_or(B, lambda n: B.lax.dot_general(
        x.astype(n.int32), x.astype(n.int32), dims, preferred_element_type=n.int16),
        x.shape[1:] * 2, np.int16)


@entry("r19_conv_pref_narrow", _nd(1, _num))
def _conv_pref_narrow(B, x, y):  # JAX's TypeError (the x64 vocabulary sweep)
    v = B.np.reshape(x.astype(B.np.float32), (1, 1, -1))
    return _jax_or(B, lambda n: B.lax.conv_general_dilated(
        v, v, (1,), "SAME", preferred_element_type=n.float16), (1, 1, x.size), np.float16)


@entry("r19_int_moments", _nd(1, _num))
def _int_moments(B, x, y):  # float32 with x64 on too (seed 400015)
    n = B.np
    xi = x.astype(n.int16)
    return n.stack([n.mean(xi, axis=0), n.var(xi, axis=0), n.nanstd(xi, axis=0)])
