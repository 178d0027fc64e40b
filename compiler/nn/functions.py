"""meshjit.nn: activations, softmax / logsumexp, one_hot and standardize.

Compositions of meshjit.numpy and lax ops (no primitives of their own), composed as JAX's are,
so dtypes, weak types, integer wrapping and edge values come out as JAX's. Reductions that can
overflow (softmax, logsumexp) subtract the maximum first; logsumexp replaces a maximum that is
not finite by 0, softmax does not (as JAX).
"""

from __future__ import annotations

import functools
import math
import warnings

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.config import config
from meshjit.compiler.errors import (
    ConcretizationError,
    MeshjitAssertionError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.numpy.util import (
    arraylike,
    aval_of,
    check_arraylike,
    converting_jax_arrays,
    jitted,
    jitted_as_jax,
    materialize,
    promote,
    promote_inexact,
)
from meshjit.compiler.trace.tracing import Tracer

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


def _inexact(name: str, x):
    """`x` promoted to an inexact dtype (JAX's promote_args_inexact), lists refused."""
    (x,) = promote_inexact(*arraylike(name, x))
    return materialize(x)


# ---------------------------------------------------------------------------------------------
# Elementwise activations.


@custom_jvp
@jitted_as_jax()
def relu(x):
    """max(x, 0); its derivative is 1 where x > 0, else 0 (also at 0 and NaN), by JAX's custom
    jvp of its jitted function."""
    return jnp.maximum(x, 0)


relu.defjvps(lambda g, ans, x: lax.select(x > 0, g, lax.full_like(g, 0)))


@custom_jvp
@jitted_as_jax()
def relu6(x):
    """min(max(x, 0), 6); its derivative is 1 where 0 < x < 6, else 0 (as in JAX)."""
    return jnp.minimum(jnp.maximum(x, 0), 6.0)


relu6.defjvps(lambda g, ans, x: lax.select((x > 0) & (x < 6), g, lax.full_like(g, 0)))


def sigmoid(x):
    # not promoted, as JAX: an integer input is lax.logistic's TypeError
    (x,) = arraylike("sigmoid", x)
    return lax.logistic(x)


@jitted_as_jax()
def silu(x):
    (x,) = arraylike("silu", x)
    return x * sigmoid(x)


swish = silu


@jitted_as_jax()
def softplus(x):
    return jnp.logaddexp(x, 0)  # as JAX (its derivative at 0 is 1/2)


@jitted_as_jax()
def log_sigmoid(x):
    (x,) = arraylike("log_sigmoid", x)
    return -softplus(-x)


@converting_jax_arrays  # (not jitted in JAX: its asarray converts one)
def gelu(x, approximate: bool = True):
    """As JAX computes it: tanh's approximation with its constant in x's dtype, else
    x/2 erfc(-x/sqrt 2), both strong."""
    x = _inexact("gelu", x)
    dtype = aval_of(x).dtype
    if approximate:
        c = np.asarray(math.sqrt(2.0 / math.pi), dtype)
        return x * (0.5 * (1.0 + jnp.tanh(c * (x + 0.044715 * x**3))))
    out = 0.5 * x * lax.erfc(-x * np.asarray(math.sqrt(0.5), dtype))
    return jnp.array(out, dtype=dtype)  # (a copy, as JAX's)


# The activations below are composed as JAX composes them, so an integer or boolean input
# promotes (or wraps) where JAX's does and a result is weakly typed where JAX's is.


@jitted_as_jax()
def elu(x, alpha=1.0):
    (x,) = arraylike("elu", x)
    # as JAX (in its order): the derivative at 0 is alpha's side's, alpha
    return jnp.where(x > 0, x, alpha * jnp.expm1(jnp.where(x > 0, 0.0, x)))


@jitted_as_jax()
def celu(x, alpha=1.0):
    return jnp.maximum(x, 0.0) + alpha * jnp.expm1(jnp.minimum(x, 0.0) / alpha)


@jitted_as_jax()
def selu(x):
    alpha = 1.6732632423543772848170429916717
    scale = 1.0507009873554804934193349852946
    return scale * elu(x, alpha)


@jitted_as_jax()
def leaky_relu(x, negative_slope=1e-2):
    (x,) = arraylike("leaky_relu", x)
    return jnp.where(x >= 0, x, negative_slope * x)


@jitted_as_jax()
def identity(x):
    return jnp.asarray(x)


tanh = jnp.tanh  # the same function, as in JAX (`jax.nn.tanh is jax.numpy.tanh`)


@jitted_as_jax()
def mish(x):
    (x,) = arraylike("mish", x)
    return x * jnp.tanh(softplus(x))


@jitted_as_jax()
def squareplus(x, b=4):
    """As JAX's jitted squareplus: `b` an argument of the call only when given."""
    (x,) = arraylike("squareplus", x)
    if not isinstance(b, (int, float)):  # a default Python scalar is a literal, as JAX's
        (b,) = arraylike("squareplus", b)
    return (x + jnp.sqrt(jnp.square(x) + b)) / 2


@jitted_as_jax()
def sparse_plus(x):
    """0 below -1, x above 1, (x + 1)^2 / 4 between."""
    (x,) = arraylike("sparse_plus", x)
    return jnp.where(x <= -1.0, 0.0, jnp.where(x >= 1.0, x, (x + 1.0) ** 2 / 4))


@jitted_as_jax()
def sparse_sigmoid(x):
    (x,) = arraylike("sparse_sigmoid", x)
    return 0.5 * jnp.clip(x + 1.0, 0.0, 2.0)


@jitted_as_jax()
def hard_tanh(x):
    # in x's dtype (an integer stays one), as JAX; the derivative is 1 on [-1, 1] (and at NaN)
    (x,) = arraylike("hard_tanh", x)
    return jnp.where(x > 1, 1, jnp.where(x < -1, -1, x))


@jitted_as_jax()
def hard_sigmoid(x):
    (x,) = arraylike("hard_sigmoid", x)
    return relu6(x + 3.0) / 6.0


@jitted_as_jax()
def hard_silu(x):
    (x,) = arraylike("hard_silu", x)
    return x * hard_sigmoid(x)


hard_swish = hard_silu


@jitted_as_jax()
def soft_sign(x):
    (x,) = arraylike("soft_sign", x)
    return x / (jnp.abs(x) + 1)


@jitted_as_jax("axis")
def glu(x, axis=-1):
    (x,) = arraylike("glu", x)
    axis = checks.canonical_axis(axis, jnp.ndim(x), jax_words="tuple index out of range")
    size = jnp.shape(x)[axis]
    if size % 2:
        raise MeshjitAssertionError(
            f"axis size must be divisible by 2: glu's axis {axis} of {aval_of(x).str_short()} "
            "must be even"
        )
    a, b = jnp.split(x, 2, axis)
    return a * sigmoid(b)


# ---------------------------------------------------------------------------------------------
# Normalizations over an axis.


def _safe_max(x, axis, where=None, keepdims=True):
    """The max over `axis` (of the `where` entries), with non-finite maxima replaced by 0;
    from -inf, as JAX's, so an empty slice is 0 too (logsumexp of nothing: -inf). Not
    differentiated (logsumexp's shift)."""
    m = jnp.max(x, axis=axis, keepdims=keepdims, where=where, initial=-jnp.inf)
    return lax.stop_gradient(lax.select(jnp.isfinite(m), m, lax.full_like(m, 0)))


def softmax(x, axis=-1, where=None):
    """exp(x - max) normalized over `axis`; with `where`, over the selected entries only (the
    others are 0). Composed as JAX's: the maximum starts at -inf and is not made finite (an
    inf in a slice makes it nan), and an integer input is shifted in its own dtype. As JAX's
    default (jax_softmax_custom_jvp off), differentiated through with the maximum stopped;
    with the option on, by JAX's custom jvp."""
    if not config.jax_softmax_custom_jvp:
        return _softmax_stopped(x, axis, where)
    if where is None:
        return _softmax(x, axis)
    return _masked_softmax(x, axis, jnp.asarray(where))


def _softmax_stopped(x, axis, where):
    """JAX's _softmax_deprecated, op for op."""
    x_max = jnp.max(x, axis, where=where, initial=-np.inf, keepdims=True)
    safe = x if where is None else jnp.where(where, x, -np.inf)
    unnormalized = jnp.exp(safe - lax.stop_gradient(x_max))
    result = unnormalized / jnp.sum(unnormalized, axis, where=where, keepdims=True)
    return result if where is None else jnp.where(where, result, 0)


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
    unnormalized = jnp.exp(x - jnp.max(x, axis, initial=-np.inf, keepdims=True))
    return unnormalized / jnp.sum(unnormalized, axis=axis, keepdims=True)


# JAX's derivative: y * (t - sum(y * t)), whose sum over the axis is 0 to rounding.
_softmax = custom_jvp(_softmax_impl, nondiff_argnums=(1,))


@_softmax.defjvp
def _softmax_jvp(axis, primals, tangents):
    (x,), (t,) = primals, tangents
    y = _softmax(x, axis)
    return y, y * (t - jnp.sum(y * t, axis=axis, keepdims=True))


@jitted_as_jax("axis")
def log_softmax(x, axis=-1, where=None):
    """x - max - log(sum(exp(x - max))) over `axis`, composed as JAX's (see softmax); with
    `where`, the others are -inf."""
    (x,) = arraylike("log_softmax", x)
    x_max = jnp.max(x, axis, where=where, initial=-np.inf, keepdims=True)
    safe = x if where is None else jnp.where(where, x, -np.inf)
    shifted = safe - lax.stop_gradient(x_max)
    total = jnp.sum(jnp.exp(shifted), axis, where=where, keepdims=True)
    result = shifted - jnp.log(total)
    return result if where is None else jnp.where(where, result, -np.inf)


@converting_jax_arrays  # (not jitted in JAX: its asarray converts one)
def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False, where=None):
    """log(sum(b * exp(a))) over `axis` (the `where` entries), shifted by the (finite)
    maximum, as JAX: terms with b == 0 do not count, and a negative sum is nan unless
    `return_sign`. Composed op for op as JAX's (which is not jitted): the logarithm of the
    reduced sum, not of a kept-dims one (XLA's log rounds by shape)."""
    a = _inexact("logsumexp", a)
    if where is not None:
        a = jnp.where(where, a, 0)
    if b is not None:
        a, b = promote(a, _inexact("logsumexp", b))
        _check_broadcasts("logsumexp", a, b)
        a, b = jnp.broadcast_arrays(a, b)
        a = jnp.where(b != 0, a, -jnp.inf)
    ndim = jnp.ndim(a)
    axes = tuple(range(ndim)) if axis is None else checks.canonical_axes(axis, ndim)
    complex_ = dtypes.is_complex(aval_of(a).dtype)
    amax = _safe_max(jnp.real(a) if complex_ else a, axes, where, keepdims)
    kept = amax if keepdims else lax.expand_dims(amax, axes)
    terms = jnp.exp(a - (lax.convert_element_type(kept, aval_of(a).dtype) if complex_ else kept))
    if b is not None:
        terms = terms * b
    total = jnp.sum(terms, axis=axes, keepdims=keepdims, where=where)
    sign = jnp.sign(total)
    if return_sign or not complex_:
        total = jnp.abs(total)
    out = jnp.log(total) + (
        lax.convert_element_type(amax, aval_of(total).dtype) if complex_ else amax
    )
    if return_sign:
        return out, sign
    if b is not None and not complex_:
        out = jnp.where(sign < 0, np.array(np.nan, aval_of(out).dtype), out)  # (strong, as JAX's)
    return out


def _check_broadcasts(name: str, a, b) -> None:
    a_shape, b_shape = jnp.shape(a), jnp.shape(b)
    for x, y in zip(reversed(a_shape), reversed(b_shape)):
        if x != y and 1 not in (x, y):
            raise MeshjitValueError(
                f"Incompatible shapes for broadcasting: {name}: b of shape {b_shape} does not "
                f"broadcast against a of shape {a_shape} "
                "(b weights the terms of a: give it a's shape, or one that broadcasts to it)"
            )


def logmeanexp(x, axis=None, where=None, keepdims=False):
    """log(mean(exp(x))) over `axis` (the `where` entries); one program, as JAX's jitted
    logmeanexp (XLA folds the count's logarithm)."""
    axis = tuple(axis) if isinstance(axis, list) else axis
    x = _inexact("logsumexp", x)  # JAX's logmeanexp calls logsumexp, whose check speaks
    program = jitted(_logmeanexp, ("axis", "keepdims"), "logmeanexp")
    return program(x, axis=axis, where=where, keepdims=keepdims)


def _logmeanexp(x, axis, where, keepdims):
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
    (x,) = arraylike("log1mexp", x)  # as JAX: an unsigned input negates with wrapping
    return jnp.where(x < jnp.log(2.0), jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))


@log1mexp.defjvp
def _log1mexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1mexp(x), t / jnp.expm1(x)


_EPSILON = 1e-5


def standardize(
    x, axis=-1, mean=None, variance=None, epsilon=_EPSILON, where=None, *, algorithm="fast"
):
    """(x - mean) / sqrt(variance + epsilon) over `axis` (the `where` entries). As JAX, the
    variance is by default the "fast" one, mean(x**2) - mean**2 clipped at 0; "stable" is the
    two-pass mean((x - mean)**2). Jitted as JAX's is (so XLA rounds it as in JAX)."""
    if algorithm not in ("fast", "stable"):
        raise MeshjitValueError(f"Unknown algorithm '{algorithm}'. Expected 'fast' or 'stable'.")
    axis = tuple(axis) if isinstance(axis, list) else axis
    check_arraylike("standardize", x, mean, variance, where)
    if isinstance(axis, int):  # JAX indexes x's shape with it first
        checks.canonical_axis(axis, np.ndim(x), jax_words="tuple index out of range")
    given = {"mean": mean, "variance": variance, "where": where}
    given = {k: v for k, v in given.items() if v is not None}
    if epsilon is not _EPSILON:  # as JAX's jit: a default is a literal inside, not an operand
        given["epsilon"] = epsilon
    return _jitted_standardize()(x, axis=axis, algorithm=algorithm, **given)


@functools.cache
def _jitted_standardize():
    from meshjit.compiler.jit.api import JitFunction  # jit sits above nn's functions

    return JitFunction(_standardize, static_argnames=("axis", "algorithm"), name="standardize")


def _standardize(
    x, axis=-1, mean=None, variance=None, epsilon=_EPSILON, where=None, *, algorithm="fast"
):
    x = _inexact("standardize", x)
    if mean is None:
        mean = jnp.mean(x, axis=axis, keepdims=True, where=where)
    if variance is None:
        if algorithm == "stable":
            variance = jnp.mean(jnp.square(x - mean), axis=axis, keepdims=True, where=where)
        else:
            squares = jnp.mean(jnp.square(x), axis=axis, keepdims=True, where=where)
            variance = jnp.clip(squares - jnp.square(mean), 0)
    return (x - mean) * lax.rsqrt(_inexact("standardize", variance + epsilon))


# ---------------------------------------------------------------------------------------------
# Encodings.


def one_hot(x, num_classes: int, *, dtype=None, axis=-1):
    """x[..., None] == arange(num_classes) along `axis`; out-of-range indices give all zeros.
    `dtype` defaults to the default float (float32; float64 with x64)."""
    if isinstance(num_classes, Tracer):
        shape = f"{num_classes.aval.dtype.name}[{','.join(map(str, num_classes.aval.shape))}]"
        raise ConcretizationError(  # a traced num_classes: JAX's words
            "Abstract tracer value encountered where concrete value is expected: traced array "
            f"with shape {shape}. The error arose in jax.nn.one_hot argument `num_classes`: the "
            "number of classes sets the result's shape, so it must be a Python int (mark it "
            "static: static_argnums)"
        )
    if not isinstance(num_classes, int) or isinstance(num_classes, bool) or num_classes < 0:
        raise MeshjitTypeError(
            f"one_hot: num_classes must be a non-negative int, got {num_classes!r}"
            + (
                " ('float' object cannot be interpreted as an integer)"
                if isinstance(num_classes, float)
                else ""
            )
        )
    x = jnp.asarray(x)
    aval = aval_of(x)
    if np.dtype(aval.dtype).kind not in "iu":  # JAX deprecated non-integer indices (2024-12)
        warnings.warn(
            f"jax.nn.one_hot input should be integer-typed; got dtype={aval.dtype}",
            DeprecationWarning,
            stacklevel=2,
        )
    axis = checks.canonical_axis(axis, aval.ndim + 1, "one_hot axis")
    dtype = dtypes.default_float if dtype is None else dtype
    program = jitted(_one_hot, ("num_classes", "dtype", "axis"), "_one_hot")
    return program(x, num_classes, dtype=dtype, axis=axis)


def _one_hot(x, num_classes, *, dtype, axis):
    """JAX's: x with a new axis, compared with an iota of x's dtype along it."""
    classes_shape = [1] * jnp.ndim(x)
    classes_shape.insert(axis, num_classes)
    expanded = lax.expand_dims(x, (axis,))
    return (expanded == lax.broadcasted_iota(aval_of(x).dtype, classes_shape, axis)).astype(dtype)
