"""Dtypes and weak types of meshjit.numpy results against jax.numpy."""


import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support.math_cases import bf16, f16, f32, i8, i32, u8

# ---------------------------------------------------------------------------------------------
# Dtypes and weak types against jax.numpy.

UNARY_NAMES = [
    "arccos",
    "arcsin",
    "arctan",
    "arccosh",
    "arcsinh",
    "arctanh",
    "sinh",
    "cosh",
    "exp2",
    "log2",
    "log10",
    "isnan",
    "isinf",
    "nan_to_num",
    "trunc",
    "rint",
    "around",
    "signbit",
    "sinc",
    "deg2rad",
    "rad2deg",
    "degrees",
    "radians",
    "copy",
    "conj",
    "empty_like",
    "fabs",
]
BINARY_NAMES = [
    "isclose",
    "allclose",
    "array_equal",
    "hypot",
    "logaddexp",
    "fmod",
    "heaviside",
    "float_power",
    "fmax",
    "fmin",
]
REDUCTION_NAMES = ["nansum", "nanmean", "nanmax", "nanmin", "count_nonzero", "average", "ptp"]


def _types_of(module, tree):
    return {k: (np.dtype(v.dtype), bool(v.weak_type)) for k, v in tree.items()}


def _all_ops(m, x, y):
    out = {n: getattr(m, n)(x) for n in UNARY_NAMES}
    out.update({n: getattr(m, n)(x, y) for n in BINARY_NAMES})
    if np.ndim(x):
        out.update({n: getattr(m, n)(x) for n in REDUCTION_NAMES})
    return out


@pytest.mark.parametrize(
    "x, y",
    [
        (np.arange(1, 5).astype(i8), np.arange(1, 5).astype(i8)),
        (np.arange(1, 5).astype(u8), 2),
        (np.arange(1, 5).astype(bf16), np.arange(1, 5).astype(f16)),
        (np.arange(1, 5).astype(f16), 0.5),
        (np.arange(1, 5).astype(f32), np.arange(1, 5).astype(i32)),
        (1.5, 2.5),
        (3, 2),
    ],
    ids=["i8,i8", "u8,weak", "bf16,f16", "f16,weak", "f32,i32", "weak_f", "weak_i"],
)
def test_dtypes_and_weak_types_match_jax(x, y):
    jax = pytest.importorskip("jax")
    ours = meshjit.jit(lambda x, y: _all_ops(jnp, x, y))(x, y)
    theirs = jax.jit(lambda x, y: _all_ops(jax.numpy, x, y))(x, y)
    assert _types_of(jnp, ours) == _types_of(jax.numpy, theirs)

