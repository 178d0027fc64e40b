"""compiler/numpy/bessel_window.py: i0 and the Kaiser window."""

import numpy as np

import meshjit
import meshjit.numpy as jnp


def test_kaiser_is_in_the_default_float():
    """As JAX's: float64 with x64 on (the x64 vocabulary sweep of round 19 found float32),
    float32 off; the values NumPy's."""
    with meshjit.enable_x64(True):
        for m in (0, 1, 5):
            out = jnp.kaiser(m, 2.5)
            assert out.dtype == np.float64
            np.testing.assert_allclose(np.asarray(out), np.kaiser(m, 2.5), rtol=1e-12)
    assert jnp.kaiser(5, 2.5).dtype == np.float32
