"""poly / polydiv / polyfit against NumPy, and sort_complex, i0 and kaiser (jnp's names beyond
the basic ones) against NumPy; i0's derivative at 0 is 0, as JAX's."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp


def close(got, want, rtol=1e-5):
    np.testing.assert_allclose(np.asarray(got), want, rtol=rtol, atol=1e-5)


def test_poly_and_polydiv():
    close(jnp.poly(np.array([1, 2, 3])), np.poly([1, 2, 3]))
    close(jnp.poly(2.5), [1.0, -2.5])
    assert jnp.poly(np.zeros(0)).shape == ()
    u, v = np.array([1.0, -6, 11, -6, 2]), np.array([2.0, -1, 0.5])
    q, r = jnp.polydiv(u, v)
    want_q, want_r = np.polydiv(u, v)
    close(q, want_q)
    close(r[-want_r.shape[0] :], want_r)
    close(jnp.poly(np.eye(2)), np.poly(np.eye(2)))  # a square matrix: via its eigenvalues


@pytest.mark.parametrize(
    "kwargs", [{}, {"w": np.linspace(1, 2, 12)}, {"full": True}, {"cov": True}]
)
def test_polyfit_matches_numpy(kwargs):
    x = np.linspace(-1, 2, 12).astype(np.float32)
    y = (x**3 - 2 * x + 0.3 * np.sin(5 * x)).astype(np.float32)
    got = jnp.polyfit(x, y, 3, **kwargs)
    want = np.polyfit(x, y, 3, **kwargs)
    if isinstance(want, tuple):
        close(got[0], want[0], 1e-3)
        if "cov" in kwargs:
            close(got[1], want[1], 1e-2)
    else:
        close(got, want, 1e-3)
    two = jnp.polyfit(x, np.stack([y, 2 * y], 1), 2)
    close(two, np.polyfit(x, np.stack([y, 2 * y], 1), 2), 1e-3)
    with pytest.raises(TypeError, match="same length"):
        jnp.polyfit(x, y[:3], 2)


def test_sort_complex_i0_kaiser():
    a = np.array([[1 + 2j, 2 + 4j, 3 - 1j, 2 + 3j]], np.complex64)
    close(jnp.sort_complex(a), np.sort_complex(a[0])[None])
    assert jnp.sort_complex(np.array([3, 1, 2])).dtype == np.complex64
    x = np.array([-3.0, -0.5, 0.0, 0.7, 8.5, 30.0], np.float32)
    close(jnp.i0(x), np.i0(x.astype(np.float64)))
    assert float(meshjit.grad(jnp.i0)(np.float32(0.0))) == 0.0
    close(
        meshjit.vmap(meshjit.grad(jnp.i0))(x[x != 0]),
        np.sign(x[x != 0]) * np.i0(0) * 0 + _i1(x[x != 0]),
        1e-4,
    )
    for m in (0, 1, 6, 7):
        close(jnp.kaiser(m, 4.0), np.kaiser(m, 4.0))


def _i1(x):
    sp = pytest.importorskip("scipy.special")
    return sp.i1(x.astype(np.float64))


def test_convolve_and_correlate_promote_ints_and_take_complex_as_numpy():
    x, y = np.array([1, 2, 3, 2, 1]), np.array([4, 1, 2])
    got = jnp.convolve(x, y)
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, np.convolve(x, y))
    a = np.array([1 + 2j, 3 - 1j, 2j, 4], np.complex64)
    v = np.array([2 - 1j, 1 + 1j], np.complex64)
    for mode in ("full", "same", "valid"):
        np.testing.assert_allclose(jnp.convolve(a, v, mode), np.convolve(a, v, mode))
        np.testing.assert_allclose(jnp.correlate(a, v, mode), np.correlate(a, v, mode))
        np.testing.assert_allclose(jnp.correlate(v, a, mode), np.correlate(v, a, mode))


def test_polyadd_adds_into_the_longer_tail_and_broadcasts_rows():
    np.testing.assert_array_equal(jnp.polyadd(np.array([2, 3]), np.array([5, 4, 1])), [5, 6, 4])
    rows = np.array([[5, 7, 9], [8, 6, 4]])
    np.testing.assert_array_equal(jnp.polyadd(rows, np.array([2])), [[5, 7, 9], [10, 8, 6]])
    with pytest.raises(ValueError):
        jnp.polyadd(np.array([1, 3, 5]), rows)


def test_polymul_polyder_are_inexact_and_polydiv_trims():
    assert jnp.polyder(np.array([2, -5, 3, -1])).dtype == np.float32
    got = jnp.polymul(np.array([0, 2, 1]), np.array([0, 5, 0, 3]), trim_leading_zeros=True)
    np.testing.assert_array_equal(got, np.polymul([2, 1], [5, 0, 3]))
    q, r = jnp.polydiv(np.array([5, 7, 9]), np.array([4, 1]), trim_leading_zeros=True)
    np.testing.assert_allclose(r, np.polydiv([5, 7, 9], [4, 1])[1])
