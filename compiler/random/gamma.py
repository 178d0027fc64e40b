"""The gamma family: gamma, loggamma, beta, dirichlet, chisquare, t, generalized_normal, ball.

Gamma variates come from Marsaglia and Tsang's rejection loop, one key per element split from
the caller's key, exactly as JAX 0.10.2 runs it on CPU: JAX vmaps its scalar sampler over the
elements, so the loops below run over all elements at once and update only the elements whose
loop is still running (JAX's batched while loop), which gives every element the bits of its own
scalar loop. For the rbg implementations JAX maps the scalar sampler over the elements
instead (a batched rng_bit_generator draws with one key), and so does `_gamma_impl`.
"""

from __future__ import annotations

import functools
import math
import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.batching.custom_batching import custom_vmap
from meshjit.compiler.config import prng_impl_name, prng_impl_scope
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.jit.api import jit
from meshjit.compiler.lax.batching import broadcast_batched
from meshjit.compiler.numpy.util import aval_of
from meshjit.compiler.random import prng
from meshjit.compiler.random.gamma_grad import gamma_grad
from meshjit.compiler.random.keys import check_key, default_impl, keyed
from meshjit.compiler.random.samplers import (
    broadcast_to_rank,
    exponential_body,
    normal_body,
    rademacher_body,
    row,
    split2,
    uniform_body,
)
from meshjit.compiler.random.util import (
    broadcast_shapes,
    canonical_shape,
    check_safe_to_cast,
    float_dtype,
    param_shape,
    sample_shape,
    vary,
    varying_axes,
)


def _masked(pred, new, old):
    """Per element of the batch (the leading axis of `pred`): `new` where `pred`, else `old`."""
    return [lax.select(_like(pred, aval_of(n).shape), n, o) for n, o in zip(new, old, strict=True)]


def _like(pred, shape):
    if aval_of(pred).shape == shape:
        return pred
    return lax.broadcast_in_dim(pred, shape, (0,))


def _batched_while(cond, body, init):
    """JAX's batched while loop: run while any element's `cond` holds, and update only those."""

    def masked_body(state):
        return _masked(cond(state), body(state), state)

    return lax.while_loop(lambda state: lax.reduce_or(cond(state), (0,)), masked_body, list(init))


def _gamma_one(keys, alpha, log_space: bool):
    """Marsaglia-Tsang for a batch of (key, alpha): keys `(n, 2)`, alpha `(n,)`."""
    dtype = aval_of(alpha).dtype
    n = aval_of(alpha).shape
    axes = varying_axes(keys, alpha)
    keys, alpha = vary(keys, axes), vary(alpha, axes)
    const = lambda v: vary(lax.full(n, np.array(v, dtype)), axes)
    zero, one, two, minus_one = const(0), const(1), const(2), const(-1)
    third = np.array(1.0 / 3.0, dtype)

    boost_mask = lax.ge(alpha, one)
    alpha_orig = alpha
    alpha = lax.select(boost_mask, alpha, lax.add(alpha, one))
    d = lax.sub(alpha, third)
    c = lax.div(third, lax.sqrt(d))

    def accept_pending(state):
        _, x_sq, v, u = state
        squeeze = lax.sub(np.array(1, dtype), lax.mul(np.array(0.0331, dtype), lax.mul(x_sq, x_sq)))
        log_v = lax.add(lax.sub(np.array(1, dtype), v), lax.log(v))
        bound = lax.add(lax.mul(x_sq, np.array(0.5, dtype)), lax.mul(d, log_v))
        return lax.bitwise_and(lax.ge(u, squeeze), lax.ge(lax.log(u), bound))

    def draw_v(state):
        key, _, _ = state
        key, subkey = _split2_batched(key)
        x = normal_body(subkey, (), dtype)
        return [key, x, lax.add(one, lax.mul(x, c))]

    def propose(state):
        split = prng.split(state[0], (3,))
        key, x_key, u_key = (_column(split, j) for j in range(3))
        _, x, v = _batched_while(lambda s: lax.le(s[2], zero), draw_v, (x_key, zero, minus_one))
        x_sq = lax.mul(x, x)
        v_cubed = lax.mul(lax.mul(v, v), v)
        return [key, x_sq, v_cubed, uniform_body(u_key, 0.0, 1.0, (), dtype)]

    key, subkey = _split2_batched(keys)
    _, _, v, _ = _batched_while(accept_pending, propose, (key, zero, one, two))
    if log_space:
        log_samples = lax.neg(exponential_body(subkey, (), dtype))
        no_boost = lax.bitwise_or(boost_mask, lax.eq(log_samples, zero))
        log_boost = lax.select(no_boost, zero, lax.mul(log_samples, lax.div(one, alpha_orig)))
        return lax.add(lax.add(lax.log(d), lax.log(v)), log_boost)
    samples = lax.sub(np.array(1, dtype), uniform_body(subkey, 0.0, 1.0, (), dtype))
    boost = lax.select(boost_mask, one, lax.pow(samples, lax.div(one, alpha_orig)))
    return lax.mul(lax.mul(d, v), boost)


def _column(keys, j):
    """Key `j` of each row of split keys `(n, m, 2)`."""
    return lax.squeeze(lax.slice_in_dim(keys, j, j + 1, axis=1), (1,))


def _split2_batched(keys):
    split = prng.split(keys, (2,))
    return _column(split, 0), _column(split, 1)


def gamma_body(data, a, shape, dtype, log_space: bool):
    a = lax.convert_element_type(a, dtype)
    if aval_of(a).shape != shape:
        a = jnp.broadcast_to(a, shape)
    if math.prod(shape) == 0:
        return lax.full(shape, np.zeros((), dtype))
    return _gamma_samples(prng_impl_name())(data, a, log_space)


def _gamma_impl(data, a, log_space: bool):
    if default_impl().name != "threefry2x32":
        return _mapped_gamma(log_space, prng_impl_name())(data, a)
    shape = aval_of(a).shape
    size = math.prod(shape)
    samples = _gamma_one(prng.split(data, (size,)), lax.reshape(a, (size,)), log_space)
    return lax.reshape(samples, shape)


def _mapped_gamma_impl(data, a, log_space: bool):
    """JAX's gamma for keys other than threefry's: the scalar sampler mapped over the elements,
    each drawing with its key alone. `data` may lead with batch dims `(*batch, words)` that `a`
    leads with too: each key is split for its own elements, all mapped in one loop."""
    shape = aval_of(a).shape
    batch = aval_of(data).shape[:-1]
    size = math.prod(shape[len(batch) :])
    keys = prng.split(data, (size,))
    keys = lax.reshape(keys, (math.prod(batch) * size, aval_of(keys).shape[-1]))
    alphas = lax.reshape(a, (math.prod(shape),))
    samples = lax.map(lambda ka: _gamma_one(ka[0][None], ka[1][None], log_space)[0],
                      (keys, alphas))  # fmt: skip
    return lax.reshape(samples, shape)


@functools.cache
def _mapped_gamma(log_space: bool, impl_name: str):
    """`_mapped_gamma_impl` batched as JAX's random_gamma primitive: vmap moves the batch into
    the keys (a batched rng_bit_generator would draw with the first key only), so every element
    of every batch entry still draws with its own key, however many vmaps are nested. The rule
    runs when vmap reaches the call, outside the sampler: it names the key's implementation."""

    @custom_vmap
    def mapped(data, a):
        with prng_impl_scope(impl_name):
            return _mapped_gamma_impl(data, a, log_space)

    @mapped.def_vmap
    def _rule(axis_size, in_batched, data, a):
        data, a = (
            x if b else broadcast_batched(x, axis_size) for x, b in zip((data, a), in_batched)
        )
        return mapped(data, a), True

    return mapped


@functools.cache
def _gamma_samples(impl_name: str):
    """Gamma samples differentiable in `a` as JAX's gamma is: implicitly, through the gamma CDF.
    Batching and differentiation may run the function and its rule after the sampler returned:
    both name the key's implementation."""

    def samples(data, a, log_space):
        with prng_impl_scope(impl_name):
            return _gamma_impl(data, a, log_space)

    differentiable = custom_jvp(samples, nondiff_argnums=(2,))

    @differentiable.defjvp
    def _jvp(log_space, primals, tangents):
        (data, a), (_, a_dot) = primals, tangents
        out = samples(data, a, log_space)
        return out, lax.mul(a_dot, gamma_grad(out, a, log_space))

    return differentiable


@jit(static_argnums=(2, 3, 4))
def _gamma(data, a, shape, dtype, log_space):
    return gamma_body(data, a, shape, dtype, log_space)


def _gamma_sampler(name, log_space):
    def sampler(key, a, shape=None, dtype=None):
        data, _ = check_key(name, key)
        dtype = float_dtype(dtype, "gamma")  # JAX's name for loggamma's too
        shape = sample_shape(name, shape, param_shape(a))
        return _gamma(data, a, shape, dtype, log_space)

    sampler.__name__ = sampler.__qualname__ = name  # (Python names it in its errors)
    return keyed(sampler)


gamma = _gamma_sampler("gamma", False)
gamma.__doc__ = "Gamma floats of shape parameter `a` (unit scale)."
loggamma = _gamma_sampler("loggamma", True)
loggamma.__doc__ = "The logs of gamma floats, accurate for small `a`."


# ---------------------------------------------------------------------------------------------
# Built on gamma.


def _shape_from(name, shape, *params):
    return sample_shape(name, shape, *map(param_shape, params))


@jit(static_argnums=(3, 4))
def _beta(data, a, b, shape, dtype):
    a = lax.convert_element_type(a, dtype)
    b = lax.convert_element_type(b, dtype)
    key_a, key_b = split2(data)
    a, b = jnp.broadcast_to(a, shape), jnp.broadcast_to(b, shape)
    log_gamma_a = gamma_body(key_a, a, shape, dtype, True)
    log_gamma_b = gamma_body(key_b, b, shape, dtype, True)
    log_max = lax.max(log_gamma_a, log_gamma_b)
    gamma_a = lax.exp(lax.sub(log_gamma_a, log_max))
    gamma_b = lax.exp(lax.sub(log_gamma_b, log_max))
    return lax.div(gamma_a, lax.add(gamma_a, gamma_b))


@keyed
def beta(key, a, b, shape=None, dtype=None):
    """Beta floats with parameters `a` and `b`."""
    data, _ = check_key("beta", key)
    dtype = float_dtype(dtype, "beta")
    check_safe_to_cast("beta", dtype, a, b)
    return _beta(data, a, b, _shape_from("beta", shape, a, b), dtype)


def _sum_last(x):
    """jnp.sum over the last axis: float16 / bfloat16 accumulate in float32, as in JAX."""
    dtype = aval_of(x).dtype
    wide = dtype in (dtypes.float16, dtypes.bfloat16)
    if wide:
        x = lax.convert_element_type(x, dtypes.float32)
    out = lax.reduce_sum(x, (aval_of(x).ndim - 1,))
    return lax.convert_element_type(out, dtype) if wide else out


def _softmax_last(x):
    ndim = aval_of(x).ndim
    x_max = lax.expand_dims(lax.reduce_max(x, (ndim - 1,)), (ndim - 1,))
    x_max = lax.max(x_max, np.array(-np.inf, aval_of(x).dtype))
    unnormalized = lax.exp(lax.sub(x, x_max))
    return lax.div(unnormalized, lax.expand_dims(_sum_last(unnormalized), (ndim - 1,)))


@jit(static_argnums=(2, 3))
def _dirichlet(data, alpha, shape, dtype):
    alpha = lax.convert_element_type(alpha, dtype)
    samples = gamma_body(data, alpha, shape + param_shape(alpha)[-1:], dtype, True)
    return _softmax_last(samples)


@keyed
def dirichlet(key, alpha, shape=None, dtype=None):
    """Dirichlet vectors with concentration `alpha` (its last axis)."""
    data, _ = check_key("dirichlet", key)
    dtype = float_dtype(dtype, "dirichlet")
    alpha_shape = param_shape(alpha)
    if not alpha_shape:
        raise MeshjitValueError("dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0")
    shape = sample_shape("dirichlet", shape, alpha_shape[:-1])
    return _dirichlet(data, alpha, shape, dtype)


@jit(static_argnums=(2, 3))
def _chisquare(data, df, shape, dtype):
    half_df = lax.div(lax.convert_element_type(df, dtype), np.array(2, dtype))
    log_g = gamma_body(data, half_df, shape, dtype, True)
    return lax.mul(lax.exp(log_g), np.array(2, dtype))


@keyed
def chisquare(key, df, shape=None, dtype=None):
    """Chi-square floats with `df` degrees of freedom."""
    data, _ = check_key("chisquare", key)
    dtype = float_dtype(dtype, "chisquare")
    check_safe_to_cast("chisquare", dtype, df)
    return _chisquare(data, df, _shape_from("chisquare", shape, df), dtype)


@jit(static_argnums=(3, 4))
def _f(data, dfnum, dfden, shape, dtype):
    dfden = lax.convert_element_type(dfden, dtype)
    dfnum = lax.convert_element_type(dfnum, dtype)
    key_dfd, key_dfn = split2(data)
    chi2_dfn = _chisquare(key_dfn, dfnum, shape, dtype)
    chi2_dfd = _chisquare(key_dfd, dfden, shape, dtype)
    return lax.div(lax.div(chi2_dfn, dfnum), lax.div(chi2_dfd, dfden))  # JAX's lax.div


@keyed
def f(key, dfnum, dfden, shape=None, dtype=None):
    """F-distributed floats with `dfnum` and `dfden` degrees of freedom."""
    data, _ = check_key("f", key)
    dtype = float_dtype(dtype, "f")
    check_safe_to_cast("f", dtype, dfnum, dfden)
    return _f(data, dfnum, dfden, _shape_from("f", shape, dfnum, dfden), dtype)


@jit(static_argnums=(2, 3))
def _t(data, df, shape, dtype):
    df = lax.convert_element_type(df, dtype)
    key_n, key_g = split2(data)
    n = normal_body(key_n, shape, dtype)
    half_df = lax.div(df, np.array(2, dtype))
    g = gamma_body(key_g, half_df, shape, dtype, False)
    return lax.mul(n, lax.sqrt(_broadcast_div(half_df, g)))


def _broadcast_div(x, y):
    shape = broadcast_shapes("div", param_shape(x), param_shape(y))
    return lax.div(jnp.broadcast_to(x, shape), jnp.broadcast_to(y, shape))


@keyed
def t(key, df, shape=None, dtype=None):
    """Student's t floats with `df` degrees of freedom."""
    data, _ = check_key("t", key)
    dtype = float_dtype(dtype, "t")
    check_safe_to_cast("t", dtype, df)
    return _t(data, df, _shape_from("t", shape, df), dtype)


def generalized_normal_body(data, p, shape, dtype):
    keys = prng.split(data, (2,))
    inv_p = lax.div(1.0, _as_float(p))
    g = gamma_body(row(keys, 0), inv_p, shape, dtype, False)
    r = rademacher_body(row(keys, 1), shape, dtype)
    exponent = lax.convert_element_type(inv_p, dtype)
    if param_shape(exponent):  # a p of a lower rank: as JAX's `g ** (1 / p)`, to the rank
        exponent = broadcast_to_rank(exponent, len(shape))
    return lax.mul(r, lax.pow(g, exponent))


def _as_float(p):
    """`p` as jnp.true_divide sees it: integers become (weak) default floats."""
    aval = aval_of(p)
    if dtypes.is_float(aval.dtype):
        return p
    return lax.convert_element_type(p, dtypes.default_float, weak_type=aval.weak_type)


@jit(static_argnums=(2, 3))
def _generalized_normal(data, p, shape, dtype):
    return generalized_normal_body(data, p, shape, dtype)


@keyed
def generalized_normal(key, p, shape=(), dtype=None):
    """Generalized normal floats with shape parameter `p` (density ~ exp(-|x|**p))."""
    data, _ = check_key("generalized_normal", key)
    dtype = float_dtype(dtype, "gamma")  # JAX's: it draws from gamma
    return _generalized_normal(data, p, _shape_from("gamma", shape, p), dtype)  # JAX: gamma checks


@jit(static_argnums=(2, 3, 4))
def _ball(data, p, d, shape, dtype):
    k1, k2 = split2(data)
    g = generalized_normal_body(k1, p, (*shape, d), dtype)
    e = exponential_body(k2, shape, dtype)
    powered = lax.pow(lax.abs(g), lax.convert_element_type(p, dtype))
    inv_p = lax.div(1.0, _as_float(p))
    norm = lax.pow(lax.add(_sum_last(powered), e), lax.convert_element_type(inv_p, dtype))
    return lax.div(g, lax.expand_dims(norm, (len(shape),)))


@keyed
def ball(key, d, p=2, shape=(), dtype=None):
    """Points uniform in the unit `p`-norm ball of dimension `d`."""
    data, _ = check_key("ball", key)
    dtype = float_dtype(dtype, "gamma")  # JAX's words: its gamma draws check the dtype
    d = operator.index(d)  # JAX's: a float dimension is refused, not truncated
    shape = canonical_shape(shape, "ball")
    if d < 0:  # JAX's words: its draw broadcasts the static shape (*shape, d)
        raise MeshjitTypeError(
            "Only non-negative indices are allowed when broadcasting static shapes, but got "
            f"shape {(*shape, d)!r}. (ball: the dimension d={d} is negative)"
        )
    return _ball(data, p, d, shape, dtype)
