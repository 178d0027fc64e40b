"""The regularized incomplete gamma functions as JAX's primitives: igamma P(a, x), igammac
Q(a, x) = 1 - P(a, x) and igamma_grad_a dP/da, each lowered by tracing Cephes' power series
(x below 1 or below a) or continued fraction, summed until the term stops mattering, as JAX's
`mlir.lower_fun` does (the same operations in the same order, so the same bits); float16 and
bfloat16 compute in float32. `random_gamma_grad` (the derivative of a gamma sample in its
shape) is the same sums in their third mode, inlined as JAX's. The jvps are JAX's: igamma_grad_a
in a, the gamma density in x."""

from __future__ import annotations

import enum

import numpy as np

from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
)
from meshjit.compiler.ir.sharding_rules import broadcasting
from meshjit.compiler.lax import elementwise as ew
from meshjit.compiler.lax import special
from meshjit.compiler.lax.ad_util import add_tangents, aval_of
from meshjit.compiler.lax.batching import elementwise_rule
from meshjit.compiler.lax.control_flow import while_loop
from meshjit.compiler.lax.lapack import lower_fun
from meshjit.compiler.lax.reductions import reduce_or
from meshjit.compiler.lax.shapes import broadcast_in_dim, full_like

__all__ = ["igamma", "igamma_grad_a", "igammac", "random_gamma_grad"]


class Mode(enum.Enum):
    VALUE = 1
    DERIVATIVE = 2  # dP/da
    SAMPLE_DERIVATIVE = 3  # d(sample)/da = -(dP/da) / (dP/dx)


def _c(x, value):
    """A constant of x's dtype (JAX's `_const`)."""
    return np.array(value, aval_of(x).dtype)


def _any(pred):
    return reduce_or(pred, tuple(range(aval_of(pred).ndim)))


def _eps(dtype):
    return float(dtypes.finfo(dtype).eps)


# ---------------------------------------------------------------------------------------------
# The two sums, as JAX's `_igamma_series` and `_igammac_continued_fraction`.


def _series(ax, x, a, enabled, dtype, mode):
    eps = _eps(dtype)

    def body(vals):
        on, r, c, ans, x_, dc_da, dans_da = vals
        r = ew.add(r, _c(r, 1.0))
        dc_da = ew.sub(ew.mul(dc_da, ew.div(x_, r)), ew.div(ew.mul(c, x_), ew.mul(r, r)))
        dans_da = ew.add(dans_da, dc_da)
        c = ew.mul(c, ew.div(x_, r))
        ans = ew.add(ans, c)
        if mode == Mode.VALUE:
            going = ew.bitwise_and(on, ew.gt(ew.div(c, ans), _c(c, eps)))
        else:
            going = ew.bitwise_and(on, ew.gt(ew.abs(ew.div(dc_da, dans_da)), _c(c, eps)))
        new = (r, c, ans, x_, dc_da, dans_da)
        return (going, *(ew.select(on, n, o) for n, o in zip(new, vals[1:])))

    one, zero = full_like(a, 1), full_like(a, 0)
    vals = while_loop(lambda v: _any(v[0]), body, (enabled, a, one, one, x, zero, zero))
    ans, dans_da = vals[3], vals[6]
    if mode == Mode.VALUE:
        return ew.div(ew.mul(ans, ax), a)
    dlogax_da = ew.sub(ew.log(x), special.digamma(ew.add(a, _c(a, 1.0))))
    if mode == Mode.DERIVATIVE:
        return ew.div(ew.mul(ax, ew.add(ew.mul(ans, dlogax_da), dans_da)), a)
    return ew.div(ew.mul(ew.neg(ew.add(dans_da, ew.mul(ans, dlogax_da))), x), a)


def _fraction_body(eps, mode):
    def body(vals):
        on, ans, t, y, z, c, pkm1, qkm1, pkm2, qkm2 = vals[:10]
        dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da, dans_da = vals[10:]
        c, y, z = ew.add(c, _c(c, 1)), ew.add(y, _c(y, 1)), ew.add(z, _c(z, 2))
        yc = ew.mul(y, c)
        pk = ew.sub(ew.mul(pkm1, z), ew.mul(pkm2, yc))
        qk = ew.sub(ew.mul(qkm1, z), ew.mul(qkm2, yc))
        nonzero = ew.ne(qk, _c(qk, 0))
        r = ew.div(pk, qk)
        t = ew.select(nonzero, ew.abs(ew.div(ew.sub(ans, r), r)), full_like(r, 1))
        ans = ew.select(nonzero, r, ans)
        dpk_da = ew.add(
            ew.sub(ew.sub(ew.mul(dpkm1_da, z), pkm1), ew.mul(dpkm2_da, yc)), ew.mul(pkm2, c)
        )
        dqk_da = ew.add(
            ew.sub(ew.sub(ew.mul(dqkm1_da, z), qkm1), ew.mul(dqkm2_da, yc)), ew.mul(qkm2, c)
        )
        dans_da_new = ew.select(nonzero, ew.div(ew.sub(dpk_da, ew.mul(ans, dqk_da)), qk), dans_da)
        change = ew.select(nonzero, ew.abs(ew.sub(dans_da_new, dans_da)), full_like(dans_da, 1))
        pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
        dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da = dpkm1_da, dqkm1_da, dpk_da, dqk_da
        rescale = ew.gt(ew.abs(pk), ew.reciprocal(_c(pk, eps)))
        pkm2, pkm1, qkm2, qkm1, dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da = (
            ew.select(rescale, ew.mul(v, _c(v, eps)), v)
            for v in (pkm2, pkm1, qkm2, qkm1, dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da)
        )
        test = t if mode == Mode.VALUE else change
        going = ew.bitwise_and(on, ew.gt(test, _c(test, eps)))
        new = (ans, t, y, z, c, pkm1, qkm1, pkm2, qkm2)
        new += (dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da, dans_da_new)
        kept = [n if i == 4 else ew.select(on, n, o) for i, (n, o) in enumerate(zip(new, vals[1:]))]
        return (going, *kept)

    return body


def _continued_fraction(ax, x, a, enabled, dtype, mode):
    y = ew.sub(_c(a, 1), a)
    z = ew.add(ew.add(x, y), _c(x, 1))
    pkm1 = ew.add(x, _c(x, 1))
    qkm1 = ew.mul(z, x)
    ans = ew.div(pkm1, qkm1)
    dqkm1_da = ew.neg(x)
    zero = full_like(x, 0)
    dans_da = ew.div(ew.sub(zero, ew.mul(ans, dqkm1_da)), qkm1)
    init = (enabled, ans, full_like(x, 1), y, z, _c(x, 0), pkm1, qkm1, full_like(x, 1), x)
    init += (zero, zero, zero, dqkm1_da, dans_da)
    cond = lambda v: ew.bitwise_and(ew.lt(v[5], _c(v[5], 2000)), _any(v[0]))  # noqa: E731
    vals = while_loop(cond, _fraction_body(_eps(dtype), mode), init)
    ans = vals[1]
    if mode == Mode.VALUE:
        return ew.mul(ans, ax)
    dlogax_da = ew.sub(ew.log(x), special.digamma(a))
    if mode == Mode.DERIVATIVE:
        return ew.mul(ax, ew.add(ew.mul(ans, dlogax_da), vals[14]))
    return ew.neg(ew.mul(ew.add(vals[14], ew.mul(ans, dlogax_da)), x))


# ---------------------------------------------------------------------------------------------
# The implementations (JAX's igamma_impl, igammac_impl, igamma_grad_a_impl and
# random_gamma_grad_impl).


def _or(*preds):
    out = preds[0]
    for p in preds[1:]:
        out = ew.bitwise_or(out, p)
    return out


def _isnan(v):
    return ew.ne(v, v)


def _log_ax(a, x, dtype):
    ax = ew.sub(ew.sub(ew.mul(a, ew.log(x)), x), special.lgamma(a))
    underflow = ew.lt(ax, _c(ax, -np.log(dtypes.finfo(dtype).max)))
    return ax, underflow


def _igamma_impl(a, x, *, dtype):
    is_nan = ew.bitwise_or(_isnan(a), _isnan(x))
    x_inf, a_zero, x_zero = ew.eq(x, _c(x, np.inf)), ew.eq(a, _c(a, 0)), ew.eq(x, _c(x, 0))
    both_zero = ew.bitwise_and(a_zero, x_zero)
    domain_error = _or(ew.lt(x, _c(x, 0)), ew.lt(a, _c(a, 0)), both_zero, is_nan)
    use_q = ew.bitwise_and(ew.ge(x, _c(x, 1)), ew.gt(x, a))
    ax, underflow = _log_ax(a, x, dtype)
    ax = ew.exp(ax)
    enabled = ew.bitwise_not(_or(x_zero, domain_error, underflow, x_inf))
    upper = _continued_fraction(ax, x, a, ew.bitwise_and(enabled, use_q), dtype, Mode.VALUE)
    lower = _series(ax, x, a, ew.bitwise_and(enabled, ew.bitwise_not(use_q)), dtype, Mode.VALUE)
    out = ew.select(use_q, ew.sub(_c(a, 1), upper), lower)
    out = ew.select(x_zero, full_like(a, 0), out)
    out = ew.select(x_inf, full_like(a, 1), out)
    return ew.select(domain_error, full_like(a, np.nan), out)


def _igammac_impl(a, x, *, dtype):
    is_nan = ew.bitwise_or(_isnan(a), _isnan(x))
    a_zero, x_zero, x_inf = ew.eq(a, _c(a, 0)), ew.eq(x, _c(x, 0)), ew.eq(x, _c(x, np.inf))
    both_zero = ew.bitwise_and(a_zero, x_zero)
    domain_error = _or(ew.lt(x, _c(x, 0)), ew.lt(a, _c(a, 0)), both_zero, is_nan)
    use_p = ew.bitwise_or(ew.lt(x, _c(x, 1)), ew.lt(x, a))
    ax, underflow = _log_ax(a, x, dtype)
    enabled = ew.bitwise_not(_or(domain_error, underflow, x_inf, a_zero))
    ax = ew.exp(ax)
    lower = _series(ax, x, a, ew.bitwise_and(enabled, use_p), dtype, Mode.VALUE)
    upper = _continued_fraction(
        ax, x, a, ew.bitwise_and(enabled, ew.bitwise_not(use_p)), dtype, Mode.VALUE
    )
    out = ew.select(use_p, ew.sub(_c(a, 1), lower), upper)
    out = ew.select(ew.bitwise_or(x_inf, a_zero), full_like(out, 0), out)
    return ew.select(domain_error, full_like(a, np.nan), out)


def _derivative_impl(a, x, *, dtype, mode):
    """dP/da (DERIVATIVE) or d(sample)/da (SAMPLE_DERIVATIVE)."""
    is_nan = ew.bitwise_or(_isnan(a), _isnan(x))
    x_zero = ew.eq(x, full_like(x, 0))
    domain_error = ew.bitwise_or(ew.lt(x, full_like(x, 0)), ew.le(a, full_like(a, 0)))
    use_q = ew.bitwise_and(ew.gt(x, full_like(x, 1)), ew.gt(x, a))
    ax, underflow = _log_ax(a, x, dtype)
    ax = ew.exp(ax)
    enabled = ew.bitwise_not(_or(x_zero, domain_error, underflow, is_nan))
    upper = _continued_fraction(ax, x, a, ew.bitwise_and(enabled, use_q), dtype, mode)
    lower = _series(ax, x, a, ew.bitwise_and(enabled, ew.bitwise_not(use_q)), dtype, mode)
    out = ew.select(use_q, ew.neg(upper), lower)
    out = ew.select(x_zero, full_like(out, 0), out)
    return ew.select(ew.bitwise_or(domain_error, is_nan), full_like(a, np.nan), out)


def _up_and_broadcast(impl, **params):
    """Operands broadcast to one shape, float16 / bfloat16 computed in float32 (JAX's)."""

    def run(*args):
        shape = np.broadcast_shapes(*(aval_of(v).shape for v in args))
        args = [broadcast_in_dim(v, shape, tuple(range(aval_of(v).ndim))) for v in args]
        dtype = aval_of(args[0]).dtype
        wide = dtype in (dtypes.float16, dtypes.bfloat16)
        if wide:
            args = [ew.convert_element_type(v, np.float32) for v in args]
        out = impl(*args, dtype=np.dtype(np.float32) if wide else dtype, **params)
        return ew.convert_element_type(out, dtype) if wide else out

    return run


# ---------------------------------------------------------------------------------------------
# The primitives.


def _igamma_primitive(name, impl):
    prim = Primitive(name)
    abstract_eval_rules.register(prim)(special.same_aval_rule(name, "f"))
    lowering_rules.register(prim, lower_fun(_up_and_broadcast(impl), multiple_results=False))
    sharding_rules.register(prim, broadcasting(name))
    elementwise_rule(prim)
    return prim


igamma_p = _igamma_primitive("igamma", _igamma_impl)
igammac_p = _igamma_primitive("igammac", _igammac_impl)
igamma_grad_a_p = _igamma_primitive(
    "igamma_grad_a", lambda a, x, dtype: _derivative_impl(a, x, dtype=dtype, mode=Mode.DERIVATIVE)
)


def _gradx(t, a, x):
    """t * the gamma density at x (JAX's igamma_gradx)."""
    log_density = ew.sub(
        ew.add(ew.neg(x), ew.mul(ew.sub(a, full_like(a, 1)), ew.log(x))), special.lgamma(a)
    )
    return ew.mul(t, ew.exp(log_density))


def _defjvp(prim, negate: bool):
    @jvp_rules.register(prim)
    def rule(primals, tangents):
        (a, x), (ta, tx) = primals, tangents
        out = prim.bind(a, x)
        signed = ew.neg if negate else (lambda v: v)  # each part negated as it is made
        da = None if ta is None else signed(ew.mul(ta, igamma_grad_a_p.bind(a, x)))
        dx = None if tx is None else signed(_gradx(tx, a, x))
        return out, add_tangents(da, dx)

    return rule


_defjvp(igamma_p, negate=False)
_defjvp(igammac_p, negate=True)


def igamma(a, x):
    """P(a, x), the regularized lower incomplete gamma function."""
    return igamma_p.bind_internal(*ew.lax_operands(a, x, name="igamma"))


def igammac(a, x):
    """Q(a, x) = 1 - P(a, x)."""
    return igammac_p.bind_internal(*ew.lax_operands(a, x, name="igammac"))


def igamma_grad_a(a, x):
    """dP(a, x)/da."""
    return igamma_grad_a_p.bind_internal(*ew.lax_operands(a, x, name="igamma_grad_a"))


def random_gamma_grad(a, x):
    """d(sample)/da at gamma samples `x` of shape `a`: JAX's operations inline (no primitive)."""
    impl = _up_and_broadcast(_derivative_impl, mode=Mode.SAMPLE_DERIVATIVE)
    return impl(*ew.lax_operands(a, x, name="random_gamma_grad"))
