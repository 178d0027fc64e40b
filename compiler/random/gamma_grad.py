"""The derivative of a gamma sample with respect to its shape parameter (implicit
reparameterization: -(dF/da) / (dF/dx) for the gamma CDF F), as JAX computes it on CPU.

dF/da comes from the regularized incomplete gamma function's power series (x below 1 or below
a) or its continued fraction, each differentiated term by term and summed until the derivative
stops changing; float16 and bfloat16 compute in float32. On CPU JAX maps the computation over
the elements one at a time (lax.map); so does this, so each element rounds as in JAX.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.util import aval_of
from meshjit.compiler.random.util import vary, varying_axes


def _f(value, dtype):
    return np.array(value, dtype)


def _any(pred):
    return lax.reduce_or(pred, tuple(range(aval_of(pred).ndim)))


def _series(x, a, enabled, dtype):
    """-(d/da) of the series for the lower incomplete gamma function, times x / a."""
    eps = _f(ml_dtypes.finfo(dtype).eps, dtype)

    def body(vals):
        on, r, c, ans, x_, dc_da, dans_da = vals
        r = lax.add(r, _f(1, dtype))
        dc_da = lax.sub(lax.mul(dc_da, lax.div(x_, r)), lax.div(lax.mul(c, x_), lax.mul(r, r)))
        dans_da = lax.add(dans_da, dc_da)
        c = lax.mul(c, lax.div(x_, r))
        ans = lax.add(ans, c)
        going = lax.bitwise_and(on, lax.gt(lax.abs(lax.div(dc_da, dans_da)), eps))
        new = (r, c, ans, x_, dc_da, dans_da)
        return [going, *(lax.select(on, n, o) for n, o in zip(new, vals[1:]))]

    axes = varying_axes(x, a)
    one, zero = vary(_f(1, dtype), axes), vary(_f(0, dtype), axes)
    init = [vary(v, axes) for v in (enabled, a)] + [one, one, vary(x, axes), zero, zero]
    vals = lax.while_loop(lambda v: _any(v[0]), body, init)
    ans, dans_da = vals[3], vals[6]
    dlogax_da = lax.sub(lax.log(x), lax.digamma(lax.add(a, _f(1, dtype))))
    return lax.div(lax.mul(lax.neg(lax.add(dans_da, lax.mul(ans, dlogax_da))), x), a)


def _continued_fraction(x, a, enabled, dtype):
    """d/da of the continued fraction for the upper incomplete gamma function, times -x."""
    eps = _f(ml_dtypes.finfo(dtype).eps, dtype)
    big = lax.div(_f(1, dtype), eps)

    def cond(vals):
        return lax.bitwise_and(lax.lt(vals[5], _f(2000, dtype)), _any(vals[0]))

    def body(vals):
        (on, ans, t, y, z, c, pkm1, qkm1, pkm2, qkm2) = vals[:10]
        dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da, dans_da = vals[10:]
        c = lax.add(c, _f(1, dtype))
        y = lax.add(y, _f(1, dtype))
        z = lax.add(z, _f(2, dtype))
        yc = lax.mul(y, c)
        pk = lax.sub(lax.mul(pkm1, z), lax.mul(pkm2, yc))
        qk = lax.sub(lax.mul(qkm1, z), lax.mul(qkm2, yc))
        qk_nonzero = lax.ne(qk, _f(0, dtype))
        r = lax.div(pk, qk)
        t = lax.select(qk_nonzero, lax.abs(lax.div(lax.sub(ans, r), r)), _f(1, dtype))
        ans = lax.select(qk_nonzero, r, ans)
        dpk_da = lax.add(
            lax.sub(lax.sub(lax.mul(dpkm1_da, z), pkm1), lax.mul(dpkm2_da, yc)), lax.mul(pkm2, c)
        )
        dqk_da = lax.add(
            lax.sub(lax.sub(lax.mul(dqkm1_da, z), qkm1), lax.mul(dqkm2_da, yc)), lax.mul(qkm2, c)
        )
        dans_da_new = lax.select(
            qk_nonzero, lax.div(lax.sub(dpk_da, lax.mul(ans, dqk_da)), qk), dans_da
        )
        change = lax.select(qk_nonzero, lax.abs(lax.sub(dans_da_new, dans_da)), _f(1, dtype))
        pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
        dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da = dpkm1_da, dqkm1_da, dpk_da, dqk_da
        rescale = lax.gt(lax.abs(pk), big)
        scaled = [
            lax.select(rescale, lax.mul(v, eps), v)
            for v in (pkm2, pkm1, qkm2, qkm1, dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da)
        ]
        pkm2, pkm1, qkm2, qkm1, dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da = scaled
        going = lax.bitwise_and(on, lax.gt(change, eps))
        new = [ans, t, y, z]
        new_tail = [pkm1, qkm1, pkm2, qkm2, dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da, dans_da_new]
        keep = lambda n, o: lax.select(on, n, o)
        return [
            going,
            *map(keep, new, vals[1:5]),
            c,
            *map(keep, new_tail, vals[6:]),
        ]

    y = lax.sub(_f(1, dtype), a)
    z = lax.add(lax.add(x, y), _f(1, dtype))
    pkm1 = lax.add(x, _f(1, dtype))
    qkm1 = lax.mul(z, x)
    ans = lax.div(pkm1, qkm1)
    zero = _f(0, dtype)
    dqkm1_da = lax.neg(x)
    dans_da = lax.div(lax.sub(zero, lax.mul(ans, dqkm1_da)), qkm1)
    init = [enabled, ans, _f(1, dtype), y, z, zero, pkm1, qkm1, _f(1, dtype), x]
    init += [zero, zero, zero, dqkm1_da, dans_da]
    axes = varying_axes(x, a)
    init = [v if i == 5 else vary(v, axes) for i, v in enumerate(init)]  # 5: the shared count
    vals = lax.while_loop(cond, body, init)
    dlogax_da = lax.sub(lax.log(x), lax.digamma(a))
    return lax.neg(lax.mul(lax.add(vals[14], lax.mul(vals[1], dlogax_da)), x))


def random_gamma_grad(a, x):
    """d(sample)/d(a) at the gamma samples `x` of shape parameters `a`, elementwise (arrays
    broadcast together, as JAX's)."""
    shape = np.broadcast_shapes(aval_of(a).shape, aval_of(x).shape)
    if not shape:
        return _random_gamma_grad(a, x)
    flat = (int(np.prod(shape, dtype=np.int64)),)
    a, x = (lax.reshape(lax.broadcast_in_dim(v, shape, _trailing(v, shape)), flat) for v in (a, x))
    return lax.reshape(lax.map(lambda args: _random_gamma_grad(*args), (a, x)), shape)


def _trailing(v, shape) -> tuple:
    ndim = len(aval_of(v).shape)
    return tuple(range(len(shape) - ndim, len(shape)))


def _random_gamma_grad(a, x):
    """d(sample)/d(a) at the gamma sample `x` of shape parameter `a` (scalars)."""
    dtype = aval_of(a).dtype
    upcast = dtype in (dtypes.float16, dtypes.bfloat16)
    if upcast:
        a, x = (lax.convert_element_type(v, dtypes.float32) for v in (a, x))
    work = dtypes.float32 if upcast else dtype
    is_nan = lax.bitwise_or(lax.ne(a, a), lax.ne(x, x))
    x_is_zero = lax.eq(x, _f(0, work))
    domain_error = lax.bitwise_or(lax.lt(x, _f(0, work)), lax.le(a, _f(0, work)))
    use_igammac = lax.bitwise_and(lax.gt(x, _f(1, work)), lax.gt(x, a))
    ax = lax.sub(lax.sub(lax.mul(a, lax.log(x)), x), lax.lgamma(a))
    underflow = lax.lt(ax, lax.neg(lax.log(_f(ml_dtypes.finfo(work).max, work))))
    enabled = lax.bitwise_not(
        lax.bitwise_or(lax.bitwise_or(lax.bitwise_or(x_is_zero, domain_error), underflow), is_nan)
    )
    upper = lax.neg(_continued_fraction(x, a, lax.bitwise_and(enabled, use_igammac), work))
    lower = _series(x, a, lax.bitwise_and(enabled, lax.bitwise_not(use_igammac)), work)
    out = lax.select(use_igammac, upper, lower)
    out = lax.select(x_is_zero, _f(0, work), out)
    out = lax.select(lax.bitwise_or(domain_error, is_nan), _f(np.nan, work), out)
    return lax.convert_element_type(out, dtype) if upcast else out


def gamma_grad(sample, a, log_space: bool):
    """d(sample)/d(a) for every element (d(log sample)/d(a) with `log_space`)."""
    shape = aval_of(a).shape
    samples = lax.reshape(sample, (int(np.prod(shape, dtype=np.int64)),))
    alphas = lax.reshape(a, aval_of(samples).shape)
    dtype = aval_of(samples).dtype
    if log_space:
        samples = lax.exp(samples)
        tiny = _f(ml_dtypes.finfo(dtype).tiny, dtype)
        samples = lax.select(
            lax.eq(samples, _f(0, dtype)), lax.full(aval_of(samples).shape, tiny), samples
        )
        one = lambda args: lax.div(_random_gamma_grad(*args), args[1])
    else:
        one = lambda args: _random_gamma_grad(*args)
    return lax.reshape(lax.map(one, (alphas, samples)), shape)
