"""lax.bessel_i0e and lax.bessel_i1e against scipy.special (float32, and bfloat16 computing in
float32), their derivatives against the identities I0' = I1 and I1' = I0 - I1 / x, and their
errors. (meshjit.scipy.special's i0 .. i1e check the same values against JAX.)"""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax

X = np.array([-30.0, -8.5, -3.0, -0.5, 0.0, 1e-3, 0.5, 1.0, 7.9, 8.0, 8.1, 20.0, 300.0], np.float32)


@pytest.mark.parametrize("name", ["i0e", "i1e"])
def test_values_match_scipy(name):
    sp = pytest.importorskip("scipy.special")
    fn = getattr(lax, f"bessel_{name}")
    want = getattr(sp, name)(X.astype(np.float64))
    np.testing.assert_allclose(np.asarray(meshjit.jit(fn)(X)), want, rtol=2e-6, atol=1e-30)
    low = np.asarray(fn(X.astype(jnp.bfloat16))).astype(np.float64)
    np.testing.assert_allclose(low, want, rtol=2e-2)


def test_derivatives():
    x = X[X != 0].astype(np.float64)
    i0e, i1e = (
        np.asarray(f(x.astype(np.float32))).astype(np.float64)
        for f in (lax.bessel_i0e, lax.bessel_i1e)
    )
    d0 = meshjit.vmap(meshjit.grad(lax.bessel_i0e))(x.astype(np.float32))
    d1 = meshjit.vmap(meshjit.grad(lax.bessel_i1e))(x.astype(np.float32))
    np.testing.assert_allclose(np.asarray(d0), i1e - np.sign(x) * i0e, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(
        np.asarray(d1), i0e - i1e * (np.sign(x) + 1 / x), rtol=1e-5, atol=1e-6
    )
    assert float(meshjit.grad(lax.bessel_i1e)(np.float32(0.0))) == 0.5


def test_is_a_primitive_and_refuses_integers():
    assert "bessel_i0e" in str(meshjit.make_jaxpr(lax.bessel_i0e)(X))
    with pytest.raises(
        meshjit.MeshjitTypeError,
        match="bessel_i1e does not accept dtype int32. Accepted dtypes are subtypes of floating",
    ):
        lax.bessel_i1e(np.arange(3, dtype=np.int32))
