"""jnp functions of Python scalars and mixed scalar / array operands give JAX's dtype, weak type
and value (the weak type decides how a result promotes next), and refuse what JAX refuses with
JAX's exception type. JAX's weak types follow its implementations (typed constants make a
result strong, order statistics are strong, an inexact base to integer powers is not promoted),
so each case here is one that differed."""

from __future__ import annotations

import numpy as np
import pytest

import meshjit.numpy as jnp

I32 = np.int32([1, 2, 3])
F32 = np.float32([1.5, -2.0, 0.0])

CASES = {
    "iscomplex_int": lambda m: m.iscomplex(3),
    "isreal_float": lambda m: m.isreal(2.5),
    "iscomplex_complex": lambda m: m.iscomplex(1 + 2j),
    "isfinite_int": lambda m: m.isfinite(3),
    "isfinite_int_array": lambda m: m.isfinite(I32),
    "nanmedian_int": lambda m: m.nanmedian(3),
    "nanmedian_float": lambda m: m.nanmedian(2.5),
    "trim_zeros_weak": lambda m: m.trim_zeros(m.atleast_1d(2.5)),
    "heaviside_scalar_array": lambda m: m.heaviside(2.5, I32),
    "power_float_scalar_int_array": lambda m: m.power(2.5, I32),
    "power_complex_scalar_int_array": lambda m: m.power(1j, I32),
    "power_float16_int_array": lambda m: m.power(np.float16([1.5, 2]), np.int32([2, 3])),
    "logaddexp2_scalar_array": lambda m: m.logaddexp2(2.5, I32),
    "logaddexp2_scalars": lambda m: m.logaddexp2(2.5, 3),
    "logaddexp2_uint8_scalar": lambda m: m.logaddexp2(np.uint8(3), 2.5),
    "logaddexp2_complex_scalar": lambda m: m.logaddexp2(1j, I32),  # raised TypeError
    "logaddexp_complex_scalar": lambda m: m.logaddexp(1j, I32),
    "exp2_complex_scalar": lambda m: m.exp2(1j),  # raised TypeError
    "interp_int_fp": lambda m: m.interp(2.5, I32, I32),
    "interp_extrapolate": lambda m: m.interp(
        np.float32([-1, 0.5, 1, 4, np.nan]),
        np.float32([0, 1, 1, 3]),
        np.float32([0, 10, 20, 5]),
        left="extrapolate",
        right=99.0,
    ),
    "true_divide_scalar_array": lambda m: m.true_divide(2.5, I32),
    "hypot_scalar_array": lambda m: m.hypot(2.5, I32),
    "arctan2_array_scalar": lambda m: m.arctan2(F32, 3),
    # weak bools (a comparison of weak values): two make a strong one (logical_and promotes
    # first, as JAX's), one stays weak through a unary function (round 12's fuzzer)
    "logical_and_weak_bools": lambda m: m.logical_and(_weak_bool(m), _weak_bool(m)),
    "logical_or_weak_bools": lambda m: m.logical_or(_weak_bool(m), _weak_bool(m)),
    "logical_xor_weak_bools": lambda m: m.logical_xor(_weak_bool(m), _weak_bool(m)),
    "logical_or_weak_strong": lambda m: m.logical_or(_weak_bool(m), np.array([True, False])),
    "logical_and_int_float": lambda m: m.logical_and(I32 - 2, 0.0),
    "invert_weak_bool": lambda m: m.invert(_weak_bool(m)),
    "abs_weak_bool": lambda m: m.abs(_weak_bool(m)),
    "floor_weak_bool": lambda m: m.floor(_weak_bool(m)),
    "real_weak_bool": lambda m: m.real(_weak_bool(m)),
    "isnan_weak_bool": lambda m: m.isnan(_weak_bool(m)),
    "logical_not_weak_bool": lambda m: m.logical_not(_weak_bool(m)),
    "add_weak_bools": lambda m: m.add(_weak_bool(m), _weak_bool(m)),
    # x != 0 with a weak zero for a weak scalar only (JAX's lax._const): weak arrays give
    # strong booleans, weak scalars weak ones
    "logical_not_weak_int_array": lambda m: m.logical_not((m.asarray(I32) < 2) + 1),
    "logical_and_weak_array_scalar": lambda m: m.logical_and((m.asarray(I32) < 2) + 1, 2.5),
    "logical_not_python_int": lambda m: m.logical_not(3),
    "logical_or_python_scalars": lambda m: m.logical_or(0, 2.5),
    "full_past_int32": lambda m: m.full((2,), 2**31),  # wraps (meshjit raised)
}


def _weak_bool(m):
    return m.asarray(np.array([True, False])) < 1  # bool < weak int: a weak bool in JAX

REFUSALS = {
    "gcd_float": lambda m: m.gcd(2.5, I32),
    "lcm_float": lambda m: m.lcm(I32, 2.5),
    "gcd_bool": lambda m: m.gcd(np.array([True]), np.array([False])),
    "interp_list": lambda m: m.interp(F32, [0.0, 1.0], [2.0, 3.0]),
    "interp_unequal": lambda m: m.interp(F32, np.float32([0, 1]), np.float32([2])),
    "trim_zeros_list": lambda m: m.trim_zeros([0, 1, 0]),
}


def _described(x):
    return np.asarray(x).dtype, bool(getattr(x, "weak_type", False)), np.asarray(x)


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_jax(name):
    jax_numpy = pytest.importorskip("jax.numpy")
    (dtype, weak, value), (jdtype, jweak, jvalue) = (
        _described(CASES[name](m)) for m in (jnp, jax_numpy)
    )
    assert (dtype, weak) == (jdtype, jweak)
    np.testing.assert_array_equal(value, jvalue)


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refuses_as_jax(name):
    jax_numpy = pytest.importorskip("jax.numpy")
    with pytest.raises(Exception) as theirs:
        REFUSALS[name](jax_numpy)
    with pytest.raises(type(theirs.value)):
        REFUSALS[name](jnp)
