"""meshjit.nn: activations, softmax / logsumexp, one_hot and standardize.

Compositions of meshjit.numpy and lax ops (no primitives of their own). Reductions that can
overflow (softmax, logsumexp) subtract the maximum first; a maximum that is not finite (a slice
of all -inf) is replaced by 0 so the result is -inf / nan exactly where JAX gives them.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.numpy.util import aval_of, materialize, promote, promote_inexact

__all__ = [
    "tanh",
    "squareplus",
    "sparse_sigmoid",
    "sparse_plus",
    "mish",
    "logmeanexp",
    "log1mexp",
    "identity",
    "celu",
    "elu",
    "gelu",
    "glu",
    "hard_sigmoid",
    "hard_silu",
    "hard_swish",
    "hard_tanh",
    "leaky_relu",
    "log_sigmoid",
    "log_softmax",
    "logsumexp",
    "normalize",
    "one_hot",
    "relu",
    "relu6",
    "selu",
    "sigmoid",
    "silu",
    "soft_sign",
    "softmax",
    "softplus",
    "standardize",
    "swish",
]


def _inexact(x):
    (x,) = promote_inexact(jnp.asarray(x))
    return materialize(x)


# ---------------------------------------------------------------------------------------------
# Elementwise activations.


def relu(x):
    """max(x, 0); its derivative is 1 where x > 0, else 0 (also at 0 and NaN, as in JAX)."""
    return _gated(x, jnp.greater(x, 0), jnp.maximum(x, 0))


def relu6(x):
    """min(max(x, 0), 6); its derivative is 1 where 0 < x < 6, else 0 (as in JAX)."""
    inside = jnp.logical_and(jnp.greater(x, 0), jnp.less(x, 6.0))
    return _gated(x, inside, jnp.minimum(jnp.maximum(x, 0), 6.0))


def _gated(x, passes, value):
    """`value`, with the derivative of x where `passes` and none elsewhere."""
    x, value = promote(x, value)
    return jnp.where(passes, x, lax.stop_gradient(value))


def sigmoid(x):
    # not promoted, as JAX: an integer input is lax.logistic's TypeError
    return lax.logistic(materialize(jnp.asarray(x)))


def silu(x):
    x = materialize(jnp.asarray(x))
    return x * sigmoid(x)


swish = silu


def softplus(x):
    return jnp.logaddexp(_inexact(x), 0.0)  # as JAX (its derivative at 0 is 1/2)


def log_sigmoid(x):
    return -softplus(-_inexact(x))


def gelu(x, approximate: bool = True):
    x = _inexact(x)
    if approximate:
        c = math.sqrt(2.0 / math.pi)
        out = 0.5 * x * (1.0 + jnp.tanh(c * (x + 0.044715 * (x * x * x))))
    else:
        out = 0.5 * x * (1.0 + lax.erf(x * (1.0 / math.sqrt(2.0))))
    return lax.convert_element_type(out, aval_of(out).dtype)  # strong, as JAX's constants make it


def elu(x, alpha=1.0):
    x = _inexact(x)
    safe = jnp.where(x > 0, 0.0, x)  # as JAX: the derivative at 0 is alpha's side's, alpha
    return jnp.where(x > 0, x, alpha * jnp.expm1(safe))


def celu(x, alpha=1.0):
    x = _inexact(x)
    return jnp.maximum(x, 0.0) + alpha * jnp.expm1(jnp.minimum(x, 0.0) / alpha)


def selu(x):
    alpha = 1.6732632423543772848170429916717
    scale = 1.0507009873554804934193349852946
    return scale * elu(x, alpha)


def leaky_relu(x, negative_slope=1e-2):
    x = _inexact(x)
    return jnp.where(x >= 0, x, negative_slope * x)


def identity(x):
    return jnp.asarray(x)


def tanh(x):
    return jnp.tanh(x)


def mish(x):
    x = _inexact(x)
    return x * jnp.tanh(softplus(x))


def squareplus(x, b=4):
    x = _inexact(x)
    return (x + jnp.sqrt(x * x + b)) / 2


def sparse_plus(x):
    """0 below -1, x above 1, (x + 1)^2 / 4 between."""
    x = _inexact(x)
    return jnp.where(x <= -1.0, 0.0, jnp.where(x >= 1.0, x, (x + 1.0) ** 2 / 4))


def sparse_sigmoid(x):
    return 0.5 * jnp.clip(_inexact(x) + 1.0, 0.0, 2.0)


def hard_tanh(x):
    # in x's dtype (an integer stays one), as JAX; the derivative is 1 on [-1, 1] (and at NaN)
    x = materialize(jnp.asarray(x))
    return jnp.where(x > 1, 1, jnp.where(x < -1, -1, x))


def hard_sigmoid(x):
    return relu6(_inexact(x) + 3.0) / 6.0


def hard_silu(x):
    x = _inexact(x)
    return x * hard_sigmoid(x)


hard_swish = hard_silu


def soft_sign(x):
    x = _inexact(x)
    return x / (jnp.abs(x) + 1)


def glu(x, axis=-1):
    x = jnp.asarray(x)
    axis = checks.canonical_axis(axis, jnp.ndim(x))
    size = jnp.shape(x)[axis]
    if size % 2:
        raise MeshjitTypeError(f"glu: axis {axis} of {aval_of(x).str_short()} must be even")
    a, b = jnp.split(x, 2, axis)
    return a * sigmoid(b)


# ---------------------------------------------------------------------------------------------
# Normalizations over an axis.


def _safe_max(x, axis, where=None):
    """The max over `axis` (kept; of the `where` entries), with non-finite maxima replaced by
    0."""
    if where is None:
        m = jnp.max(x, axis=axis, keepdims=True)
    else:
        m = jnp.max(x, axis=axis, keepdims=True, where=where, initial=-jnp.inf)
    return jnp.where(jnp.isfinite(m), m, jnp.zeros_like(m))


def softmax(x, axis=-1, where=None):
    """exp(x) normalized over `axis`; with `where`, over the selected entries only (the others
    are 0), as JAX's."""
    if where is None:
        return _softmax(_inexact(x), axis)
    return _masked_softmax(_inexact(x), axis, jnp.asarray(where))


def _masked_softmax_impl(x, axis, where):
    x_max = jnp.max(x, axis, where=where, initial=-np.inf, keepdims=True)
    unnormalized = jnp.exp(jnp.where(where, x, -np.inf) - x_max)
    result = unnormalized / jnp.sum(unnormalized, axis, where=where, keepdims=True)
    return jnp.where(where, result, 0)


_masked_softmax = custom_jvp(_masked_softmax_impl, nondiff_argnums=(1,))


@_masked_softmax.defjvp
def _masked_softmax_jvp(axis, primals, tangents):
    (x, where), (t, _) = primals, tangents
    y = _masked_softmax(x, axis, where)
    return y, y * (t - jnp.sum(y * t, axis=axis, where=where, keepdims=True))


def _softmax_impl(x, axis):
    unnormalized = jnp.exp(x - _safe_max(x, axis))
    return unnormalized / jnp.sum(unnormalized, axis=axis, keepdims=True)


# JAX's derivative: y * (t - sum(y * t)), whose sum over the axis is 0 to rounding.
_softmax = custom_jvp(_softmax_impl, nondiff_argnums=(1,))


@_softmax.defjvp
def _softmax_jvp(axis, primals, tangents):
    (x,), (t,) = primals, tangents
    y = _softmax(x, axis)
    return y, y * (t - jnp.sum(y * t, axis=axis, keepdims=True))


def log_softmax(x, axis=-1, where=None):
    x = _inexact(x)
    if where is not None:  # JAX's: the others are -inf
        x_max = jnp.max(x, axis, where=where, initial=-np.inf, keepdims=True)
        shifted = jnp.where(where, x, -np.inf) - lax.stop_gradient(x_max)
        total = jnp.sum(jnp.exp(shifted), axis, where=where, keepdims=True)
        return jnp.where(where, shifted - jnp.log(total), -np.inf)
    shifted = x - _safe_max(x, axis)
    return shifted - jnp.log(jnp.sum(jnp.exp(shifted), axis=axis, keepdims=True))


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False, where=None):
    """log(sum(b * exp(a))) over `axis` (the `where` entries), shifted by the (finite)
    maximum, as JAX: terms with b == 0 do not count, and a negative sum is nan unless
    `return_sign`."""
    a = _inexact(a)
    if where is not None:
        a = jnp.where(where, a, 0)
    if b is not None:
        a, b = promote(a, _inexact(b))
        _check_broadcasts("logsumexp", a, b)
        a, b = jnp.broadcast_arrays(a, b)
        a = jnp.where(b != 0, a, -jnp.inf)
    amax = lax.stop_gradient(_safe_max(a, axis, where))
    terms = jnp.exp(a - amax)
    if b is not None:
        terms = terms * b
    total = jnp.sum(terms, axis=axis, keepdims=True, where=where)
    sign = jnp.sign(total)
    out = jnp.log(jnp.abs(total)) + amax
    if b is not None and not return_sign:
        out = jnp.where(sign < 0, jnp.full_like(out, jnp.nan), out)
    if not keepdims:
        axes = (
            tuple(range(jnp.ndim(a))) if axis is None else checks.canonical_axes(axis, jnp.ndim(a))
        )
        out, sign = jnp.squeeze(out, axes), jnp.squeeze(sign, axes)
    return (out, sign) if return_sign else out


def _check_broadcasts(name: str, a, b) -> None:
    a_shape, b_shape = jnp.shape(a), jnp.shape(b)
    for x, y in zip(reversed(a_shape), reversed(b_shape)):
        if x != y and 1 not in (x, y):
            raise MeshjitValueError(
                f"{name}: b of shape {b_shape} does not broadcast against a of shape {a_shape} "
                "(b weights the terms of a: give it a's shape, or one that broadcasts to it)"
            )


def logmeanexp(x, axis=None, where=None, keepdims=False):
    """log(mean(exp(x))) over `axis` (the `where` entries)."""
    x = _inexact(x)
    lse = logsumexp(x, axis=axis, keepdims=keepdims, where=where)
    if where is not None:
        mask = jnp.broadcast_to(jnp.asarray(where), jnp.shape(x))
        count = jnp.sum(mask, axis=axis, keepdims=keepdims, dtype=lse.dtype)
        return lse - jnp.log(count)
    ndim = jnp.ndim(x)
    axes = tuple(range(ndim)) if axis is None else checks.canonical_axes(axis, ndim)
    count = math.prod(jnp.shape(x)[a] for a in axes)
    return lse - jnp.log(jnp.asarray(count, lse.dtype))


@custom_jvp
def log1mexp(x):
    """log(1 - exp(-x)), accurate on both sides of log 2."""
    x = _inexact(x)
    return jnp.where(x < math.log(2.0), jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))


@log1mexp.defjvp
def _log1mexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1mexp(x), t / jnp.expm1(x)


def standardize(
    x, axis=-1, mean=None, variance=None, epsilon=1e-5, where=None, *, algorithm="fast"
):
    """(x - mean) / sqrt(variance + epsilon) over `axis` (the `where` entries). As JAX, the
    variance is by default the "fast" one, mean(x**2) - mean**2 clipped at 0; "stable" is the
    two-pass mean((x - mean)**2). Jitted as JAX's is (so XLA rounds it as in JAX)."""
    if algorithm not in ("fast", "stable"):
        raise MeshjitValueError(f"Unknown algorithm '{algorithm}'. Expected 'fast' or 'stable'.")
    axis = tuple(axis) if isinstance(axis, list) else axis
    return _jitted_standardize()(x, axis, mean, variance, epsilon, where, algorithm=algorithm)


@functools.cache
def _jitted_standardize():
    from meshjit.compiler.jit.api import jit  # jit sits above nn's functions

    return jit(_standardize, static_argnames=("axis", "algorithm"))


def _standardize(x, axis, mean, variance, epsilon, where, *, algorithm):
    x = _inexact(x)
    if mean is None:
        mean = jnp.mean(x, axis=axis, keepdims=True, where=where)
    if variance is None:
        if algorithm == "stable":
            variance = jnp.mean(jnp.square(x - mean), axis=axis, keepdims=True, where=where)
        else:
            squares = jnp.mean(jnp.square(x), axis=axis, keepdims=True, where=where)
            variance = jnp.clip(squares - jnp.square(mean), 0)
    return (x - mean) * lax.rsqrt(_inexact(variance + epsilon))


normalize = standardize


# ---------------------------------------------------------------------------------------------
# Encodings.


def one_hot(x, num_classes: int, *, dtype=None, axis=-1):
    """x[..., None] == arange(num_classes) along `axis`; out-of-range indices give all zeros.
    `dtype` defaults to the default float (float32; float64 with x64)."""
    if not isinstance(num_classes, int) or isinstance(num_classes, bool) or num_classes < 0:
        raise MeshjitTypeError(
            f"one_hot: num_classes must be a non-negative int, got {num_classes!r}"
        )
    x = jnp.asarray(x)
    aval = aval_of(x)
    out_ndim = aval.ndim + 1
    axis = checks.canonical_axis(axis, out_ndim, "one_hot axis")
    out_shape = list(aval.shape)
    out_shape.insert(axis, num_classes)
    classes = lax.broadcasted_iota(dtypes.int32, out_shape, axis)
    expanded = jnp.expand_dims(x, axis)
    return jnp.asarray(jnp.equal(expanded, classes), dtype or dtypes.default_float)
