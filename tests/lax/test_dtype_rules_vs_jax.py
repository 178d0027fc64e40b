"""lax ops take the dtypes JAX's lax takes: what JAX refuses is a TypeError here too (not an
XLA compile error or a silent promotion), and what it accepts gives JAX's numbers."""

from __future__ import annotations

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp

U8 = np.uint8([3, 255, 0, 7])
I32 = np.int32([3, -1, 0, 7])
C64 = np.complex64([1 + 2j, -3j])


def _lax(m):
    return meshjit.lax if m is jnp else pytest.importorskip("jax.lax")


ACCEPTED = {
    # stablehlo.sign takes no unsigned integers: XLA refused the module
    "sign_unsigned": lambda m: _lax(m).sign(U8),
    "pow_float_int_exponent": lambda m: _lax(m).pow(np.float16([1.5, 2]), np.int32([2, 3])),
    "view_complex_as_float": lambda m: m.asarray(C64).view(np.float32),
    "view_complex_as_bytes": lambda m: m.asarray(C64).view(np.uint8),
    "view_float_as_complex": lambda m: m.asarray(np.float32([1, 2, 3, 4])).view(np.complex64),
}

REFUSED = {
    "abs_unsigned": lambda m: _lax(m).abs(U8),  # XLA refused the module
    "bitcast_complex": lambda m: _lax(m).bitcast_convert_type(C64, np.int32),  # likewise
    "pow_int_base": lambda m: _lax(m).pow(I32, I32),
    "exp2_int": lambda m: _lax(m).exp2(3),
    "igamma_int": lambda m: _lax(m).igamma(I32, np.float32([1, 2, 3, 4])),
    "betainc_int": lambda m: _lax(m).betainc(I32, I32, np.float32([0.5] * 4)),
}


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_accepts_as_jax(name):
    jax_numpy = pytest.importorskip("jax.numpy")
    ours, theirs = ACCEPTED[name](jnp), ACCEPTED[name](jax_numpy)
    assert np.asarray(ours).dtype == np.asarray(theirs).dtype
    np.testing.assert_array_equal(np.asarray(ours), np.asarray(theirs))


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refuses_as_jax(name):
    jax_numpy = pytest.importorskip("jax.numpy")
    with pytest.raises(TypeError):
        REFUSED[name](jax_numpy)
    with pytest.raises(meshjit.MeshjitTypeError):
        REFUSED[name](jnp)


def test_host_operands_convert_to_arrays_as_jax():
    """convert_element_type of Python and NumPy operands gives arrays (it gave NumPy values),
    with JAX's dtype and weak type."""
    cases = [(3, np.int8), (np.float32([1.5]), np.int32), (2, float)]
    ours = [meshjit.lax.convert_element_type(x, d) for x, d in cases]
    assert all(isinstance(x, meshjit.Array) for x in ours)
    jax = pytest.importorskip("jax")
    for o, (x, d) in zip(ours, cases):
        t = jax.lax.convert_element_type(x, d)
        assert (o.dtype, o.weak_type) == (t.dtype, t.weak_type)
        np.testing.assert_array_equal(np.asarray(o), np.asarray(t))
