"""Pallas' GPU (Triton) vocabulary (JAX's `jax.experimental.pallas.triton`) as the interpreter
runs it: masked loads and stores, atomic read-modify-writes, `dot`, compiler parameters."""

from __future__ import annotations

import dataclasses

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitNotImplementedError
from meshjit.compiler.numpy.elementwise import maximum, minimum, tanh, where
from meshjit.compiler.numpy.products import dot as jnp_dot


@dataclasses.dataclass(frozen=True)
class CompilerParams:
    """Triton's parameters: recorded, unused by the interpreter."""

    num_warps: int | None = None
    num_stages: int | None = None


def load(ref, *, mask=None, other=None, cache_modifier=None, eviction_policy=None, volatile=False):
    """`ref[...]`; where `mask` is False, `other` (when given)."""
    del cache_modifier, eviction_policy, volatile
    value = ref[...]
    return value if mask is None or other is None else where(mask, value, other)


def store(ref, val, *, mask=None, eviction_policy=None) -> None:
    """`ref[...] = val` where `mask` holds (everywhere without one)."""
    del eviction_policy
    ref[...] = val if mask is None else where(mask, val, ref[...])


def _atomic(op, x_ref, idx, val, mask):
    if mask is not None:  # as JAX's interpreter
        raise MeshjitNotImplementedError("a masked atomic operation has no interpret mode")
    old = x_ref[idx]
    x_ref[idx] = op(old, val)
    return old


def atomic_add(x_ref_or_view, idx, val, *, mask=None):
    """Adds `val` at `x_ref[idx]`; returns what was there."""
    return _atomic(lax.add, x_ref_or_view, idx, val, mask)


def atomic_max(x_ref_or_view, idx, val, *, mask=None):
    return _atomic(maximum, x_ref_or_view, idx, val, mask)


def atomic_min(x_ref_or_view, idx, val, *, mask=None):
    return _atomic(minimum, x_ref_or_view, idx, val, mask)


def atomic_xchg(x_ref_or_view, idx, val, *, mask=None):
    return _atomic(lambda old, new: new, x_ref_or_view, idx, val, mask)


def dot(a, b, trans_a: bool = False, trans_b: bool = False, allow_tf32=None, precision=None):
    """`a @ b`, either transposed first."""
    del allow_tf32
    a = lax.transpose(a, (1, 0)) if trans_a else a
    b = lax.transpose(b, (1, 0)) if trans_b else b
    return jnp_dot(a, b, precision=precision)


def approx_tanh(x):
    return tanh(x)


def max_contiguous(x, values):
    del values
    return x


def debug_barrier() -> None:
    return None
