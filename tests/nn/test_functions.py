"""meshjit.nn: activations, normalisations and friends against NumPy references."""

import math

import ml_dtypes
import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import nn

RNG = np.random.default_rng(0)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


# ---------------------------------------------------------------------------------------------
# meshjit.nn.


def _np_softplus(x):
    return np.logaddexp(x, 0.0)


def _np_logsumexp(x, axis):
    m = np.max(x, axis=axis, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    return np.squeeze(np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m, axis)


def _np_softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def _np_erf(x):
    return np.vectorize(math.erf)(x)


NN_REFERENCES = {
    "relu": lambda x: np.maximum(x, 0),
    "relu6": lambda x: np.clip(x, 0, 6),
    "gelu": lambda x: 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3))),
    "sigmoid": lambda x: 1 / (1 + np.exp(-x)),
    "silu": lambda x: x / (1 + np.exp(-x)),
    "swish": lambda x: x / (1 + np.exp(-x)),
    "softplus": _np_softplus,
    "log_sigmoid": lambda x: -_np_softplus(-x),
    "softmax": _np_softmax,
    "log_softmax": lambda x: np.log(_np_softmax(x)),
    "logsumexp": lambda x: _np_logsumexp(x, None),
    "elu": lambda x: np.where(x > 0, x, np.expm1(np.minimum(x, 0))),
    "leaky_relu": lambda x: np.where(x >= 0, x, 0.01 * x),
    "hard_tanh": lambda x: np.clip(x, -1, 1),
    "standardize": lambda x: (
        (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-5)
    ),
}

_TOLERANCE = {np.float32: 2e-5, ml_dtypes.bfloat16: 3e-2, np.float16: 4e-3}


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16, np.float16], ids=str)
@pytest.mark.parametrize("name", sorted(NN_REFERENCES))
def test_nn_functions(name, dtype):
    x = (rand(4, 6) * 3).astype(dtype)
    out = meshjit.jit(getattr(nn, name))(x)
    assert out.dtype == np.dtype(dtype)
    want = NN_REFERENCES[name](x.astype(np.float64))
    tol = _TOLERANCE[dtype]
    scale = 1.0 if name != "logsumexp" else 5.0
    np.testing.assert_allclose(
        np.asarray(out, np.float64), want, rtol=tol * scale, atol=tol * scale
    )


def test_gelu_exact():
    x = rand(50) * 3
    got = np.asarray(meshjit.jit(lambda a: nn.gelu(a, approximate=False))(x))
    np.testing.assert_allclose(got, 0.5 * x * (1 + _np_erf(x / np.sqrt(2))), rtol=1e-5, atol=1e-6)


def test_softmax_axes_and_infinities():
    x = rand(3, 4, 5)
    x[0, 1, :] = -np.inf
    x[1, 2, 3] = -np.inf
    for axis in (0, 1, -1):
        got = np.asarray(meshjit.jit(lambda a, ax=axis: nn.softmax(a, axis=ax))(x[1:]))
        np.testing.assert_allclose(got, _np_softmax(x[1:], axis), rtol=1e-5, atol=1e-6)
    got = np.asarray(meshjit.jit(lambda a: nn.logsumexp(a, axis=-1))(x))
    assert got[0, 1] == -np.inf
    with np.errstate(divide="ignore"):
        np.testing.assert_allclose(got, _np_logsumexp(x, -1), rtol=1e-5)
    big = np.array([1e30, 1e30, -1e30], np.float32)
    np.testing.assert_allclose(np.asarray(nn.logsumexp(big)), 1e30 + np.log(2), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(nn.log_softmax(big))[:2], -np.log(2), rtol=1e-6)


def test_logsumexp_b_keepdims_return_sign():
    a, b = rand(3, 4), rand(3, 4)
    out, sign = meshjit.jit(lambda a, b: nn.logsumexp(a, axis=1, b=b, return_sign=True))(a, b)
    total = np.sum(b * np.exp(a), axis=1)
    np.testing.assert_allclose(np.asarray(out), np.log(np.abs(total)), rtol=1e-5)
    np.testing.assert_array_equal(np.asarray(sign), np.sign(total))
    kept = meshjit.jit(lambda a: nn.logsumexp(a, axis=(0, 1), keepdims=True))(a)
    assert kept.shape == (1, 1)
    np.testing.assert_allclose(np.asarray(kept)[0, 0], np.log(np.exp(a).sum()), rtol=1e-5)


def test_logsumexp_and_logmeanexp_of_nothing():
    """JAX's maximum starts at -inf: an empty slice sums to -inf (logmeanexp: nan), where
    meshjit's plain max raised "zero-size array to reduction" (fuzzer seed 170008)."""
    for dtype in (np.float32, ml_dtypes.bfloat16):
        empty = np.zeros((0,), dtype)
        assert np.isneginf(float(meshjit.jit(nn.logsumexp)(empty)))
        assert np.isnan(float(meshjit.jit(nn.logmeanexp)(empty)))
    rows = meshjit.jit(lambda a: nn.logsumexp(a, axis=1))(np.zeros((2, 0), np.float32))
    np.testing.assert_array_equal(np.asarray(rows), [-np.inf, -np.inf])


def test_one_hot():
    idx = np.array([[0, 2], [3, -1]], np.int32)
    out = meshjit.jit(lambda i: nn.one_hot(i, 3))(idx)
    assert out.dtype == np.float32 and out.shape == (2, 2, 3)
    np.testing.assert_array_equal(
        np.asarray(out), (idx[..., None] == np.arange(3)).astype(np.float32)
    )
    out = nn.one_hot(idx, 4, dtype=jnp.int32, axis=0)
    assert out.shape == (4, 2, 2) and out.dtype == np.int32
    np.testing.assert_array_equal(
        np.asarray(out), np.moveaxis(idx[..., None] == np.arange(4), -1, 0)
    )


def test_one_hot_of_float_indices_warns_as_jax_and_compares_values():
    with pytest.warns(DeprecationWarning, match="integer-typed; got dtype=float32"):
        out = nn.one_hot(np.array([1.0, 1.7, 2.0], np.float32), 3)
    np.testing.assert_array_equal(np.asarray(out), [[0, 1, 0], [0, 0, 0], [0, 0, 1]])


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16, np.float16], ids=str)
@pytest.mark.parametrize(
    "name",
    [
        "relu",
        "relu6",
        "gelu",
        "sigmoid",
        "silu",
        "softplus",
        "log_sigmoid",
        "softmax",
        "log_softmax",
        "logsumexp",
        "elu",
        "celu",
        "selu",
        "leaky_relu",
        "hard_tanh",
        "hard_sigmoid",
        "hard_silu",
        "soft_sign",
        "glu",
        "standardize",
    ],
)
def test_nn_vs_jax(name, dtype):
    jax = pytest.importorskip("jax")
    x = (rand(4, 6) * 3).astype(dtype)
    got = np.asarray(meshjit.jit(getattr(nn, name))(x), np.float64)
    want = np.asarray(getattr(jax.nn, name)(x), np.float64)
    tol = _TOLERANCE[dtype] * (5.0 if name == "logsumexp" else 1.0)
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


def test_integer_inputs_are_typed_as_jax():
    """sigmoid (and silu, glu through it) do not promote an integer input: lax.logistic's
    TypeError, as JAX; hard_tanh keeps an integer dtype (meshjit promoted both to float32)."""
    x = jnp.asarray([1, -2, 127, 0], jnp.int8)
    for fn in (meshjit.nn.sigmoid, meshjit.nn.silu, meshjit.nn.glu):
        with pytest.raises(TypeError):
            fn(x)
    out = meshjit.nn.hard_tanh(x)
    assert out.dtype == np.int8
    np.testing.assert_array_equal(np.asarray(out), [1, -1, 1, 0])
    np.testing.assert_allclose(np.asarray(meshjit.nn.sigmoid(jnp.float32([0.0]))), [0.5])


def test_softmax_and_log_softmax_where_normalize_over_the_selected_entries():
    logits = np.array([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], np.float32)
    where = np.array([True, True, False])
    e = np.exp(logits[:, :2] - logits[:, :2].max(1, keepdims=True))
    want = np.concatenate([e / e.sum(1, keepdims=True), np.zeros((2, 1))], axis=1)
    np.testing.assert_allclose(meshjit.nn.softmax(logits, where=where), want, rtol=1e-6)
    log = meshjit.nn.log_softmax(logits, where=where)
    np.testing.assert_allclose(np.asarray(log)[:, :2], np.log(want[:, :2]), rtol=1e-6)
    assert np.all(np.isneginf(np.asarray(log)[:, 2]))
    # the derivative of the masked softmax is y * (t - sum(y * t)) over the selected entries
    g = meshjit.grad(lambda x: (meshjit.nn.softmax(x, where=where) * np.arange(3.0)).sum())
    y = want
    t = np.arange(3.0)
    np.testing.assert_allclose(g(logits), y * (t - (y * t).sum(1, keepdims=True)), atol=1e-6)


def test_one_hot_of_a_traced_num_classes_is_jaxs_concretization_error():
    with pytest.raises(
        meshjit.errors.ConcretizationTypeError, match="jax.nn.one_hot argument `num_classes`"
    ):
        meshjit.jit(lambda y, n: nn.one_hot(y, n))(jnp.arange(3), 4)


def test_normalize_is_gone_as_in_jax():
    assert not hasattr(nn, "normalize") and hasattr(nn, "standardize")
