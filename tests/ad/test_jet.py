"""jax.experimental.jet (compiler/ad/jet.py): Taylor coefficients of f(h(z)) by Faa di Bruno's
formula (the docstring's example), pytree outputs, jet2's plain coefficients, and the errors."""

import numpy as np
import pytest

import meshjit.numpy as jnp
from meshjit.experimental.jet import jet, jet2


def test_jet_matches_faa_di_bruno():
    h0, h1, h2 = 0.5**3.0, 3.0 * 0.5**2.0, 6.0 * 0.5
    f0, (f1, f2) = jet(jnp.sin, (h0,), ((h1, h2),))
    np.testing.assert_allclose(f0, np.sin(h0), rtol=1e-6)
    np.testing.assert_allclose(f1, np.cos(h0) * h1, rtol=1e-6)
    np.testing.assert_allclose(f2, -np.sin(h0) * h1**2 + np.cos(h0) * h2, rtol=1e-5)
    assert f0.weak_type  # Python-float primals stay weak, as JAX's


def test_jet_of_pytree_outputs_and_several_inputs():
    out, series = jet(
        lambda x, y: {"a": x * y, "b": jnp.exp(x)}, (1.0, 2.0), ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0))
    )
    np.testing.assert_allclose(out["a"], 2.0)
    np.testing.assert_allclose(series["a"], [2.0, 1.0, 3.0], rtol=1e-5)  # d^k/dt^k (1+t)(2+t^2/2)
    np.testing.assert_allclose(series["b"], [np.e] * 3, rtol=1e-5)


def test_jet2_takes_and_returns_plain_coefficients():
    _, scaled = jet(jnp.sin, (0.3,), ((1.0, 0.0, 0.0),))
    _, plain = jet2(jnp.sin, (0.3,), ((1.0, 0.0, 0.0),))
    np.testing.assert_allclose(plain, [s / f for s, f in zip(scaled, [1, 2, 6])], rtol=1e-6)


def test_jet_errors_are_jaxs():
    with pytest.raises(ValueError, match="inconsistent lengths"):
        jet(jnp.sin, (1.0, 2.0), ((1.0,), (1.0, 2.0)))
    with pytest.raises(ValueError, match="primal value at position 0 is not an array"):
        jet(lambda t: t, ((1.0, 2.0),), ((1.0,),))


def test_jet_of_constant_outputs_as_jax():
    """An output that does not depend on the inputs is no Taylor series in JAX: it comes back
    as it is (a Python float stays one, a NumPy array stays one), its terms zeros of its type
    times k! (float32: an int output's terms are float32); meshjit gave arrays, and float0
    terms for an int output."""
    x, series = (np.float32(2.0),), ((np.float32(1.0), np.float32(0.0)),)
    primal, terms = jet(lambda x: 3.0, x, series)
    assert type(primal) is float and primal == 3.0
    assert [(t.dtype, float(t)) for t in terms] == [(np.float32, 0.0)] * 2
    primal, terms = jet(lambda x: np.ones(2, np.float32), x, series)
    assert type(primal) is np.ndarray and terms[1].shape == (2,)
    primal, terms = jet(lambda x: jnp.int32(3), x, ((np.float32(1.0),),))
    assert primal.dtype == np.int32 and terms[0].dtype == np.float32 and float(terms[0]) == 0
    primal, terms = jet2(lambda x: jnp.int32(3), x, ((np.float32(1.0),),))
    assert terms[0].dtype == np.int32  # unscaled: zeros_like, as JAX's
    (p, z), ((dp, _), (dz, _)) = jet(lambda x: (x * 2, jnp.zeros(2)), x, series)
    assert float(p) == 4 and float(dp) == 2 and z.shape == dz.shape == (2,)
