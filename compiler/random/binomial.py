"""binomial and multinomial draws, as JAX 0.10.2 makes them (the same keys, uniforms and
arithmetic, so the same numbers): inversion by summing geometric waiting times when n q <= 10,
else Hormann's transformed rejection (BTRS); both with q = min(p, 1 - p). multinomial draws
one binomial per category from the remaining count, scanning over split keys."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ir import dtypes
from meshjit.compiler.jit.api import jit
from meshjit.compiler.numpy.util import aval_of, promote_inexact
from meshjit.compiler.random import prng
from meshjit.compiler.random.keys import check_key, keyed
from meshjit.compiler.random.samplers import row, uniform_body
from meshjit.compiler.random.util import (
    broadcast_shapes,
    canonical_shape,
    check_shape,
    float_dtype,
    vary,
    varying_axes,
)

__all__ = ["binomial", "multinomial"]

_STIRLING_TAIL = (
    0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
    0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
    0.00925546218271273, 0.00833056343336287,
)  # fmt: skip


def _stirling_tail(k):
    """log k! - Stirling's approximation of it: tabulated to 9, a series above."""
    table = jnp.array(_STIRLING_TAIL, dtype=k.dtype)
    small = k <= 9
    k = lax.clamp(np.array(0.0, k.dtype), k, np.array(9.0, k.dtype))
    kp1sq = (k + 1) * (k + 1)
    approx = (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)
    return lax.select(small, table[jnp.asarray(jnp.floor(k), dtype="int32")], approx)


def _below(i, max_iters):
    return lax.convert_element_type(i, max_iters.dtype) < max_iters


def _split(data, n: int):
    keys = prng.split(data, (n,))
    return [row(keys, j) for j in range(n)]


def _inversion(data, count, prob, shape, dtype, max_iters):
    log1mp = jnp.log1p(-prob)

    def body(carry):
        i, num_geom, geom_sum, key = carry
        subkey, key = _split(key, 2)
        num_geom = lax.select(geom_sum <= count, num_geom + 1, num_geom)
        u = uniform_body(subkey, 0.0, 1.0, shape, prob.dtype)
        return i + 1, num_geom, geom_sum + jnp.ceil(jnp.log(u) / log1mp), key

    def cond(carry):
        return (carry[2] <= count).any() & _below(carry[0], max_iters)

    axes = varying_axes(data, count, prob)
    zeros = vary(lax.full(shape, np.zeros((), prob.dtype)), axes)
    k = lax.while_loop(cond, body, (np.int32(0), zeros, zeros, vary(data, axes)))[1]
    return (k - 1).astype(dtype)


def _btrs_candidate(key, count, prob, shape, params):
    stddev, b, a, c, v_r, r, alpha, m = params
    key, subkey_0, subkey_1 = _split(key, 3)
    u = uniform_body(subkey_0, 0.0, 1.0, shape, prob.dtype) - 0.5
    v = uniform_body(subkey_1, 0.0, 1.0, shape, prob.dtype)
    us = 0.5 - jnp.abs(u)
    accept1 = (us >= 0.07) & (v <= v_r)
    k = jnp.floor((2 * a / us + b) * u + c)
    reject = (k < 0) | (k > count)
    v = jnp.log(v * alpha / (a / (us * us) + b))
    bound = (
        (m + 0.5) * jnp.log((m + 1) / (r * (count - m + 1)))
        + (count + 1) * jnp.log((count - m + 1) / (count - k + 1))
        + (k + 0.5) * jnp.log(r * (count - k + 1) / (k + 1))
        + _stirling_tail(m)
        + _stirling_tail(count - m)
        - _stirling_tail(k)
        - _stirling_tail(count - k)
    )
    return key, k, accept1 | (~reject & (v <= bound))


def _btrs(data, count, prob, shape, dtype, max_iters):
    stddev = jnp.sqrt(count * prob * (1 - prob))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    params = (stddev, b, a, count * prob + 0.5, 0.92 - 4.2 / b, prob / (1 - prob),
              (2.83 + 5.1 / b) * stddev, jnp.floor((count + 1) * prob))  # fmt: skip

    def body(carry):
        i, k_out, accepted, key = carry
        key, k, accept = _btrs_candidate(key, count, prob, shape, params)
        return i + 1, lax.select(accept, k, k_out), accepted | accept, key

    def cond(carry):
        return (~carry[2]).any() & _below(carry[0], max_iters)

    axes = varying_axes(data, count, prob)
    k0 = vary(lax.full(shape, np.array(-1, prob.dtype)), axes)
    accepted0 = vary(lax.full(shape, np.bool_(False)), axes)
    k = lax.while_loop(cond, body, (np.int32(0), k0, accepted0, vary(data, axes)))[1]
    return k.astype(dtype)


def _fill(x, value):
    return lax.full_like(x, value)


@jit(static_argnums=(3, 4))
def _binomial(data, count, prob, shape, dtype):
    (prob,) = promote_inexact(prob)
    count = jnp.broadcast_to(lax.convert_element_type(count, prob.dtype), shape)
    prob = jnp.broadcast_to(prob, shape)
    p_lt_half = prob < 0.5
    q = lax.select(p_lt_half, prob, 1.0 - prob)
    count_nan_or_neg = jnp.isnan(count) | (count < 0.0)
    count_inf = jnp.isinf(count)
    q_is_nan, q_l_0 = jnp.isnan(q), q < 0.0
    q = lax.select(q_is_nan | q_l_0, _fill(q, 0.01), q)
    use_inversion = count_nan_or_neg | (count * q <= 10.0)
    count = jnp.floor(count)
    max_iters = np.array(dtypes.finfo(dtype).max, dtype)
    samples = lax.select(
        use_inversion,
        _inversion(data, lax.select(use_inversion, count, _fill(count, 0.0)), q, shape, dtype,
                   max_iters),
        _btrs(data, lax.select(use_inversion, _fill(count, 1e4), count),
              lax.select(use_inversion, _fill(q, 0.5), q), shape, dtype, max_iters),
    )  # fmt: skip
    invalid = q_l_0 | q_is_nan | count_nan_or_neg
    samples = lax.select(invalid, jnp.full_like(samples, np.nan, dtype), samples)
    samples = lax.select(count_inf & ~invalid, jnp.full_like(samples, np.inf, dtype), samples)
    keep = p_lt_half | count_nan_or_neg | q_is_nan | count_inf
    return lax.select(keep, samples, count.astype(dtype) - samples)


def _binomial_shape(n, p, shape):
    if shape is None:
        return broadcast_shapes("binomial", np.shape(n), np.shape(p))
    shape = canonical_shape(shape, "binomial")
    check_shape("binomial", shape, np.shape(n), np.shape(p))
    return shape


@keyed
def binomial(key, n, p, shape=None, dtype=None):
    """Binomial counts (as floats of `dtype`) of `n` trials with success probability `p`."""
    data, _ = check_key("binomial", key)
    dtype = float_dtype(dtype, "binomial")
    n, p = jnp.asarray(n), jnp.asarray(p)
    return _binomial(data, n, p, _binomial_shape(n, p, shape), dtype)


@keyed
def multinomial(key, n, p, *, shape=None, dtype=None, unroll=1):
    """Counts of `n` draws over the categories (the last axis) with probabilities `p`."""
    data, _ = check_key("multinomial", key)
    dtypes.check_user_dtype(dtype, None)  # any dtype: the counts are cast to it, as JAX's
    dtype = dtypes.default_float if dtype is None else dtypes.canonicalize(dtype)
    n, p = promote_inexact(jnp.asarray(n), jnp.asarray(p))
    shape = tuple(aval_of(p).shape) if shape is None else canonical_shape(shape, "multinomial")
    n = jnp.broadcast_to(n, shape[:-1])
    p = jnp.moveaxis(jnp.broadcast_to(p, shape), -1, 0)
    remaining = lax.cumsum(p, 0, reverse=True)
    ratios = p / jnp.where(remaining == 0, 1, remaining)

    def draw(remainder, ratio_and_key):
        ratio, key = ratio_and_key
        prob = ratio.clip(0, 1)
        count_shape = broadcast_shapes("binomial", remainder.shape, prob.shape)
        count = _binomial(key, remainder, prob, count_shape, remainder.dtype)
        return remainder - count, count

    keys = prng.split(data, (aval_of(ratios).shape[0],))
    _, counts = lax.scan(draw, n, (ratios, keys), unroll=unroll)
    return jnp.moveaxis(counts, 0, -1).astype(dtype)
