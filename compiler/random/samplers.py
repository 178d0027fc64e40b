"""The samplers built on uniform bits: uniform, normal, truncated_normal, bernoulli, randint,
exponential, laplace, logistic, cauchy, gumbel, rademacher.

Each public function checks its arguments in the caller's frame (errors name the user's line),
then runs a jitted body whose static arguments are JAX's, so a value is a runtime parameter
exactly where it is one in JAX (XLA folds constants, and folding a transcendental function
need not round as the compiled one does). The bodies are JAX 0.10.2's algorithms, op for op.
"""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.jit.api import jit
from meshjit.compiler.numpy.elementwise import clip
from meshjit.compiler.numpy.util import aval_of
from meshjit.compiler.random import prng
from meshjit.compiler.random.keys import check_key, keyed
from meshjit.compiler.random.util import (
    broadcast_shapes,
    canonical_shape,
    check_shape,
    float_dtype,
    int_dtype,
    param_shape,
    sample_shape,
)


def finfo(dtype):
    return ml_dtypes.finfo(dtype)


def broadcast_to_rank(x, rank: int):
    """`x` with leading dimensions of size 1 up to `rank`."""
    ndim = aval_of(x).ndim
    return x if ndim == rank else lax.broadcast(x, (1,) * (rank - ndim))


def split2(data):
    """Two keys from one (JAX's `k1, k2 = split(key)`)."""
    keys = prng.split(data, (2,))
    return [lax.squeeze(lax.slice_in_dim(keys, i, i + 1), (0,)) for i in range(2)]


# ---------------------------------------------------------------------------------------------
# uniform: random mantissa bits under the exponent of 1.0, minus 1, scaled.


def uniform_body(data, minval, maxval, shape: tuple, dtype):
    """Uniform floats of `shape` per key of `data` (shaped `(*batch, 2)`): a call of the
    jitted `_uniform`, as JAX's samplers call `uniform`."""
    return _uniform(data, minval, maxval, shape, dtype)


@jit(static_argnums=(3, 4))
def _uniform(data, minval, maxval, shape, dtype):
    info = finfo(dtype)
    nbits, nmant = info.bits, info.nmant
    rng_bits = 8 if nmant < 8 else nbits
    uint = prng.UINT_DTYPES[nbits]
    draw, shape = shape, (*aval_of(data).shape[:-1], *shape)  # the draws of every key
    minval = lax.convert_element_type(minval, dtype)
    maxval = lax.convert_element_type(maxval, dtype)
    minval = broadcast_to_rank(minval, len(shape))
    maxval = broadcast_to_rank(maxval, len(shape))
    bits = prng.bits(data, rng_bits, draw)
    if rng_bits != nbits:
        bits = lax.convert_element_type(bits, uint)
    float_bits = lax.shift_right_logical(bits, np.array(rng_bits - nmant, uint))
    one_bits = np.array(1.0, dtype).view(uint)
    float_bits = lax.bitwise_or(float_bits, one_bits)
    floats = lax.sub(lax.bitcast_convert_type(float_bits, dtype), np.array(1.0, dtype))
    ranks = {aval_of(minval).ndim, len(shape)}
    if len(ranks) > 1:  # JAX's words: its last step, max(minval, draws), refuses the ranks
        raise MeshjitTypeError(f"max: arrays must have the same number of dimensions, got {ranks}")
    scaled = lax.add(lax.mul(floats, lax.sub(maxval, minval)), minval)
    return lax.max(minval, lax.reshape(scaled, shape))


@keyed
def uniform(key, shape=(), dtype=None, minval=0.0, maxval=1.0):
    """Uniform floats in [minval, maxval)."""
    data, _ = check_key("uniform", key)
    dtype = float_dtype(dtype, "uniform")
    shape = canonical_shape(shape, "uniform")  # JAX checks no parameter shapes: lax.sub / mul do
    return _uniform(data, minval, maxval, shape, dtype)


# ---------------------------------------------------------------------------------------------
# normal and truncated_normal: the inverse error function of uniforms.

_SQRT2 = math.sqrt(2.0)


def normal_body(data, shape: tuple, dtype):
    """Standard normal floats: a call of the jitted `_normal`, as JAX's samplers call
    `normal`."""
    return _normal(data, shape, dtype)


@jit(static_argnums=(1, 2))
def _normal(data, shape, dtype):
    return _normal_real(data, shape, dtype)


@jit(static_argnums=(1, 2))
def _normal_real(data, shape, dtype):
    lo = np.nextafter(np.array(-1.0, dtype), np.array(0.0, dtype), dtype=dtype)
    u = uniform_body(data, lo, np.array(1.0, dtype), shape, dtype)
    return lax.mul(np.array(_SQRT2, dtype), lax.erf_inv(u))


@keyed
def normal(key, shape=(), dtype=None):
    """Standard normal floats; complex dtypes draw both parts (each of variance 1/2) from the
    two halves of the key, as JAX."""
    data, _ = check_key("normal", key)
    shape = canonical_shape(shape, "normal")
    dtype = inexact_dtype(dtype, "normal")
    return (
        _complex_normal(data, shape, dtype)
        if dtypes.is_complex(dtype)
        else _normal(data, shape, dtype)
    )


def inexact_dtype(dtype, name: str) -> np.dtype:
    """The float or complex dtype of normal draws (normal, lognormal, orthogonal)."""
    if dtype is not None and dtypes.is_complex(_requested(dtype)):
        return _requested(dtype)
    return float_dtype(dtype, name, "a float or complex dtype")


def inexact_normal_body(data, shape: tuple, dtype):
    """Standard normal draws of a float or complex dtype, as `normal`'s."""
    if dtypes.is_complex(dtype):
        return _complex_normal(data, shape, dtype)
    return normal_body(data, shape, dtype)


@jit(static_argnums=(1, 2))
def _complex_normal(data, shape, dtype):
    key_re, key_im = (lax.index_in_dim(k, 0, keepdims=False) for k in _halves(data))
    part = dtypes.real_dtype(dtype)
    re = lax.convert_element_type(_normal_real(key_re, shape, part), dtype)
    im = lax.convert_element_type(_normal_real(key_im, shape, part), dtype)
    return lax.div(lax.add(re, lax.mul(np.array(1j, dtype), im)), np.array(_SQRT2, dtype))


def _requested(dtype) -> np.dtype:
    try:
        return dtypes.canonicalize(dtype)
    except TypeError:  # jnp.complex64, a scalar type
        return dtypes.canonicalize(dtype.dtype)


def _halves(data):
    pair = prng.split(data, (2,))
    return lax.slice_in_dim(pair, 0, 1), lax.slice_in_dim(pair, 1, 2)


@jit(static_argnums=(3, 4))
def _truncated_normal(data, lower, upper, shape, dtype):
    sqrt2 = np.array(_SQRT2, dtype)
    lower = lax.convert_element_type(lower, dtype)
    upper = lax.convert_element_type(upper, dtype)
    a = lax.erf(lax.div(lower, sqrt2))
    b = lax.erf(lax.div(upper, sqrt2))
    u = uniform_body(data, a, b, shape, dtype)
    out = lax.mul(sqrt2, lax.erf_inv(u))
    lo = lax.nextafter(lax.stop_gradient(lower), np.array(np.inf, dtype))
    hi = lax.nextafter(lax.stop_gradient(upper), np.array(-np.inf, dtype))
    return clip(out, lo, hi)  # jnp.clip, as JAX's


def broadcasting(op, x, y):
    """`op` with NumPy broadcasting (as jnp.maximum / jnp.minimum)."""
    xs, ys = param_shape(x), param_shape(y)
    shape = broadcast_shapes(op.__name__, xs, ys)
    if xs != shape and xs:
        x = lax.broadcast_in_dim(x, shape, tuple(range(len(shape) - len(xs), len(shape))))
    if ys != shape and ys:
        y = lax.broadcast_in_dim(y, shape, tuple(range(len(shape) - len(ys), len(shape))))
    return op(x, y)


@keyed
def truncated_normal(key, lower, upper, shape=None, dtype=None):
    """Standard normal floats conditioned on lower < x < upper."""
    data, _ = check_key("truncated_normal", key)
    dtype = float_dtype(dtype, "truncated_normal")
    params = param_shape(lower), param_shape(upper)
    shape = sample_shape("truncated_normal", shape, *params)
    return _truncated_normal(data, lower, upper, shape, dtype)


# ---------------------------------------------------------------------------------------------
# bernoulli, rademacher.


@jit(static_argnums=(2, 3))
def _bernoulli(data, p, shape, mode):
    return bernoulli_body(data, p, shape, mode)


def bernoulli_body(data, p, shape, mode):
    dtype = aval_of(p).dtype
    if mode == "high":
        u = uniform_body(data, 0.0, 1.0, (2, *shape), dtype)
        u1, u2 = (lax.squeeze(lax.slice_in_dim(u, i, i + 1), (0,)) for i in range(2))
        u2 = lax.mul(u2, 2.0 ** -finfo(dtype).nmant)
        return broadcasting(lax.lt, u2, broadcasting(lax.sub, p, u1))
    return broadcasting(lax.lt, uniform_body(data, 0.0, 1.0, shape, dtype), p)


@keyed
def bernoulli(key, p=0.5, shape=None, mode="low"):
    """Booleans that are True with probability `p`."""
    if mode not in ("high", "low"):
        raise MeshjitValueError(f"got mode={mode!r}, expected 'high' or 'low'")
    data, _ = check_key("bernoulli", key)
    dtype = aval_of(p).dtype
    if not dtypes.is_float(dtype):
        raise MeshjitTypeError(
            f"bernoulli probability `p` must have a floating dtype, got {dtype}."
        )
    p = lax.convert_element_type(p, dtype)
    shape = sample_shape("bernoulli", shape, param_shape(p))
    return _bernoulli(data, p, shape, mode)


def rademacher_body(data, shape, dtype):
    half = dtypes.default_float.type(0.5)  # bernoulli(p=0.5): a Python float
    work = dtypes.default_int if dtype == np.bool_ else dtype  # bool: 2 * b - 1, then a bool
    samples = lax.convert_element_type(_bernoulli(data, half, shape, "low"), work)  # JAX's jit
    return lax.convert_element_type(lax.sub(lax.mul(2, samples), 1), dtype)


@jit(static_argnums=(1, 2))
def _rademacher(data, shape, dtype):
    return rademacher_body(data, shape, dtype)


@keyed
def rademacher(key, shape=(), dtype=None):
    """-1 or 1 with equal probability."""
    data, _ = check_key("rademacher", key)
    dtypes.check_user_dtype(dtype, None)  # any dtype, as JAX's (bool: True for 1)
    dtype = dtypes.default_int if dtype is None else _requested(dtype)
    return _rademacher(data, canonical_shape(shape, "rademacher"), dtype)


# ---------------------------------------------------------------------------------------------
# randint: 2 * nbits random bits per value, reduced modulo the span.


def _clip_integer(x, dtype):
    """`x` (an integer array) converted to `dtype`, clipped to its range instead of wrapped."""
    src = aval_of(x).dtype
    lo = max(dtypes.iinfo(dtype).min, dtypes.iinfo(src).min)
    hi = min(dtypes.iinfo(dtype).max, dtypes.iinfo(src).max)
    const = int if aval_of(x).weak_type else (lambda v: np.array(v, src))  # JAX's lax._const
    x = clip(x, const(lo), const(hi))  # jnp.clip, as JAX's
    return lax.convert_element_type(x, dtype)


def _as_int(x):
    x = _as_array(x)
    if not dtypes.is_int(aval_of(x).dtype):
        x = lax.convert_element_type(x, dtypes.default_int)  # as JAX: astype(int)
    return x


def _as_array(x):
    """A traced or array value: Python scalars become arrays of their (weak) type."""
    if isinstance(x, (bool, int, float)):
        return np.asarray(x, dtypes.python_scalar_dtype(x))
    return x


def randint_body(data, minval, maxval, shape, dtype):
    minval, maxval = _as_int(minval), _as_int(maxval)
    top = _clip_integer(np.array(dtypes.iinfo(dtype).max, dtype), aval_of(maxval).dtype)
    maxval_out_of_range = lax.gt(maxval, top)
    minval, maxval = _clip_integer(minval, dtype), _clip_integer(maxval, dtype)
    minval, maxval = broadcast_to_rank(minval, len(shape)), broadcast_to_rank(maxval, len(shape))
    nbits = dtypes.iinfo(dtype).bits
    k1, k2 = split2(data)
    higher_bits = prng.bits(k1, nbits, shape)
    lower_bits = prng.bits(k2, nbits, shape)
    unsigned = prng.UINT_DTYPES[nbits]
    one = np.array(1, unsigned)
    span = lax.convert_element_type(lax.sub(maxval, minval), unsigned)
    span = _select(lax.le(maxval, minval), lax.full(param_shape(span), one), span)
    above = lax.gt(maxval, minval)
    if param_shape(maxval_out_of_range):  # bounds of a lower rank: as JAX's `&`, to the rank
        maxval_out_of_range = broadcast_to_rank(maxval_out_of_range, len(shape))
    grow = lax.bitwise_and(maxval_out_of_range, above)
    span = _select(grow, lax.add(span, one), span)
    multiplier = lax.rem(np.array(2 ** (nbits // 2), unsigned), span)
    multiplier = lax.rem(lax.mul(multiplier, multiplier), span)
    offset = lax.add(lax.mul(lax.rem(higher_bits, span), multiplier), lax.rem(lower_bits, span))
    offset = lax.rem(offset, span)
    return lax.add(minval, lax.convert_element_type(offset, dtype))


def _select(pred, on_true, on_false):
    shape = broadcast_shapes("select", *map(param_shape, (pred, on_true, on_false)))
    pred, on_true, on_false = (
        v if param_shape(v) == shape else lax.broadcast_in_dim(v, shape, _trailing(v, shape))
        for v in (pred, on_true, on_false)
    )
    return lax.select(pred, on_true, on_false)


def _trailing(x, shape):
    ndim = len(param_shape(x))
    return tuple(range(len(shape) - ndim, len(shape)))


@jit(static_argnums=(3, 4))
def _randint(data, minval, maxval, shape, dtype):
    return randint_body(data, minval, maxval, shape, dtype)


@keyed
def randint(key, shape, minval, maxval, dtype=None):
    """Uniform integers in [minval, maxval)."""
    data, _ = check_key("randint", key)
    if dtype is not None and not dtypes.is_int(np.dtype(dtype)):
        raise MeshjitTypeError(f"randint only accepts integer dtypes, got {_requested(dtype)}")
    dtype = int_dtype(dtype, "randint")
    shape = canonical_shape(shape, "randint")
    check_shape("randint", shape, param_shape(minval), param_shape(maxval))
    info = dtypes.iinfo(dtype)
    if info.bits < 32:  # sampled in 32 bits, as JAX does, to avoid a biased result
        minval = _clip_int32(minval, info.min, info.max)
        maxval = _clip_int32(maxval, info.min, info.max + 1)
        out = _randint(data, minval, maxval, shape, dtypes.int32)
        return lax.convert_element_type(out, dtype)
    return _randint(data, minval, maxval, shape, dtype)


def _clip_int32(x, lo, hi):
    x = lax.convert_element_type(_as_array(x), dtypes.int32)
    return lax.min(lax.max(x, np.int32(lo)), np.int32(hi))


# ---------------------------------------------------------------------------------------------
# exponential, laplace, logistic, cauchy.


def exponential_body(data, shape, dtype):
    u = uniform_body(data, 0.0, 1.0, shape, dtype)
    return lax.neg(lax.log1p(lax.neg(u)))


@jit(static_argnums=(1, 2))
def _exponential(data, shape, dtype):
    return exponential_body(data, shape, dtype)


@jit(static_argnums=(1, 2))
def _laplace(data, shape, dtype):
    minval = np.array(-1.0, dtype) + finfo(dtype).epsneg
    u = uniform_body(data, minval, 1.0, shape, dtype)
    return lax.mul(lax.sign(u), lax.log1p(lax.neg(lax.abs(u))))


@jit(static_argnums=(1, 2))
def _logistic(data, shape, dtype):
    x = uniform_body(data, finfo(dtype).tiny, 1.0, shape, dtype)
    return lax.sub(lax.log(x), lax.log1p(lax.neg(x)))


@jit(static_argnums=(1, 2))
def _cauchy(data, shape, dtype):
    u = uniform_body(data, finfo(dtype).eps, 1.0, shape, dtype)
    pi, half = np.array(np.pi, dtype), np.array(0.5, dtype)
    return lax.tan(lax.mul(pi, lax.sub(u, half)))


def _simple_sampler(name, body, doc):
    def sampler(key, shape=(), dtype=None):
        data, _ = check_key(name, key)
        dtype = float_dtype(dtype, name)
        return body(data, canonical_shape(shape, name), dtype)

    sampler.__name__ = sampler.__qualname__ = name  # (Python names it in its errors)
    sampler.__doc__ = doc
    return keyed(sampler)


exponential = _simple_sampler("exponential", _exponential, "Exponential floats (rate 1).")
laplace = _simple_sampler("laplace", _laplace, "Laplace floats (location 0, scale 1).")
logistic = _simple_sampler("logistic", _logistic, "Logistic floats (location 0, scale 1).")
cauchy = _simple_sampler("cauchy", _cauchy, "Standard Cauchy floats.")


# ---------------------------------------------------------------------------------------------
# gumbel.


def gumbel_body(data, shape, dtype, mode):
    info = finfo(dtype)
    if dtype == dtypes.float32 and mode == "highest":
        return _gumbel_highest(data, shape)
    if mode in ("high", "highest"):
        # (JAX's calls pass minval and maxval by keyword: the jit takes them sorted by name)
        u = _uniform(data, minval=0.0, maxval=1.0, shape=(2, *shape), dtype=dtype)
        high, low = (lax.squeeze(lax.slice_in_dim(u, i, i + 1), (0,)) for i in range(2))
        small = lax.add(lax.add(high, lax.mul(2.0**-info.nmant, low)), info.tiny)
        x = lax.select(lax.ge(high, 0.5), high, small)
        return lax.neg(lax.log(lax.neg(lax.log1p(lax.neg(x)))))
    u = _uniform(data, minval=info.tiny, maxval=1.0, shape=shape, dtype=dtype)
    return lax.neg(lax.log(lax.neg(lax.log(u))))


def _gumbel_highest(data, shape):
    """float32 Gumbel noise from 64 random bits per value (JAX's mode="highest")."""
    bits = prng.bits(data, 32, (2, *shape))
    neg = lax.bitwise_not(bits)
    lo_bits = row(neg, 1)
    carry = lax.convert_element_type(lax.eq(lo_bits, np.uint32(0xFFFFFFFF)), dtypes.uint32)
    neg = lax.add(neg, _stack_rows(carry, lax.full(shape, np.uint32(1))))
    flip = lax.lt(row(bits, 0), np.uint32(1 << 31))
    x = _safe_int_to_float(lax.select(_stack_rows(flip, flip), bits, neg))
    return lax.select(
        flip,
        lax.neg(lax.log(lax.neg(lax.log1p(lax.neg(x))))),
        lax.neg(lax.log(lax.neg(lax.log(x)))),
    )


def row(x, i):
    return lax.squeeze(lax.slice_in_dim(x, i, i + 1), (0,))


def _stack_rows(a, b):
    return lax.concatenate([lax.expand_dims(a, (0,)), lax.expand_dims(b, (0,))], 0)


def _safe_int_to_float(bits):
    """64 bits (two uint32 rows) as a float32 in (0, 1), keeping the leading 24 significant."""
    info = finfo(np.float32)
    hi, lo = row(bits, 0), row(bits, 1)
    hiclz, loclz = lax.clz(hi), lax.clz(lo)
    hi_all_zero = lax.eq(hiclz, np.uint32(32))
    mantissa = lax.bitwise_or(
        lax.shift_left(hi, hiclz),
        lax.select(
            hi_all_zero,
            lax.shift_left(lo, loclz),
            lax.shift_right_logical(lo, lax.sub(np.uint32(info.bits), hiclz)),
        ),
    )
    mantissa = lax.shift_right_logical(mantissa, np.uint32(info.bits - info.nmant - 1))
    mantissa = lax.bitwise_and(mantissa, np.uint32((1 << info.nmant) - 1))
    leading = lax.select(hi_all_zero, lax.add(loclz, np.uint32(32)), hiclz)
    exponent = lax.sub(np.uint32(-info.minexp), leading)
    exponent = lax.shift_left(exponent, np.uint32(info.nmant))
    exponent = lax.bitwise_and(
        exponent, np.uint32((1 << (info.bits - 2)) - (1 << (info.nmant - 1)))
    )
    return lax.bitcast_convert_type(lax.bitwise_or(exponent, mantissa), dtypes.float32)


@jit(static_argnums=(1, 2, 3))
def _gumbel(data, shape, dtype, mode):
    return gumbel_body(data, shape, dtype, mode)


@keyed
def gumbel(key, shape=(), dtype=None, mode=None):
    """Standard Gumbel floats; `mode` "high" / "highest" spends more bits on the tail."""
    data, _ = check_key("gumbel", key)
    dtype = float_dtype(dtype, "gumbel")
    mode = check_gumbel_mode(mode)
    return _gumbel(data, canonical_shape(shape, "gumbel"), dtype, mode)


def check_gumbel_mode(mode):
    mode = "low" if mode is None else mode
    if mode not in ("highest", "high", "low"):
        raise MeshjitValueError(f"Must provide valid mode for gumbel got: {mode}")
    return mode
