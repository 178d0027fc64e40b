"""Samplers derived from the basic ones by a transformation: lognormal, pareto, weibull_min,
rayleigh, maxwell, double_sided_maxwell, wald, triangular, geometric. As in samplers.py, each
checks its arguments in the caller's frame and runs a jitted body that is JAX 0.10.2's, op for
op, so the draws equal JAX's bit for bit."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.ir import dtypes
from meshjit.compiler.jit.api import jit
from meshjit.compiler.numpy import elementwise as jnp
from meshjit.compiler.numpy import linalg
from meshjit.compiler.random.keys import check_key, keyed
from meshjit.compiler.random.samplers import (
    _exponential,
    _normal,
    inexact_dtype,
    inexact_normal_body,
    normal_body,
    rademacher_body,
    split2,
    uniform_body,
)
from meshjit.compiler.random.util import (
    broadcast_shapes,
    canonical_shape,
    check_safe_to_cast,
    float_dtype,
    int_dtype,
    param_shape,
    sample_shape,
)


def _param(x, shape, dtype):
    """A parameter converted to `dtype` and broadcast to `shape` (jnp.broadcast_to)."""
    x = lax.convert_element_type(x, dtype)
    xs = param_shape(x)
    if xs == shape:
        return x
    return lax.broadcast_in_dim(x, shape, tuple(range(len(shape) - len(xs), len(shape))))


def _float_params(name, key, shape, dtype, *params):
    data, _ = check_key(name, key)
    dtype = float_dtype(dtype, name)
    shape = sample_shape(name, shape, *map(param_shape, params))
    check_safe_to_cast(name, dtype, *params)
    return data, shape, dtype


# ---------------------------------------------------------------------------------------------
# lognormal, pareto: exp of scaled normal / exponential draws.


@jit(static_argnums=(2, 3))
def _lognormal(data, sigma, shape, dtype):
    sigma = lax.convert_element_type(sigma, dtype)
    return lax.exp(jnp.multiply(inexact_normal_body(data, shape, dtype), sigma))


@keyed
def lognormal(key, sigma=np.float32(1), shape=None, dtype=None):
    """exp(sigma * N(0, 1))."""
    data, _ = check_key("lognormal", key)
    dtype = inexact_dtype(dtype, "lognormal")  # complex too, as JAX's
    shape = sample_shape("lognormal", shape, param_shape(sigma))
    check_safe_to_cast("lognormal", dtype, sigma)
    return _lognormal(data, sigma, shape, dtype)


@jit(static_argnums=(2, 3))
def _pareto(data, b, shape, dtype):
    b = lax.convert_element_type(b, dtype)
    # JAX's calls jax.random.exponential: its jitted _exponential shows in the jaxpr
    return lax.exp(jnp.divide(_exponential(data, shape, dtype), b))


@keyed
def pareto(key, b, shape=None, dtype=None):
    """Pareto draws of shape `b` on [1, inf)."""
    data, shape, dtype = _float_params("pareto", key, shape, dtype, b)
    return _pareto(data, b, shape, dtype)


# ---------------------------------------------------------------------------------------------
# weibull_min, rayleigh, wald, triangular: inverse CDFs and transformations of uniforms.


@jit(static_argnums=(3, 4))
def _weibull_min(data, scale, concentration, shape, dtype):
    u = uniform_body(data, 0, 1, shape, dtype)
    base = lax.neg(lax.log1p(lax.neg(u)))
    return jnp.multiply(jnp.power(base, jnp.divide(1.0, concentration)), scale)


@keyed
def weibull_min(key, scale, concentration, shape=(), dtype=None):
    """Weibull draws: scale * (-log(1 - U)) ** (1 / concentration)."""
    data, _ = check_key("weibull_min", key)
    dtype = float_dtype(dtype, "weibull_min")
    return _weibull_min(data, scale, concentration, canonical_shape(shape, "weibull_min"), dtype)


@jit(static_argnums=(2, 3))
def _rayleigh(data, scale, shape, dtype):
    u = uniform_body(data, 0.0, 1.0, shape, dtype)
    scale = _param(scale, shape, dtype)
    return lax.mul(scale, lax.sqrt(lax.mul(lax.log(u), np.array(-2, dtype))))


@keyed
def rayleigh(key, scale, shape=None, dtype=None):
    """scale * sqrt(-2 log U)."""
    data, shape, dtype = _float_params("rayleigh", key, shape, dtype, scale)
    return _rayleigh(data, scale, shape, dtype)


@jit(static_argnums=(2, 3))
def _wald(data, mean, shape, dtype):
    k1, k2 = split2(data)
    mean = _param(mean, shape, dtype)
    v = normal_body(k1, shape, dtype)
    z = uniform_body(k2, 0.0, 1.0, shape, dtype)
    y = lax.integer_pow(v, 2)
    y_sq = lax.integer_pow(y, 2)
    mean_sq = lax.integer_pow(mean, 2)
    four = np.array(4, dtype)
    sqrt_term = lax.sqrt(lax.add(lax.mul(lax.mul(four, mean), y), lax.mul(mean_sq, y_sq)))
    half = np.array(2, dtype)
    x = lax.sub(
        lax.add(mean, lax.div(lax.mul(mean_sq, y), half)),
        lax.mul(lax.div(mean, half), sqrt_term),
    )
    take_x = lax.le(z, lax.div(mean, lax.add(mean, x)))
    return lax.select(take_x, x, lax.div(mean_sq, x))


@keyed
def wald(key, mean, shape=None, dtype=None):
    """Inverse Gaussian draws of mean `mean` (Michael, Schucany and Haas's method)."""
    data, shape, dtype = _float_params("wald", key, shape, dtype, mean)
    return _wald(data, mean, shape, dtype)


@jit(static_argnums=(4, 5))
def _triangular(data, left, mode, right, shape, dtype):
    left, right, mode = (_param(p, shape, dtype) for p in (left, right, mode))
    fc = lax.div(lax.sub(mode, left), lax.sub(right, left))
    u = uniform_body(data, 0.0, 1.0, shape, dtype)
    width = lax.sub(right, left)
    out1 = lax.add(left, lax.sqrt(lax.mul(lax.mul(u, width), lax.sub(mode, left))))
    one_minus = lax.sub(np.array(1, dtype), u)
    out2 = lax.sub(right, lax.sqrt(lax.mul(lax.mul(one_minus, width), lax.sub(right, mode))))
    return lax.select(lax.lt(u, fc), out1, out2)


@keyed
def triangular(key, left, mode, right, shape=None, dtype=None):
    """Triangular draws on [left, right] peaking at `mode`."""
    data, shape, dtype = _float_params("triangular", key, shape, dtype, left, mode, right)
    return _triangular(data, left, mode, right, shape, dtype)


# ---------------------------------------------------------------------------------------------
# maxwell, double_sided_maxwell: norms of 3-d normal draws, and signed ones.


def _maxwell_body(data, shape, dtype):
    x = _normal(data, (*shape, 3), dtype)  # a nested call, as JAX's (XLA fuses alike)
    return linalg.norm(x, axis=-1)  # as JAX's: a call of jnp.linalg.norm


@jit(static_argnums=(1, 2))
def _maxwell(data, shape, dtype):
    return _maxwell_body(data, shape, dtype)


@keyed
def maxwell(key, shape=(), dtype=None):
    """Maxwell draws: the length of a standard normal 3-vector."""
    data, _ = check_key("maxwell", key)
    dtype = float_dtype(dtype, "maxwell")
    return _maxwell(data, canonical_shape(shape, "maxwell"), dtype)


@jit(static_argnums=(3, 4))
def _double_sided_maxwell(data, loc, scale, shape, dtype):
    params = broadcast_shapes("double_sided_maxwell", param_shape(loc), param_shape(scale))
    shape = (shape or params) + params
    k_maxwell, k_sign = split2(data)
    draws = _maxwell_body(k_maxwell, shape, dtype)
    sign = rademacher_body(k_sign, shape, dtype)
    return jnp.add(jnp.multiply(lax.mul(sign, draws), scale), loc)


@keyed
def double_sided_maxwell(key, loc, scale, shape=(), dtype=None):
    """Maxwell draws with a random sign, scaled by `scale` around `loc`."""
    data, _ = check_key("double_sided_maxwell", key)
    dtype = float_dtype(dtype, "double_sided_maxwell")
    shape = canonical_shape(shape, "double_sided_maxwell")
    return _double_sided_maxwell(data, loc, scale, shape, dtype)


# ---------------------------------------------------------------------------------------------
# geometric: the number of Bernoulli(p) trials to the first success.


@jit(static_argnums=(2, 3))
def _geometric(data, p, shape, dtype):
    ptype = p.aval.dtype if dtypes.is_float(p.aval.dtype) else dtypes.default_float
    p = lax.convert_element_type(p, ptype)
    u = uniform_body(data, 0.0, 1.0, shape, ptype)
    u = lax.select(lax.eq(u, np.array(0, ptype)), _param(np.array(1, ptype), shape, ptype), u)
    log_one_minus_p = _param(lax.log1p(lax.neg(p)), shape, ptype)
    g = lax.add(lax.floor(lax.div(lax.log(u), log_one_minus_p)), np.array(1, ptype))
    return lax.convert_element_type(g, dtype)


@keyed
def geometric(key, p, shape=None, dtype=None):
    """Geometric draws (integers >= 1) with success probability `p`."""
    data, _ = check_key("geometric", key)
    dtype = int_dtype(dtype, "geometric")
    shape = sample_shape("geometric", shape, param_shape(p))
    return _geometric(data, p, shape, dtype)
