"""Complex numbers in meshjit.lax: the complex-part primitives (complex, real, imag, conj) and
complex operands of the elementwise ops, reductions, contractions, sorts and data movement,
against NumPy eagerly, under jit and sharded over the 8-device mesh (Auto and Explicit axes);
their gradients against JAX 0.10.2 (holomorphic and real-valued, one JAX subprocess for the
module); vmap; the errors JAX raises for ops undefined on complex numbers; the jaxpr and
StableHLO they print."""

import warnings

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler.errors import MeshjitTypeError
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P
from tests.support import campaign
from tests.support.jax_oracle import assert_close_to_jax, start_jax_oracle, values_vs_jax

RNG = np.random.default_rng(0)
Z = (RNG.standard_normal((8, 4)) + 1j * RNG.standard_normal((8, 4))).astype(np.complex64)
W = (RNG.standard_normal((8, 4)) + 1j * RNG.standard_normal((8, 4))).astype(np.complex64)
Z128 = Z.astype(np.complex128)


def _close(got, want, tol=2e-6):
    got = np.asarray(got)
    want = np.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    scale = np.maximum(np.abs(want), 1e-3)
    err = np.max(np.abs(got.astype(np.complex128) - want) / scale) if want.size else 0.0
    assert err < tol, f"relative error {err}"


@pytest.fixture(scope="module")
def auto_mesh():
    return meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


@pytest.fixture(scope="module")
def explicit_mesh():
    return meshjit.make_mesh((4, 2), ("x", "y"))


def _runs(fn, mesh_auto, mesh_explicit, *args, explicit_spec=P("x", None)):
    """fn's results: eager, jitted, jitted on inputs sharded P('x', 'y') over Auto axes and
    `explicit_spec` over Explicit axes."""
    yield "eager", fn(*args)
    yield "jit", meshjit.jit(fn)(*args)
    sharded = [meshjit.device_put(a, NamedSharding(mesh_auto, P("x", "y"))) for a in args]
    yield "auto", meshjit.jit(fn)(*sharded)
    explicit = [meshjit.device_put(a, NamedSharding(mesh_explicit, explicit_spec)) for a in args]
    yield "explicit", meshjit.jit(fn)(*explicit)


# ---------------------------------------------------------------------------------------------
# Values against NumPy.

UNARY = {
    "neg": (lax.neg, np.negative),
    "sign": (lax.sign, lambda z: z / np.abs(z)),
    "exp": (lax.exp, np.exp),
    "log": (lax.log, np.log),
    "log1p": (lax.log1p, np.log1p),
    "expm1": (lax.expm1, np.expm1),
    "sqrt": (lax.sqrt, np.sqrt),
    "rsqrt": (lax.rsqrt, lambda z: 1 / np.sqrt(z)),
    "sin": (lax.sin, np.sin),
    "cos": (lax.cos, np.cos),
    "tan": (lax.tan, np.tan),
    "tanh": (lax.tanh, np.tanh),
    "logistic": (lax.logistic, lambda z: 1 / (1 + np.exp(-z))),
    "sinh": (lax.sinh, np.sinh),
    "cosh": (lax.cosh, np.cosh),
    "asin": (lax.asin, np.arcsin),
    "acos": (lax.acos, np.arccos),
    "atan": (lax.atan, np.arctan),
    "asinh": (lax.asinh, np.arcsinh),
    "acosh": (lax.acosh, np.arccosh),
    "atanh": (lax.atanh, np.arctanh),
    "square": (lax.square, np.square),
    "integer_pow_3": (lambda z: lax.integer_pow(z, 3), lambda z: z**3),
    "integer_pow_-2": (lambda z: lax.integer_pow(z, -2), lambda z: z**-2.0),
    "abs": (lax.abs, np.abs),
    "real": (lax.real, np.real),
    "imag": (lax.imag, np.imag),
    "conj": (lax.conj, np.conj),
}


@pytest.mark.parametrize("name", campaign.every(campaign.SWEEP, UNARY))  # one in 48 in make test
def test_unary_op_matches_numpy(name, auto_mesh, explicit_mesh):
    fn, ref = UNARY[name]
    want = ref(Z128)
    for mode, got in _runs(fn, auto_mesh, explicit_mesh, Z):
        expected_dtype = np.float32 if want.dtype.kind == "f" else np.complex64
        assert got.dtype == expected_dtype, (mode, got.dtype)
        _close(got, want, 2e-6 if name not in ("sinh", "cosh") else 1e-5)


BINARY = {
    "add": (lax.add, np.add),
    "sub": (lax.sub, np.subtract),
    "mul": (lax.mul, np.multiply),
    "div": (lax.div, np.divide),
    "pow": (lax.pow, np.power),
    "eq": (lax.eq, np.equal),
    "ne": (lax.ne, np.not_equal),
}


@pytest.mark.parametrize("name", BINARY)
def test_binary_op_matches_numpy(name, auto_mesh, explicit_mesh):
    fn, ref = BINARY[name]
    w = W.copy()
    w[0] = Z[0]  # some equal elements for eq / ne
    want = ref(Z128, w.astype(np.complex128))
    for mode, got in _runs(fn, auto_mesh, explicit_mesh, Z, w):
        if want.dtype == np.bool_:
            np.testing.assert_array_equal(got, want, err_msg=mode)
        else:
            _close(got, want, 1e-5)


def _lexicographic(z, w, pick_larger):
    larger = (z.real > w.real) | ((z.real == w.real) & (z.imag > w.imag))
    return np.where(larger == pick_larger, z, w)


def test_max_min_order_lexicographically_as_jax(auto_mesh, explicit_mesh):
    z = np.array([1 + 2j, 1 - 1j, -3j, 2 + 0j], np.complex64)
    w = np.array([1 - 1j, 1 + 5j, 1j, -2 + 9j], np.complex64)
    for mode, got in _runs(lax.max, auto_mesh, explicit_mesh, Z, W):
        np.testing.assert_array_equal(got, _lexicographic(Z, W, True), err_msg=mode)
    np.testing.assert_array_equal(lax.max(z, w), _lexicographic(z, w, True))
    np.testing.assert_array_equal(lax.min(z, w), _lexicographic(z, w, False))
    assert complex(jnp.max(z)) == 2 + 0j and complex(jnp.min(z)) == -3j


def test_sort_is_lexicographic_as_numpy():
    z = np.array([1 + 2j, 1 - 1j, 5j, -1 + 0j, 1 - 1j, 0j], np.complex64)
    np.testing.assert_array_equal(lax.sort(z), np.sort(z))
    np.testing.assert_array_equal(meshjit.jit(jnp.sort)(Z), np.sort(Z, axis=-1))
    np.testing.assert_array_equal(jnp.argsort(z, stable=True), np.argsort(z, kind="stable"))


def test_complex_from_parts_and_conj_of_a_real_array():
    x, y = Z.real.copy(), Z.imag.copy()
    out = lax.complex(x, y)
    assert out.dtype == np.complex64
    np.testing.assert_array_equal(out, Z)
    np.testing.assert_array_equal(lax.complex(x, 2.0), x + 2j)  # a weak scalar part
    out = lax.conj(np.float32(2.5))  # as JAX: lax.conj of a real value is complex
    assert out.dtype == np.complex64 and complex(out) == 2.5 + 0j
    np.testing.assert_array_equal(meshjit.jit(lax.conj)(x), x.astype(np.complex64))


def test_reductions_contractions_and_cumulative_ops_match_numpy(auto_mesh, explicit_mesh):
    cases = {
        "sum": (lambda z: jnp.sum(z, axis=0), lambda z: np.sum(z, axis=0)),
        "prod": (lambda z: jnp.prod(z, axis=1), lambda z: np.prod(z, axis=1)),
        "matmul": (lambda z: z.T @ z, lambda z: z.T @ z),
        "einsum": (lambda z: jnp.einsum("ij,ik->jk", z, jnp.conj(z)), lambda z: z.T @ z.conj()),
        "dot_general": (
            lambda z: lax.dot_general(z, z, (((0,), (0,)), ((), ()))),
            lambda z: z.T @ z,
        ),
        "cumsum": (lambda z: jnp.cumsum(z, axis=0), lambda z: np.cumsum(z, axis=0)),
        "cumprod": (lambda z: jnp.cumprod(z, axis=1), lambda z: np.cumprod(z, axis=1)),
    }
    for name, (fn, ref) in cases.items():
        # contracting or scanning an Explicit-sharded dimension needs a reshard (as in JAX)
        spec = {"sum": P("x", None), "prod": P("x", None), "cumprod": P("x", None)}.get(
            name, P(None, "y")
        )
        spec = P() if name in ("matmul", "einsum", "dot_general") else spec
        for mode, got in _runs(fn, auto_mesh, explicit_mesh, Z, explicit_spec=spec):
            assert got.dtype == np.complex64, (name, mode)
            _close(got, ref(Z128), 1e-5)


def test_data_movement_is_dtype_agnostic(auto_mesh, explicit_mesh):
    idx = np.array([3, 0, 7])
    cases = {
        "transpose": (lambda z: z.T, lambda z: z.T),
        "reshape": (lambda z: z.reshape(8, 2, 2), lambda z: z.reshape(8, 2, 2)),
        "slice": (lambda z: z[1:7:2, ::-1], lambda z: z[1:7:2, ::-1]),
        "gather": (lambda z: z[idx], lambda z: z[idx]),
        "scatter_add": (
            lambda z: jnp.asarray(z).at[idx, 1].add(1j),
            lambda z: _at_add(z, (idx, 1), 1j),
        ),
        "concatenate": (
            lambda z: jnp.concatenate([z, -z], 1),
            lambda z: np.concatenate([z, -z], 1),
        ),
        "pad": (lambda z: jnp.pad(z, 1), lambda z: np.pad(z, 1)),
        "where": (lambda z: jnp.where(z.real > 0, z, 1j), lambda z: np.where(z.real > 0, z, 1j)),
    }
    for name, (fn, ref) in cases.items():
        # slicing and indexing an Explicit-sharded dimension needs a reshard (as in JAX)
        spec = P("x", None) if name in ("transpose", "reshape", "where") else P()
        for mode, got in _runs(fn, auto_mesh, explicit_mesh, Z, explicit_spec=spec):
            np.testing.assert_array_equal(got, ref(Z), err_msg=f"{name} {mode}")


def _at_add(z, index, value):
    out = z.copy()
    np.add.at(out, index, value)
    return out


# ---------------------------------------------------------------------------------------------
# Conversions and weak types.


def test_convert_element_type_takes_the_real_part_with_jax_warning():
    with pytest.warns(np.exceptions.ComplexWarning, match="discards the imaginary part"):
        out = lax.convert_element_type(Z, np.float32)
    np.testing.assert_array_equal(out, Z.real)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        np.testing.assert_array_equal(
            lax.convert_element_type(Z * 3, np.int32), (Z * 3).real.astype(np.int32)
        )
        as_bool = lax.convert_element_type(np.array([1j, 0, 2 + 0j], np.complex64), np.bool_)
    np.testing.assert_array_equal(as_bool, [False, False, True])  # the real part's truth, as JAX


def test_conversions_into_complex():
    for x in (np.arange(3, dtype=np.int32), np.array([0.5, -1.0], np.float32), np.array([True])):
        out = meshjit.jit(lambda v: lax.convert_element_type(v, np.complex64))(x)
        assert out.dtype == np.complex64
        np.testing.assert_array_equal(out, x.astype(np.complex64))


def test_python_complex_scalars_are_weak_complex64():
    assert meshjit.make_jaxpr(lambda x: x * 1j)(1.0).jaxpr.outvars[0].aval.str_short() == "c64[]"
    out = meshjit.jit(lambda z: z * (2 - 1j) + 1)(Z)
    assert out.dtype == np.complex64
    _close(out, Z128 * (2 - 1j) + 1)
    assert lax.add(np.float32(1), 2.0).dtype == np.float32
    with pytest.raises(MeshjitTypeError, match="same dtypes"):
        lax.add(np.float32(1), 1j)  # lax does not promote a weak complex into a float


def test_the_jaxpr_and_stablehlo_name_complex64():
    jaxpr = str(meshjit.make_jaxpr(lambda x: lax.real(x * 1j))(np.float32(1)))
    assert "c64[] = mul b 1j:c64[]" in jaxpr and "f32[] = real" in jaxpr
    text = meshjit.jit(lambda z: z + (1 + 2j)).lower(Z).as_text()
    assert "tensor<8x4xcomplex<f32>>" in text
    assert "dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>" in text


def test_device_transfer_both_ways_keeps_the_values():
    a = meshjit.device_put(Z)
    assert a.dtype == np.complex64 and repr(a).endswith("dtype=complex64)")
    np.testing.assert_array_equal(np.asarray(a), Z)
    assert complex(a[0, 0]) == complex(Z[0, 0])
    assert jnp.asarray(Z.astype(np.complex128)).dtype == np.complex64  # x64 off


# ---------------------------------------------------------------------------------------------
# vmap.


@pytest.mark.parametrize("name", ["real", "imag", "conj", "abs", "exp", "complex", "max"])
def test_vmap_matches_a_loop(name):
    fns = {
        "real": lax.real,
        "imag": lax.imag,
        "conj": lax.conj,
        "abs": lax.abs,
        "exp": lax.exp,
        "complex": lambda z: lax.complex(lax.imag(z), 1.0),
        "max": lambda z: lax.max(z, 1j),
    }
    fn = fns[name]
    for axis in (0, 1):
        got = meshjit.vmap(fn, in_axes=axis, out_axes=axis)(Z)
        want = np.stack([np.asarray(fn(np.take(Z, i, axis))) for i in range(Z.shape[axis])], axis)
        np.testing.assert_allclose(got, want, rtol=1e-6)


def test_vmap_of_complex_with_a_mapped_and_an_unmapped_part():
    x, y = Z.real.copy(), np.float32(3.0)
    got = meshjit.vmap(lax.complex, in_axes=(0, None))(x, y)
    np.testing.assert_array_equal(got, x + 3j)
    got = meshjit.vmap(lax.complex, in_axes=(None, 1), out_axes=1)(x[:, 0], Z.imag.copy())
    np.testing.assert_array_equal(got, x[:, :1] + 1j * Z.imag)


# ---------------------------------------------------------------------------------------------
# Errors JAX raises on complex operands.


@pytest.mark.parametrize(
    "fn",
    [
        lax.floor,
        lax.ceil,
        lax.round,
        lax.cbrt,
        lax.erf,
        lax.is_finite,
        lambda z: lax.rem(z, z),
        lambda z: lax.lt(z, z),
        lambda z: lax.ge(z, z),
        lambda z: lax.real(lax.real(z)),
        lambda z: lax.complex(z, z),
        lambda z: lax.complex(np.float16(1), np.float16(2)),
        lambda z: lax.complex(np.int32(1), np.int32(2)),
        lambda z: lax.clz(z),
    ],
    ids=lambda f: getattr(f, "__name__", "lambda"),
)
def test_ops_undefined_on_complex_raise_type_errors(fn):
    with pytest.raises(TypeError):
        fn(Z)
    with pytest.raises(TypeError):
        meshjit.jit(fn)(Z)


# ---------------------------------------------------------------------------------------------
# Gradients against JAX.

HARNESS = r"""
Z = np.array([1.5 - 0.7j, -0.3 + 2j, 0.4 + 0.1j, 2 - 1j], np.complex64)
z0 = Z[0]

def _holo(f):
    return lambda: jax.grad(f, holomorphic=True)(z0)

CASES = {
    "holo_sin": _holo(lambda z: lax.sin(z) * z),
    "holo_exp_log": _holo(lambda z: lax.exp(z) + lax.log(z) * z ** 2),
    "holo_div_sqrt": _holo(lambda z: lax.sqrt(z) / (z + 1)),
    "holo_pow": _holo(lambda z: z ** (1.5 + 0.5j)),
    "holo_integer_pow": _holo(lambda z: lax.integer_pow(z, 3) + lax.integer_pow(z, -2)),
    # A Python complex (a weak complex64): the power's coefficient takes its dtype.
    "holo_integer_pow_weak": lambda: [jax.grad(lambda z: lax.integer_pow(z, n), holomorphic=True)(1. + 1j)
                                      for n in (1, 2, 3, -2)],
    "holo_pow_weak_jvp": lambda: jax.jvp(lambda z: z ** 3, (1. + 1j,), (1. + 0j,)),
    "holo_trig": _holo(lambda z: lax.tan(z) + lax.cos(z) + lax.logistic(z) + lax.rsqrt(z)
                       + lax.expm1(z) + lax.log1p(z) + lax.tanh(z)),
    "holo_hyperbolic": _holo(lambda z: lax.sinh(z) + lax.cosh(z) + lax.asinh(z) + lax.acos(z)
                             + lax.atanh(z) + lax.asin(z) + lax.atan(z) + lax.acosh(z)),
    "holo_atan2": _holo(lambda z: lax.atan2(z, z + 1)),
    "holo_vector": lambda: jax.grad(lambda z: jnp.sum(jnp.tanh(z) * Z), holomorphic=True)(Z),
    "abs_squared": lambda: jax.grad(lambda z: lax.abs(z) ** 2)(z0),
    "abs": lambda: jax.grad(lax.abs)(z0),
    "real": lambda: jax.grad(lambda z: lax.real(z * z))(z0),
    "imag": lambda: jax.grad(lambda z: lax.imag(z * (2 + 1j)))(z0),
    "conj": lambda: jax.grad(lambda z: lax.real(lax.conj(z) * z * 1j + z))(z0),
    "complex": lambda: jax.grad(lambda x, y: lax.real(lax.complex(x, y) ** 2 * (1 - 1j)),
                                argnums=(0, 1))(np.float32(1.3), np.float32(0.4)),
    "real_through_complex": lambda: jax.grad(lambda x: lax.real(jnp.exp(1j * x)))(np.float32(0.3)),
    "convert": lambda: jax.grad(lambda x: lax.real(lax.convert_element_type(x, np.complex64)
                                                   * (1 + 2j)))(np.float32(2)),
    "sum_abs": lambda: jax.grad(lambda z: jnp.sum(jnp.abs(z * Z)))(Z),
    "dot": lambda: jax.grad(lambda z: jnp.real(jnp.dot(z, Z * z)))(Z),
    "max": lambda: jax.grad(lambda z: jnp.real(jnp.sum(lax.max(z, Z[::-1]) * Z)))(Z),
    "jacfwd_holo": lambda: jax.jacfwd(lambda z: z ** 2 * Z, holomorphic=True)(Z),
    "jacrev_holo": lambda: jax.jacrev(lambda z: z ** 2 * Z, holomorphic=True)(Z),
    "jacrev_real_output": lambda: jax.jacrev(lambda z: jnp.abs(z) ** 2)(Z),
    "jacfwd_complex_output": lambda: jax.jacfwd(lambda x: jnp.exp(1j * x))(np.float32(0.3)),
    "hessian_holo": lambda: jax.hessian(lambda z: jnp.sum(z ** 3), holomorphic=True)(Z),
    "vjp": lambda: jax.vjp(lambda z: z * lax.sin(z), z0)[1](np.complex64(1 + 1j)),
    "jvp": lambda: jax.jvp(lambda z: lax.abs(z) * lax.sin(z), (z0,), (np.complex64(0.5 - 1j),)),
    "jit_grad": lambda: jax.jit(jax.grad(lambda z: jnp.sum(lax.abs(jnp.exp(z)) ** 2)))(Z),
    "vmap_grad": lambda: jax.vmap(jax.grad(lambda z: lax.sin(z) * z, holomorphic=True))(Z),
}


def run_case(case, record):
    out = CASES[case]()
    leaves = out if isinstance(out, (tuple, list)) else (out,)
    for i, leaf in enumerate(leaves):
        leaf = leaf if not isinstance(leaf, (tuple, list)) else leaf[0]
        record(f"{case}|{i}", leaf)
"""

GRAD_CASES = [
    "holo_sin", "holo_exp_log", "holo_div_sqrt", "holo_pow", "holo_integer_pow", "holo_integer_pow_weak",
    "holo_pow_weak_jvp", "holo_trig", "holo_hyperbolic", "holo_atan2", "holo_vector", "abs_squared", "abs", "real", "imag", "conj",
    "complex", "real_through_complex", "convert", "sum_abs", "dot", "max", "jacfwd_holo",
    "jacrev_holo", "jacrev_real_output", "jacfwd_complex_output", "hessian_holo", "vjp", "jvp",
    "jit_grad", "vmap_grad",
]  # fmt: skip


@pytest.fixture(scope="module")
def jax_results(tmp_path_factory, pytestconfig):
    return start_jax_oracle(
        GRAD_CASES, HARNESS, tmp_path_factory, pytestconfig, every=campaign.SWEEP
    )


@pytest.mark.parametrize(
    "name", campaign.every(campaign.SWEEP, GRAD_CASES)
)  # one in 48 in make test
def test_gradient_matches_jax(jax_results, name):
    assert_close_to_jax(values_vs_jax(jax_results, HARNESS, name), rtol=2e-5)


def test_grad_at_zero_of_abs_is_zero():
    assert abs(complex(meshjit.grad(lax.abs)(np.complex64(0)))) == 0


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: meshjit.grad(lambda z: z * 2)(np.complex64(1j)), "requires real-valued outputs"),
        (
            lambda: meshjit.grad(lambda z: z * 2, holomorphic=True)(np.float32(1)),
            "holomorphic=True requires inputs with complex dtype, but got float32",
        ),
        (
            lambda: meshjit.grad(lax.real, holomorphic=True)(np.complex64(1j)),
            "holomorphic=True requires outputs with complex dtype, but got float32",
        ),
        (
            lambda: meshjit.jacfwd(lambda z: z * 2)(Z[0]),
            "jacfwd requires real-valued inputs",
        ),
        (
            lambda: meshjit.jacrev(lambda z: z * 2)(Z[0]),
            "jacrev requires real-valued outputs",
        ),
        (
            lambda: meshjit.jacfwd(lambda x: x * 2, holomorphic=True)(np.float32(1)),
            "jacfwd with holomorphic=True requires inputs with complex dtype",
        ),
    ],
)
def test_autodiff_dtype_errors_are_jax(call, message):
    with pytest.raises(TypeError, match=message):
        call()
