"""The JAX oracle: dtypes, weak types and values of meshjit.numpy match jax.numpy."""

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from tests.support.numerics import (
    FEW,
    TRANSCENDENTAL_TOL,
    bf16,
    bool_,
    f16,
    f32,
    i8,
    i32,
    u8,
    u32,
    values,
)

# ---------------------------------------------------------------------------------------------
# The JAX oracle: dtypes, weak types and values match jax.numpy.


def _both(fn, *args):
    """fn(numpy_module, *args) under meshjit.jit and jax.jit."""
    jax = pytest.importorskip("jax")
    jjnp = pytest.importorskip("jax.numpy")
    ours = meshjit.jit(lambda *a: fn(jnp, *a))(*args)
    theirs = jax.jit(lambda *a: fn(jjnp, *a))(*args)
    return ours, theirs


def _assert_same_type(ours, theirs):
    assert ours.dtype == theirs.dtype, (ours.dtype, theirs.dtype)
    assert ours.weak_type == theirs.weak_type, ("weak_type", ours.weak_type, theirs.weak_type)


_PROMOTION_CASES = {
    "i8+u8": (lambda m, x, y: x + y, (i8, u8)),
    "u8+i32": (lambda m, x, y: x + y, (u8, i32)),
    "bf16+f16": (lambda m, x, y: x + y, (bf16, f16)),
    "bf16*i32": (lambda m, x, y: x * y, (bf16, i32)),
    "f16-u8": (lambda m, x, y: x - y, (f16, u8)),
    "bool+bool": (lambda m, x, y: x + y, (bool_, bool_)),
    "bool*bool": (lambda m, x, y: x * y, (bool_, bool_)),
    "bool+i8": (lambda m, x, y: x + y, (bool_, i8)),
    "u32+i32": (lambda m, x, y: x + y, (u32, i32)),
    "i8/i8": (lambda m, x, y: x / y, (i8, i8)),
    "u8//u8": (lambda m, x, y: x // y, (u8, u8)),
    "where(i8,f16)": (lambda m, x, y: m.where(x > 0, x, y), (i8, f16)),
    "maximum(u8,i8)": (lambda m, x, y: m.maximum(x, y), (u8, i8)),
    "matmul(i8,u8)": (lambda m, x, y: x @ y, (i8, u8)),
    "concatenate(bf16,f32)": (lambda m, x, y: m.concatenate([x, y]), (bf16, f32)),
    "i32*2.5": (lambda m, x: x * 2.5, (i32,)),
    "u8+1": (lambda m, x: x + 1, (u8,)),
    "1-u8": (lambda m, x: 1 - x, (u8,)),
    "i8*2": (lambda m, x: x * 2, (i8,)),
    "bf16+1.5": (lambda m, x: x + 1.5, (bf16,)),
    "f16**2": (lambda m, x: x**2, (f16,)),
    "bool+1": (lambda m, x: x + 1, (bool_,)),
    "bool*1.5": (lambda m, x: x * 1.5, (bool_,)),
    "u8>1": (lambda m, x: x > 1, (u8,)),
    "sum(i8)": (lambda m, x: m.sum(x), (i8,)),
    "sum(u8)": (lambda m, x: x.sum(0), (u8,)),
    "sum(bool)": (lambda m, x: m.sum(x), (bool_,)),
    "sum(bf16)": (lambda m, x: m.sum(x), (bf16,)),
    "prod(i8)": (lambda m, x: m.prod(x), (i8,)),
    "mean(i32)": (lambda m, x: m.mean(x), (i32,)),
    "mean(u8)": (lambda m, x: m.mean(x, axis=0), (u8,)),
    "mean(bool)": (lambda m, x: m.mean(x), (bool_,)),
    "mean(f16)": (lambda m, x: m.mean(x), (f16,)),
    "var(i8)": (lambda m, x: m.var(x), (i8,)),
    "var(bf16)": (lambda m, x: m.var(x), (bf16,)),
    "max(u8)": (lambda m, x: m.max(x), (u8,)),
    "argmax(f16)": (lambda m, x: m.argmax(x), (f16,)),
    "exp(i8)": (lambda m, x: m.exp(x), (i8,)),
    "sqrt(u8)": (lambda m, x: m.sqrt(x), (u8,)),
    "abs(i8)": (lambda m, x: m.abs(x), (i8,)),
    "sign(u8)": (lambda m, x: m.sign(x), (u8,)),
    "clip(u8,0,3)": (lambda m, x: m.clip(x, 0, 3), (u8,)),
    "clip(i8,0.5,2)": (lambda m, x: m.clip(x, 0.5, 2), (i8,)),
    "astype(bf16)": (lambda m, x: x.astype(m.bfloat16), (i8,)),
    "zeros_like(u8)": (lambda m, x: m.zeros_like(x), (u8,)),
    "full_like(i8,2.5)": (lambda m, x: m.full_like(x, 2.5), (i8,)),
    "full(3)": (lambda m, x: m.full((2,), 3) + x, (i8,)),
    "arange+bf16": (lambda m, x: m.arange(2) + x, (bf16,)),
    "eye*i8": (lambda m, x: m.eye(2) * x, (i8,)),
    "power(i8,u8)": (lambda m, x, y: m.power(x, y), (i8, u8)),
    "power(bool,2)": (lambda m, x: m.power(x, 2), (bool_,)),
    "square(bool)": (lambda m, x: m.square(x), (bool_,)),
    "logical_and(i8,f32)": (lambda m, x, y: m.logical_and(x, y), (i8, f32)),
    "floor_divide(f16,2)": (lambda m, x: m.floor_divide(x, 2), (f16,)),
    "dot(i8,i8)": (lambda m, x, y: m.dot(x, y), (i8, i8)),
    "i8==2.5": (lambda m, x: x == 2.5, (i8,)),
    "u8<1": (lambda m, x: x < 1, (u8,)),
    "floor(i8)": (lambda m, x: m.floor(x), (i8,)),
    "ceil(bool)": (lambda m, x: m.ceil(x), (bool_,)),
    "floor(bf16)": (lambda m, x: m.floor(x * 0.5), (bf16,)),
    "reciprocal(bool)": (lambda m, x: m.reciprocal(x), (bool_,)),
    "reciprocal(i8)": (lambda m, x: m.reciprocal(x), (i8,)),
    "floor_divide(bool,bool)": (lambda m, x, y: x // y, (bool_, bool_)),
    "remainder(bool,bool)": (lambda m, x, y: x % y, (bool_, bool_)),
    "power(bool,bool)": (lambda m, x, y: x**y, (bool_, bool_)),
    "floor_divide(i32,2.5)": (lambda m, x: x // 2.5, (i32,)),
    "remainder(u8,2.5)": (lambda m, x: x % 2.5, (u8,)),
}


@pytest.mark.parametrize("name", sorted(_PROMOTION_CASES))
def test_promotion_matches_jax(name):
    fn, arg_dtypes = _PROMOTION_CASES[name]
    args = [np.arange(1, 5).reshape(2, 2).astype(d) for d in arg_dtypes]
    ours, theirs = _both(fn, *args)
    _assert_same_type(ours, theirs)
    np.testing.assert_allclose(
        np.asarray(ours).astype(np.float64), np.asarray(theirs).astype(np.float64), rtol=1e-2
    )


@pytest.mark.parametrize(
    "expr",
    [
        lambda m, x: x + 1,
        lambda m, x: 2.0 * x,
        lambda m, x: m.exp(x),
        lambda m, x: m.sum(x),
        lambda m, x: x.reshape(1),
        lambda m, x: m.maximum(x, 3),
        lambda m, x: m.zeros_like(x),
        lambda m, x: m.full_like(x, 7),
        lambda m, x: m.floor(x),
        lambda m, x: x == 2.5,
        lambda m, x: x // 2,
        lambda m, x: m.reciprocal(x),
    ],
)
@pytest.mark.parametrize("scalar", [1, 1.5])
def test_weak_type_of_python_scalar_arguments_matches_jax(expr, scalar):
    """A Python scalar passed to jit stays weak through the ops, as in JAX."""
    ours, theirs = _both(expr, scalar)
    _assert_same_type(ours, theirs)


@pytest.mark.parametrize("scalar", [1, 2.5])
def test_lax_ops_keep_weak_scalars_weak_as_jax(scalar):
    jax = pytest.importorskip("jax")

    one, two = type(scalar)(1), type(scalar)(2)

    def f(lax_module, x):
        return lax_module.mul(lax_module.sub(x, one), two), lax_module.lt(x, two)

    ours = meshjit.jit(lambda x: f(lax, x))(scalar)
    theirs = jax.jit(lambda x: f(jax.lax, x))(scalar)
    for a, b in zip(ours, theirs):
        _assert_same_type(a, b)
        assert np.asarray(a) == np.asarray(b)


_VALUE_OPS = {
    "floor_divide": lambda m, x, y: m.floor_divide(x, y),
    "remainder": lambda m, x, y: m.remainder(x, y),
    "power": lambda m, x, y: m.power(m.abs(x) + 1, y),
    "logistic-ish": lambda m, x, y: m.tanh(x) * m.log1p(m.abs(y)),
    "var": lambda m, x, y: m.var(x, axis=0) + m.mean(y),
    "argmin": lambda m, x, y: m.argmin(x * y, axis=1),
    "matmul": lambda m, x, y: x @ y.T,
    "clip-where": lambda m, x, y: m.where(x > y, m.clip(x, -1, 1), y),
    "sign-expm1": lambda m, x, y: m.sign(x) * m.expm1(y / 4),
}


@FEW
@given(
    st.data(),
    st.sampled_from(sorted(_VALUE_OPS)),
    st.sampled_from([f32, bf16, i32]),
)
def test_values_match_jax(data, name, dtype):
    x = data.draw(values(dtype, (3, 4)))
    y = data.draw(values(dtype, (3, 4)))
    y = np.where(y == 0, np.ones((), dtype), y).astype(dtype)
    assume(name != "power" or dtype != i32 or np.all(y >= 0))
    ours, theirs = _both(_VALUE_OPS[name], x, y)
    _assert_same_type(ours, theirs)
    rtol, atol = TRANSCENDENTAL_TOL.get(np.dtype(ours.dtype), (0, 0))
    np.testing.assert_allclose(
        np.asarray(ours).astype(np.float64),
        np.asarray(theirs).astype(np.float64),
        rtol=rtol * 4,
        atol=atol * 4,
    )

