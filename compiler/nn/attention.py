"""nn.dot_product_attention: JAX 0.10.2's XLA implementation (grouped-query heads, bias, boolean
mask, causal and local-window masks, padding by sequence lengths), as einsums and a softmax.

Shapes as JAX: query (B, T, N, H), key and value (B, S, K, H) with N a multiple of K (each
key/value head serves N // K query heads); rank-3 inputs get a batch of 1."""

from __future__ import annotations

import ml_dtypes
import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.nn.functions import logsumexp, softmax

__all__ = ["dot_product_attention"]


def dot_product_attention(
    query,
    key,
    value,
    bias=None,
    mask=None,
    *,
    scale=None,
    is_causal=False,
    query_seq_lengths=None,
    key_value_seq_lengths=None,
    local_window_size=None,
    implementation=None,
    return_residual=False,
):
    if implementation not in (None, "xla"):
        raise MeshjitValueError(
            f"Unsupported implementation option: {implementation} (meshjit has 'xla' only)"
        )
    out_shape = jnp.shape(query)
    q, k, v = (_as_4d(t) for t in (query, key, value))
    bias = None if bias is None else _as_4d(bias)
    mask = None if mask is None else _as_4d(mask)
    q_len = None if query_seq_lengths is None else jnp.asarray(query_seq_lengths)
    kv_len = None if key_value_seq_lengths is None else jnp.asarray(key_value_seq_lengths)
    _check_args(q, k, v, bias, mask, q_len, kv_len)
    if isinstance(local_window_size, int):
        local_window_size = (local_window_size, local_window_size)
    scale = 1.0 / np.sqrt(k.shape[-1]) if scale is None else scale
    masks = (mask, is_causal, q_len, kv_len, local_window_size)
    encoded, lse = _attention(q, k, v, bias, masks, scale)
    encoded = jnp.reshape(encoded, out_shape)
    if return_residual:
        return encoded, jnp.reshape(lse, out_shape[:-1])
    return encoded


def _as_4d(t):
    t = jnp.asarray(t)
    return jnp.expand_dims(t, tuple(range(4 - t.ndim))) if t.ndim < 4 else t


def _check(t, shape, dtype, name: str) -> None:
    if t is None:
        return
    if t.ndim != len(shape):
        raise MeshjitValueError(f"{name} ndim should be {len(shape)}, but got {t.ndim}")
    if dtype is not None and t.dtype != dtype:
        raise MeshjitValueError(f"{name} dtype should be {dtype}, but got {t.dtype}")
    if any(want != -1 and got != want for got, want in zip(t.shape, shape)):
        raise MeshjitValueError(f"{name} shape should be {list(shape)}: but got {t.shape}")


def _check_args(q, k, v, bias, mask, q_len, kv_len) -> None:
    b, s, heads, h = k.shape
    _check(v, (b, s, heads, h), k.dtype, "value")
    _check(q, (b, -1, -1, h), k.dtype, "query")
    _check(mask, (-1,) * 4, np.dtype(bool), "mask")
    _check(bias, (-1,) * 4, None, "bias")
    _check(q_len, (b,), np.dtype(np.int32), "query_seq_lengths")
    _check(kv_len, (b,), np.dtype(np.int32), "key_value_seq_lengths")
    if q.shape[-2] % heads:
        raise MeshjitValueError(
            "The number of query heads must be a multiple of key/value heads, but got "
            f"{q.shape[-2]} vs {heads}"
        )


def _attention(q, k, v, bias, masks, scale):
    """Grouped: query (B, T, K, G, H) against key/value (B, S, K, H); logits (B, K, G, T, S)."""
    b, t, n, h = q.shape
    heads = k.shape[2]
    groups = n // heads
    q = jnp.reshape(q, (b, t, heads, groups, h))
    logits_dtype = q.dtype if q.dtype == np.float64 else np.dtype(np.float32)
    logits = jnp.einsum("BTKGH,BSKH->BKGTS", q, k, preferred_element_type=logits_dtype)
    logits = logits * jnp.array(scale, dtype=logits.dtype)
    if bias is not None:
        logits = (logits + _grouped(bias, heads, groups)).astype(logits.dtype)
    logits = _masked(logits, masks, heads, groups).astype(dtypes.float32)
    probs = softmax(logits, axis=-1).astype(k.dtype)
    encoded = jnp.einsum("BKGTS,BSKH->BTKGH", probs, v)
    q_len = masks[2]
    if q_len is not None:
        rows = jnp.arange(t)[None, :] < q_len[:, None]
        encoded = encoded * rows[:, :, None, None, None].astype(encoded.dtype)
    lse = lax.stop_gradient(logsumexp(logits, axis=-1).astype(k.dtype))  # (B, K, G, T)
    lse = jnp.reshape(jnp.transpose(lse, (0, 3, 1, 2)), (b, t, n))
    return jnp.reshape(encoded, (b, t, n, h)), lse


def _grouped(t, heads: int, groups: int):
    """A (B, N or 1, T, S) bias or mask as (B, K, G, T, S) (or broadcastable to it)."""
    tb, tn, tt, ts = t.shape
    if tn == 1:
        return t[:, :, None, :, :]
    return jnp.reshape(t, (tb, heads, groups, tt, ts))


def _masked(logits, masks, heads: int, groups: int):
    mask, is_causal, q_len, kv_len, window = masks
    if mask is None and not is_causal and q_len is None and kv_len is None and window is None:
        return logits
    t, s = logits.shape[-2:]
    keep = jnp.ones(logits.shape, dtype=bool)
    if mask is not None:
        keep = keep & _grouped(mask, heads, groups)
    query_pos, key_pos = jnp.arange(t)[:, None], jnp.arange(s)[None, :]
    if is_causal:
        keep = keep & (query_pos >= key_pos)
    if window is not None:
        left, right = window
        keep = keep & (query_pos <= key_pos + left) & (query_pos >= key_pos - right)
    if q_len is not None:
        keep = keep & (jnp.arange(t)[None, :, None] < q_len[:, None, None])[:, None, None]
    if kv_len is not None:
        keep = keep & (jnp.arange(s)[None, None, :] < kv_len[:, None, None])[:, None, None]
    info = ml_dtypes.finfo(logits.dtype)
    large_negative = -0.7 * min(float(info.max), float(np.finfo(np.float32).max))
    return jnp.where(keep, logits, jnp.asarray(large_negative, dtype=logits.dtype))
