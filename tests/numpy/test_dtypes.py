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


# ---------------------------------------------------------------------------------------------
# An explicitly requested 64-bit dtype with x64 off: JAX's UserWarning naming the function.

TRUNCATING = {
    "arange int64": lambda m: m.numpy.arange(4, dtype=m.numpy.int64),
    "zeros float64": lambda m: m.numpy.zeros(2, dtype=m.numpy.float64),
    "ones 'int64'": lambda m: m.numpy.ones(2, "int64"),
    "array np.int64": lambda m: m.numpy.array([1], dtype=np.int64),
    "full float64": lambda m: m.numpy.full(2, 1, dtype=np.float64),
    "linspace float64": lambda m: m.numpy.linspace(0, 1, 3, dtype=m.numpy.float64),
    "astype int64": lambda m: m.numpy.arange(3).astype(m.numpy.int64),
    "jnp.float64(2.0)": lambda m: m.numpy.float64(2.0),
    "asarray of int64 data": lambda m: m.numpy.asarray(np.arange(3)),  # nothing requested
    "zeros int": lambda m: m.numpy.zeros(2, int),  # Python's int asks for nothing
    "array int32": lambda m: m.numpy.array(1, m.numpy.int32),
    # result_type warns of dtypes named (NumPy's types, strings, np.dtype), not of arrays
    "result_type np.int64": lambda m: m.numpy.zeros((), m.numpy.result_type(np.int64, np.int8)),
    "result_type 'float64'": lambda m: m.numpy.zeros((), m.numpy.result_type("float64")),
    "dtypes.result_type np.dtype": lambda m: m.numpy.zeros(
        (), m.dtypes.result_type(np.dtype("complex128"))
    ),
    "result_type jnp.int64": lambda m: m.numpy.zeros((), m.numpy.result_type(m.numpy.int64)),
    "result_type of an array": lambda m: m.numpy.zeros((), m.numpy.result_type(np.zeros(2))),
}


@pytest.mark.parametrize("name", sorted(TRUNCATING))
def test_truncated_dtype_request_warns_as_jax(name):
    import warnings

    jax = pytest.importorskip("jax")

    def warned(module):
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            out = TRUNCATING[name](module)
        return out, [
            str(w.message).split(" is not available")[0] for w in seen if w.category is UserWarning
        ]

    (ours, our_warnings), (theirs, their_warnings) = warned(meshjit), warned(jax)
    assert ours.dtype == theirs.dtype
    assert our_warnings == their_warnings  # "Explicitly requested dtype int64 requested in ..."


def test_dtypes_result_type_returns_the_weak_type_flag_as_jax():
    rt = meshjit.dtypes.result_type
    assert rt(2.0, return_weak_type_flag=True) == (np.dtype("float32"), True)
    assert rt(jnp.int8, 1, return_weak_type_flag=True) == (np.dtype("int8"), False)
    assert rt(jnp.asarray(1.0) * 2, return_weak_type_flag=True) == (np.dtype("float32"), True)
    assert rt(jnp.float32(1)) == np.dtype("float32")


def test_result_type_takes_python_types_as_weak():
    # as JAX: jnp.result_type(jnp.int8, int) is int8 (Python's int is a weak type there)
    assert jnp.result_type(jnp.int8, int) == np.int8
    assert jnp.result_type(jnp.float16, float) == np.float16
    assert jnp.result_type(float, jnp.bfloat16) == jnp.bfloat16
    assert jnp.result_type(int) == np.int32
    assert meshjit.dtypes.TypePromotionError is type(_promotion_error())
    assert issubclass(meshjit.dtypes.TypePromotionError, ValueError)


def _promotion_error():
    try:
        jnp.result_type(jnp.int4, jnp.int8)
    except ValueError as e:
        return e
