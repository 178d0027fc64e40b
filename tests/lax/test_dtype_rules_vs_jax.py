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
    # dot_general of two dtypes computes in the more precise one (it raised)
    "dot_int_float": lambda m: _lax(m).dot(I32, np.float32([1.5, 2, 3, 4])),
    "dot_f16_bf16": lambda m: _lax(m).dot(
        np.float16([1.5, 2]), m.asarray([3, 4], dtype=m.bfloat16)
    ),
    "dot_uint_int": lambda m: _lax(m).dot(np.uint32([1, 2]), np.int32([3, -4])),
    "dot_int8_uint8": lambda m: _lax(m).dot(np.int8([1, -2]), np.uint8([200, 3])),
    "dot_complex_f16": lambda m: _lax(m).dot(C64, np.float16([2, 3])),
    "dot_int8_int16_preferred": lambda m: _lax(m).dot(
        np.int8([1, 2]), np.int16([3, 4]), preferred_element_type=np.float32
    ),
    "dot_general_mixed": lambda m: _lax(m).dot_general(
        np.ones((2, 3), np.float16), np.ones((3, 4), np.float32), (((1,), (0,)), ((), ()))
    ),
    # reductions of host scalars give weak arrays (they gave Python numbers)
    "reduce_sum_python_int": lambda m: _lax(m).reduce_sum(3, ()),
    "reduce_max_python_float": lambda m: _lax(m).reduce_max(3.0, ()),
    # weak only when every operand is (clamp kept x's weakness; the incomplete gamma and beta
    # functions made Python scalars strong)
    "clamp_weak_x_strong_bounds": lambda m: _lax(m).clamp(np.float32(0), 1.5, np.float32(2)),
    "igamma_weak": lambda m: _lax(m).igamma(1.0, 2.0),
    "igammac_weak": lambda m: _lax(m).igammac(1.0, 2.0),
    "betainc_weak": lambda m: _lax(m).betainc(1.0, 2.0, 0.5),
    "betainc_strong": lambda m: _lax(m).betainc(1.0, np.float32(2.0), 0.5),
}

REFUSED = {
    "abs_unsigned": lambda m: _lax(m).abs(U8),  # XLA refused the module
    "bitcast_complex": lambda m: _lax(m).bitcast_convert_type(C64, np.int32),  # likewise
    "pow_int_base": lambda m: _lax(m).pow(I32, I32),
    "exp2_int": lambda m: _lax(m).exp2(3),
    "igamma_int": lambda m: _lax(m).igamma(I32, np.float32([1, 2, 3, 4])),
    "betainc_int": lambda m: _lax(m).betainc(I32, I32, np.float32([0.5] * 4)),
}

# JAX's lax takes non-negative axes only (meshjit's took negative ones and numpy's words)
REFUSED_VALUES = {
    "cumsum_negative_axis": lambda m: _lax(m).cumsum(np.ones((2, 3)), -1),
    "cummax_axis_out_of_range": lambda m: _lax(m).cummax(np.ones(3), 1),
    "cumsum_scalar": lambda m: _lax(m).cumsum(3.0),
    "argmax_negative_axis": lambda m: _lax(m).argmax(np.ones((2, 3)), -1, np.int32),
    "argmin_scalar": lambda m: _lax(m).argmin(3.0, 0, np.int32),
    "dot_needs_dimension_numbers": lambda m: _lax(m).dot(np.ones((2, 3)), 3.0),
}


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_accepts_as_jax(name):
    jax_numpy = pytest.importorskip("jax.numpy")
    ours, theirs = ACCEPTED[name](jnp), ACCEPTED[name](jax_numpy)
    assert np.asarray(ours).dtype == np.asarray(theirs).dtype
    assert getattr(ours, "weak_type", None) == getattr(theirs, "weak_type", None)
    np.testing.assert_array_equal(np.asarray(ours), np.asarray(theirs))


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refuses_as_jax(name):
    jax_numpy = pytest.importorskip("jax.numpy")
    with pytest.raises(TypeError):
        REFUSED[name](jax_numpy)
    with pytest.raises(meshjit.MeshjitTypeError):
        REFUSED[name](jnp)


@pytest.mark.parametrize("name", sorted(REFUSED_VALUES))
def test_refuses_values_as_jax(name):
    """JAX's ValueError and message."""
    jax_numpy = pytest.importorskip("jax.numpy")
    with pytest.raises(ValueError) as theirs:
        REFUSED_VALUES[name](jax_numpy)
    with pytest.raises(meshjit.MeshjitValueError) as ours:
        REFUSED_VALUES[name](jnp)
    assert str(ours.value).split("\n")[0].strip() == str(theirs.value)


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
