"""meshjit.numpy on complex numbers: real, imag, conj, angle, the predicates, and the ufuncs,
reductions, comparisons (lexicographic, as jax.numpy's), norms and products on complex arrays,
against JAX 0.10.2 (one JAX subprocess for the module) and NumPy; JAX's errors for the functions
undefined on complex numbers."""

import warnings

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support import campaign
from tests.support.jax_oracle import assert_close_to_jax, oracle_fixture, values_vs_jax

HARNESS = r"""
import warnings
rng = np.random.default_rng(0)
Z = (rng.normal(size=(3, 4)) + 1j * rng.normal(size=(3, 4))).astype(np.complex64)
W = (rng.normal(size=(3, 4)) + 1j * rng.normal(size=(3, 4))).astype(np.complex64)
Z[0, 0], W[0, 0], W[0, 1] = 1 + 2j, 1 - 1j, Z[0, 1]
X = np.array([[1.5, -2.0, 0.0, 3.0]], np.float32)
I = np.array([1, -1, 0, 2], np.int32)

UNARY = ["real", "imag", "conj", "conjugate", "angle", "abs", "absolute", "iscomplex", "isreal",
         "sign", "isnan", "isinf", "isfinite", "exp", "log", "log2", "log10", "exp2", "sqrt",
         "square", "reciprocal", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh",
         "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "expm1", "log1p", "negative",
         "positive", "round", "rint", "sort", "argsort", "cumsum", "cumprod", "sum", "prod",
         "mean", "var", "std", "max", "min", "sinc", "nan_to_num"]
BINARY = ["add", "subtract", "multiply", "divide", "true_divide", "power", "equal", "not_equal",
          "less", "greater", "less_equal", "greater_equal", "maximum", "minimum", "vdot", "inner",
          "outer", "arctan2", "float_power", "isclose", "fmax", "fmin", "logaddexp"]
OTHER = {
    "angle_deg": lambda: jnp.angle(Z, deg=True),
    "angle_real": lambda: jnp.angle(np.array([1.0, -2.0, 0.0], np.float32)),
    "angle_int": lambda: jnp.angle(I),
    "real_of_int": lambda: jnp.real(I),
    "imag_of_int": lambda: jnp.imag(I),
    "conj_of_float": lambda: jnp.conj(X),
    "iscomplex_of_float": lambda: jnp.iscomplex(X),
    "matmul": lambda: jnp.matmul(Z, W.T),
    "einsum": lambda: jnp.einsum("ij,kj->ik", Z, jnp.conj(W)),
    "tensordot": lambda: jnp.tensordot(Z, W, axes=([1], [1])),
    "norm": lambda: jnp.linalg.norm(Z),
    "norm_axis": lambda: jnp.linalg.norm(Z, axis=1),
    "norm_ord1": lambda: jnp.linalg.norm(Z, ord=1, axis=1),
    "norm_inf": lambda: jnp.linalg.norm(Z, ord=np.inf, axis=1),
    "norm_3": lambda: jnp.linalg.norm(Z, ord=3, axis=0),
    "norm_fro": lambda: jnp.linalg.norm(Z, "fro"),
    "norm_matrix_1": lambda: jnp.linalg.norm(Z, 1),
    "astype_float": lambda: Z.astype(jnp.float32) if hasattr(Z, "astype") else None,
    "astype_bool": lambda: jnp.asarray(np.array([1j, 0, 2], np.complex64)).astype(bool),
    "astype_complex": lambda: jnp.arange(3).astype(jnp.complex64),
    "array_scalar": lambda: jnp.array(1 + 2j),
    "asarray_list": lambda: jnp.asarray([1, 2j, 3.5]),
    "zeros": lambda: jnp.zeros(3, jnp.complex64),
    "full": lambda: jnp.full((2,), 1 + 1j),
    "linspace": lambda: jnp.linspace(0, 1 + 1j, 5),
    "methods": lambda: (jnp.asarray(Z).real, jnp.asarray(Z).imag, jnp.asarray(Z).conj()),
    "scalar_type": lambda: jnp.complex64(3),
    "float_times_complex": lambda: jnp.float32(2) * Z,
    "int_times_1j": lambda: jnp.arange(4) * 1j,
    "where": lambda: jnp.where(jnp.real(Z) > 0, Z, W),
    "mean_axis": lambda: jnp.mean(Z, axis=0),
    "var_ddof": lambda: jnp.var(Z, axis=1, ddof=1),
    "max_axis": lambda: jnp.max(Z, axis=1),
    "round_decimals": lambda: jnp.round(Z, 2),
    "allclose": lambda: jnp.allclose(Z, Z + 1e-7),
    "trace": lambda: jnp.trace(Z[:, :3]),
    "vmap_abs2": lambda: jax.vmap(lambda a: jnp.sum(a * jnp.conj(a)).real)(Z),
    "logaddexp_grad": lambda: jax.grad(lambda z: jnp.real(jnp.sum(jnp.logaddexp(z, W))), holomorphic=False)(Z),
    "logaddexp_wrap": lambda: jnp.logaddexp(np.array([3j, -3j, 2 + 3j], np.complex64), np.array([3.1j, -3.1j, 1 + 3.1j], np.complex64)),
    "jit_mixed": lambda: jax.jit(lambda z, x: jnp.exp(1j * x) * z + x)(Z, X),
}


def run_case(case, record):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if case in UNARY:
            out = getattr(jnp, case)(Z)
        elif case in BINARY:
            out = getattr(jnp, case)(Z, W)
        else:
            out = OTHER[case]()
    for i, leaf in enumerate(out if isinstance(out, tuple) else (out,)):
        record(f"{case}|{i}", leaf)
"""

UNARY = [
    "real", "imag", "conj", "conjugate", "angle", "abs", "absolute", "iscomplex", "isreal",
    "sign", "isnan", "isinf", "isfinite", "exp", "log", "log2", "log10", "exp2", "sqrt",
    "square", "reciprocal", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh",
    "tanh", "arcsinh", "arccosh", "arctanh", "expm1", "log1p", "negative", "positive", "round",
    "rint", "sort", "argsort", "cumsum", "cumprod", "sum", "prod", "mean", "var", "std", "max",
    "min", "sinc", "nan_to_num",
]  # fmt: skip
BINARY = [
    "add", "subtract", "multiply", "divide", "true_divide", "power", "equal", "not_equal",
    "less", "greater", "less_equal", "greater_equal", "maximum", "minimum", "vdot", "inner",
    "outer", "arctan2", "float_power", "isclose", "fmax", "fmin", "logaddexp",
]  # fmt: skip
OTHER = [
    "angle_deg", "angle_real", "angle_int", "real_of_int", "imag_of_int", "conj_of_float",
    "iscomplex_of_float", "matmul", "einsum", "tensordot", "norm", "norm_axis", "norm_ord1",
    "norm_inf", "norm_3", "norm_fro", "norm_matrix_1", "astype_float", "astype_bool",
    "astype_complex", "array_scalar", "asarray_list", "zeros", "full", "linspace", "methods",
    "scalar_type", "float_times_complex", "int_times_1j", "where", "mean_axis", "var_ddof",
    "max_axis", "round_decimals", "allclose", "trace", "vmap_abs2", "jit_mixed", "logaddexp_grad",
    "logaddexp_wrap",
]  # fmt: skip
CASES = UNARY + BINARY + OTHER


jax_results = oracle_fixture(CASES, HARNESS, every=campaign.SWEEP)


@pytest.mark.parametrize("name", campaign.every(campaign.SWEEP, CASES))  # one in 48 in make test
def test_same_as_jax(jax_results, name):
    assert_close_to_jax(values_vs_jax(jax_results, HARNESS, name), rtol=2e-5)


RNG = np.random.default_rng(1)
Z = (RNG.standard_normal((4, 6)) + 1j * RNG.standard_normal((4, 6))).astype(np.complex64)


@pytest.mark.parametrize(
    "name, ref",
    [
        ("real", np.real),
        ("imag", np.imag),
        ("conj", np.conj),
        ("angle", np.angle),
        ("abs", np.abs),
        ("exp", np.exp),
        ("sqrt", np.sqrt),
        ("log10", np.log10),
        ("sort", np.sort),
        ("iscomplex", np.iscomplex),
        ("isreal", np.isreal),
    ],
)
def test_unary_functions_match_numpy_eager_and_jitted(name, ref):
    want = ref(Z.astype(np.complex128))
    for fn in (getattr(jnp, name), meshjit.jit(getattr(jnp, name))):
        got = np.asarray(fn(Z))
        np.testing.assert_allclose(got, want, rtol=2e-6, atol=1e-6)


def test_predicates_on_objects():
    assert jnp.iscomplexobj(Z) and not jnp.isrealobj(Z)
    assert jnp.iscomplexobj(1j) and jnp.isrealobj(1.0) and not jnp.iscomplexobj(None)
    assert jnp.iscomplexobj(jnp.asarray(Z)) and not jnp.iscomplexobj(jnp.real(Z))


def test_astype_complex_to_real_warns_as_jax():
    with pytest.warns(DeprecationWarning, match="Casting from complex to real dtypes"):
        out = jnp.asarray(Z).astype(jnp.float32)
    np.testing.assert_array_equal(out, Z.real)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert jnp.asarray(Z).astype(jnp.complex64).dtype == np.complex64


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: jnp.floor(Z), TypeError, "floor"),
        (lambda: jnp.ceil(Z), TypeError, "ceil"),
        (lambda: jnp.trunc(Z), TypeError, "trunc"),
        (lambda: jnp.fabs(Z), TypeError, "ufunc 'fabs' does not support complex dtypes"),
        (lambda: jnp.remainder(Z, Z), TypeError, "rem"),
        (lambda: jnp.floor_divide(Z, Z), TypeError, "floor_divide does not support complex"),
        (lambda: jnp.copysign(Z, Z), TypeError, "copysign does not support complex"),
        (lambda: jnp.hypot(Z, Z), ValueError, "jnp.hypot is not well defined for complex"),
        (lambda: jnp.isneginf(Z), ValueError, "isposinf/isneginf are not well defined"),
        (lambda: jnp.clip(Z, 0, 1), ValueError, "Complex values have no ordering"),
        (lambda: jnp.argmax(Z), TypeError, "complex numbers are not ordered"),
    ],
)
def test_functions_undefined_on_complex_raise_jax_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()
