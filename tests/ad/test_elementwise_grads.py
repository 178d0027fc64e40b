"""Derivatives of the elementwise math (meshjit.numpy and lax) against finite differences and JAX."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.test_util import check_grads
from tests.support import campaign
from tests.support.math_cases import f32

# ---------------------------------------------------------------------------------------------
# Derivatives.

DIFFERENTIABLE = {
    "arccos": (-0.7, 0.7),
    "arcsin": (-0.7, 0.7),
    "arctan": (-2, 2),
    "arccosh": (1.5, 3),
    "arcsinh": (-2, 2),
    "arctanh": (-0.7, 0.7),
    "sinh": (-2, 2),
    "cosh": (-2, 2),
    "exp2": (-2, 2),
    "log2": (0.5, 3),
    "log10": (0.5, 3),
    "deg2rad": (-2, 2),
    "rad2deg": (-2, 2),
    "sinc": (0.2, 1.7),
    "fabs": (0.5, 2),
    "nansum": (-2, 2),
    "nanmean": (-2, 2),
    "nanmax": (-2, 2),
    "ptp": (-2, 2),
    "average": (-2, 2),
}


def _sample(lo, hi, n=4):
    return np.linspace(lo, hi, n, dtype=np.float64).astype(f32) + np.float32(0.013)


@pytest.mark.parametrize("name", campaign.every(2, sorted(DIFFERENTIABLE)))  # half in make test
def test_grads(name):
    fn = getattr(jnp, name)
    check_grads(fn, (_sample(*DIFFERENTIABLE[name]),), order=2, rtol=2e-2, atol=2e-2)


@pytest.mark.parametrize("name", ["acos", "asin", "atan", "asinh", "atanh", "erf_inv"])
def test_lax_grads(name):
    check_grads(getattr(lax, name), (_sample(-0.6, 0.6),), order=2, rtol=2e-2, atol=2e-2)


def test_lax_acosh_grads():
    check_grads(lax.acosh, (_sample(1.5, 3),), order=2, rtol=2e-2, atol=2e-2)


@pytest.mark.parametrize("name", ["hypot", "logaddexp", "float_power", "fmax", "heaviside"])
def test_binary_grads(name):
    x, y = _sample(0.5, 2), _sample(0.7, 1.3)[::-1].copy()
    check_grads(getattr(jnp, name), (x, y), order=2, rtol=2e-2, atol=2e-2)


def test_sinc_derivatives_at_zero_match_jax():
    jax = pytest.importorskip("jax")
    ours = meshjit.grad(meshjit.grad(jnp.sinc))(0.0)
    theirs = jax.grad(jax.grad(jax.numpy.sinc))(0.0)
    np.testing.assert_allclose(float(ours), float(theirs), rtol=1e-5)
    assert float(meshjit.grad(jnp.sinc)(0.0)) == 0.0


def test_stop_gradient_zeroes_gradients():
    x = np.array([1.0, -2.0, 3.0], f32)
    g = meshjit.grad(lambda v: jnp.sum(v * lax.stop_gradient(v)))(x)
    np.testing.assert_allclose(np.asarray(g), x)
    g = meshjit.jit(meshjit.grad(lambda v: jnp.sum(lax.stop_gradient(v) ** 2)))(x)
    np.testing.assert_array_equal(np.asarray(g), np.zeros_like(x))
    tree = lax.stop_gradient({"a": x, "b": (x, 2.0)})
    np.testing.assert_array_equal(np.asarray(tree["b"][0]), x)
    _, tangent = meshjit.jvp(lax.stop_gradient, (x,), (np.ones_like(x),))
    np.testing.assert_array_equal(np.asarray(tangent), np.zeros_like(x))


def test_non_differentiable_ops_have_zero_tangents():
    x = np.array([1.0, -2.0, 3.0], f32)

    def f(v):
        bits = lax.bitcast_convert_type(v, np.int32)
        shifted = lax.shift_right_logical(bits, 1)
        return jnp.sum(shifted.astype(f32)) * 0.0

    np.testing.assert_array_equal(np.asarray(meshjit.grad(f)(x)), np.zeros_like(x))


def test_nextafter_has_no_derivative_as_in_jax():
    """nextafter(x, y) is about x (not constant): no zero tangent, JAX's NotImplementedError."""
    with pytest.raises(NotImplementedError, match="nextafter"):
        meshjit.grad(lambda v: lax.nextafter(v, v + 1))(np.float32(1.0))
