"""lax.round rounds halves away from zero by default, as JAX's, or to even on request
(jnp.round and jnp.rint round to even); its derivative is zero."""

import numpy as np

import meshjit
from meshjit import lax

X = np.array([0.5, 1.5, 2.5, -0.5, -2.5, 0.49999997, 3.2, -7.7], np.float32)


def test_rounding_methods():
    away = np.sign(X) * np.floor(np.abs(X) + np.float32(0.5))
    away[5] = 0.0  # 0.49999997 + 0.5 rounds up in float32; away-from-zero rounds it down
    np.testing.assert_array_equal(np.asarray(lax.round(X)), away)
    np.testing.assert_array_equal(
        np.asarray(meshjit.jit(lax.round, static_argnums=1)(X, lax.RoundingMethod.TO_NEAREST_EVEN)),
        np.round(X),
    )
    assert float(meshjit.grad(lax.round)(np.float32(1.3))) == 0.0
    assert "round_nearest_afz" in meshjit.jit(lax.round).lower(X).as_text()
