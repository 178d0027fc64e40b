"""Shape polymorphism in meshjit.export (compiler/lowering_dims.py, compiler/jit/export.py):
functions exported with symbolic argument shapes (tests/support/poly_programs.py), compared
with JAX 0.10.2 (recorded, tests/support/poly_oracle.py) for their avals, @main's signature and
their outputs called at two sizes; artifacts serialized by one library and called by the
other; and the errors of calls that do not fit the symbolic shapes."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import export
from tests.support.campaign import SWEEP, every
from tests.support.poly_oracle import (
    ARTIFACTS,
    jax_calls,
    jax_poly_results,
    meshjit_poly_namespace,
)

# `make test` runs every SWEEP-th program (compiled twice each), `make test-campaigns` the rest.
NAMES = every(SWEEP, sorted(meshjit_poly_namespace()["PROGRAMS"]))


def assert_outs_close(got, want) -> None:
    for (gdtype, gshape, gvals), (wdtype, wshape, wvals) in zip(got, want):
        assert (gdtype, gshape) == (wdtype, wshape)
        np.testing.assert_allclose(gvals, wvals, rtol=2e-6, atol=2e-6)


@pytest.mark.parametrize("name", NAMES)
def test_programs_as_jax(name):
    want = jax_poly_results()["programs"][name]
    got = meshjit_poly_namespace()["run_program"](name)
    assert got["avals"] == want["avals"]
    assert got["signature"] == want["signature"]
    assert_outs_close(got["outs"], want["outs"])


# Each artifact compiles twice: `make test` calls every third one, `make test-campaigns` the rest.
@pytest.mark.parametrize("name", every(3, ARTIFACTS))
def test_jax_artifacts_called_by_meshjit(name):
    ns = meshjit_poly_namespace()
    exp = export.deserialize(bytes.fromhex(jax_poly_results()["artifacts"][name]))
    want = jax_poly_results()["programs"][name]
    assert [str(exp.in_avals), str(exp.out_avals)] == want["avals"]
    _, specs = ns["PROGRAMS"][name]
    for (dtype, shape, values), seed, env in zip(want["outs"], (0, 1), ns["SIZES"]):
        out = np.asarray(exp.call(*ns["concrete_args"](specs, env, seed)))
        assert (str(out.dtype), list(out.shape)) == (dtype, shape)
        np.testing.assert_allclose(out.ravel(), values, rtol=2e-6, atol=2e-6)


def test_meshjit_artifacts_called_by_jax():
    ns = meshjit_poly_namespace()
    blobs = {name: bytes(ns["exported"](name).serialize()).hex() for name in ARTIFACTS}
    got = jax_calls(blobs)
    for name in ARTIFACTS:
        want = jax_poly_results()["programs"][name]
        assert got[name]["avals"] == want["avals"]
        assert_outs_close(got[name]["outs"], want["outs"])


def poly_export(fun, *specs):
    scope = export.SymbolicScope()
    args = [
        meshjit.ShapeDtypeStruct(export.symbolic_shape(s, scope=scope), np.float32) for s in specs
    ]
    return export.export(meshjit.jit(fun))(*args)


def test_module_of_a_polymorphic_export():
    exp = poly_export(lambda x: jnp.sin(x) * 2.0, "b, 4")
    text = exp.mlir_module()
    assert "jax.uses_shape_polymorphism = true" in text
    assert "stablehlo.get_dimension_size %arg0, dim = 0" in text
    assert '@_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}' in text
    assert "stablehlo.dynamic_broadcast_in_dim" in text
    # jit's own lowering is JAX's jit form: @main takes the dimension variables first
    sds = meshjit.ShapeDtypeStruct(export.symbolic_shape("b, 4"), np.float32)
    lowered = meshjit.jit(lambda x: jnp.sin(x) * 2.0).lower(sds).as_text()
    assert (
        'public @main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x4xf32>)'
        in lowered
    )
    assert "jax.uses_shape_polymorphism" not in lowered
    static = export.export(meshjit.jit(lambda x: x * 2))(np.ones((3, 4), np.float32))
    assert "jax.uses_shape_polymorphism = false" in static.mlir_module()


def test_called_inside_jit_and_eagerly():
    exp = poly_export(lambda x: x.sum(axis=0) / x.shape[0], "b, 4")
    for n in (1, 3, 6):
        x = np.arange(4 * n, dtype=np.float32).reshape(n, 4)
        np.testing.assert_allclose(np.asarray(exp.call(x)), x.mean(0), rtol=1e-6)
        np.testing.assert_allclose(np.asarray(meshjit.jit(exp.call)(x)), x.mean(0), rtol=1e-6)


def test_round_trip_keeps_symbolic_avals():
    exp = poly_export(lambda x, y: x[: x.shape[0] // 2] * y.sum(), "2*a, 3", "c")
    back = export.deserialize(exp.serialize())
    assert str(back.in_avals) == "(ShapedArray(float32[2*a,3]), ShapedArray(float32[c]))"
    assert str(back.out_avals) == "(ShapedArray(float32[a,3]),)"
    out = back.call(np.ones((4, 3), np.float32), np.ones(5, np.float32))
    np.testing.assert_allclose(np.asarray(out), np.full((2, 3), 5.0))


def test_calls_that_do_not_fit_the_symbolic_shapes():
    exp = poly_export(lambda x, y: x + y, "b, 4", "b, 4")
    with pytest.raises(ValueError, match=r"Shape mismatch for args\[0\].shape\[1\]"):
        exp.call(np.ones((3, 5), np.float32), np.ones((3, 5), np.float32))
    with pytest.raises(
        ValueError,
        match=r"Found inconsistency between dimension size "
        r"args\[1\].shape\[0\] \(= 2\) and the specification 'b' \(= 3\)",
    ):
        exp.call(np.ones((3, 4), np.float32), np.ones((2, 4), np.float32))
    half = poly_export(lambda x: x[: x.shape[0] // 2], "2*a, 3")
    with pytest.raises(
        ValueError, match="Division had remainder 1 when computing the value of 'a'"
    ):
        half.call(np.ones((5, 3), np.float32))
    with pytest.raises(ValueError, match="Expected value >= 1 for dimension variable 'a'"):
        half.call(np.ones((0, 3), np.float32))


def test_inconclusive_comparisons_while_tracing():
    with pytest.raises(export.InconclusiveDimensionOperation, match="'b' > '3' is inconclusive"):
        poly_export(lambda x: x * 2 if x.shape[0] > 3 else x, "b, 4")
    with pytest.raises(
        export.InconclusiveDimensionOperation,
        match="'b' used in a context that requires a constant",
    ):
        poly_export(lambda x: jnp.ones(int(x.shape[0])), "b, 4")
    scoped = export.symbolic_shape("b, 4", constraints=("b >= 4",))
    f = lambda x: x * 2 if x.shape[0] > 3 else x  # noqa: E731
    exp = export.export(meshjit.jit(f))(meshjit.ShapeDtypeStruct(scoped, np.float32))
    np.testing.assert_allclose(np.asarray(exp.call(np.ones((5, 4), np.float32))), 2.0)


def test_symbolic_dims_outside_export_are_clear_errors():
    (b,) = export.symbolic_shape("b")
    with pytest.raises(export.InconclusiveDimensionOperation, match="requires a constant"):
        jnp.ones(3) * b


def test_vjp_and_vmap_of_a_polymorphic_call():
    exp = poly_export(lambda x: jnp.tanh(x).sum(0), "b, 4")
    back = export.deserialize(exp.serialize(vjp_order=1))
    assert str(back.vjp().in_avals) == "(ShapedArray(float32[b,4]), ShapedArray(float32[4]))"
    x = np.full((3, 4), 0.5, np.float32)
    g = meshjit.grad(lambda x: back.call(x).sum())(x)
    np.testing.assert_allclose(np.asarray(g), 1 - np.tanh(x) ** 2, rtol=1e-6)
    batched = meshjit.vmap(exp.call)(np.ones((2, 3, 4), np.float32))
    np.testing.assert_allclose(np.asarray(batched), np.full((2, 4), 3 * np.tanh(1.0)), rtol=1e-6)


@pytest.mark.parametrize("name", sorted(meshjit_poly_namespace()["OP_ERRORS"]))
def test_ops_refused_on_symbolic_dims_as_jax(name):
    """Ops JAX refuses on symbolic axes (FFT, permutation, associative_scan, reflect padding)
    are meshjit's errors of the same class and words."""
    assert meshjit_poly_namespace()["OP_ERRORS"][name] == jax_poly_results()["op_errors"][name]


@pytest.mark.parametrize("name", sorted(meshjit_poly_namespace()["NESTED"]))
def test_nested_exports_as_jax(name):
    """An export calling another export (polymorphic in its caller's variables, deserialized,
    differentiated, round-tripped), as JAX's."""
    got, want = meshjit_poly_namespace()["NESTED"][name], jax_poly_results()["nested"][name]
    if name == "static_in_poly":  # meshjit's message also names both avals
        got, want = got.split(" (Exported")[0], want.split(" (Exported")[0]
    assert got == want


def test_lapack_calls_take_shape_operands():
    """A LAPACK call with a symbolic batch passes its results' shapes as operands, as JAX's
    (shape refinement folds them away when the artifact is called)."""
    text = poly_export(lambda x: jnp.linalg.cholesky(x), "b, 3, 3").mlir_module()
    assert "indices_of_shape_operands = dense<[1, 2]> : tensor<2xi64>" in text
    assert (
        "(tensor<?x3x3xf32>, tensor<3xi32>, tensor<1xi32>) -> (tensor<?x3x3xf32>, tensor<?xi32>)"
        in text
    )


def test_a_call_that_breaks_a_constraint_is_refused():
    # Regression: the constraint went unchecked and the call ran.
    (b,) = export.symbolic_shape("b", constraints=("b >= 4",))
    exp = export.export(meshjit.jit(jnp.sin))(meshjit.ShapeDtypeStruct((b,), jnp.float32))
    assert exp.call(jnp.ones(5)).shape == (5,)
    with pytest.raises(ValueError, match="Expected 'b - 4' to be greater or equal to 0"):
        exp.call(jnp.ones(2))


def test_symbolic_shape_syntax_errors_name_the_dimension():
    with pytest.raises(ValueError, match=r"'a, 2\*' in dimension 1: expecting one of"):
        export.symbolic_shape("a, 2*")
    with pytest.raises(ValueError, match="in dimension 1: expecting integer, found 2.5"):
        export.symbolic_shape("a, 2.5")


# ---------------------------------------------------------------------------------------------
# JAX's messages where a symbolic dimension must be known (round 18).


def _export_b(fun):
    arg = meshjit.ShapeDtypeStruct(export.symbolic_shape("b"), np.float32)
    return export.export(meshjit.jit(fun))(arg)


@pytest.mark.parametrize(
    "fun, error, text",
    [
        (
            lambda a: jnp.searchsorted(a, jnp.float32(0.5)),
            export.InconclusiveDimensionOperation,
            "Symbolic dimension 'b' used in a context that requires a constant",
        ),
        (
            lambda a: jnp.convolve(a, jnp.ones(3)),
            TypeError,
            "'_DimExpr' object cannot be interpreted as an integer",
        ),
        (
            lambda a: jnp.correlate(a, jnp.ones(3)),
            TypeError,
            "'_DimExpr' object cannot be interpreted as an integer",
        ),
        (
            lambda a: meshjit.lax.dynamic_slice(a, (0,), (a.shape[0] - 2,)),
            export.InconclusiveDimensionOperation,
            "'b - 2' >= '0' is inconclusive",
        ),
        (
            lambda a: meshjit.lax.dynamic_slice(a, (a.shape[0] - 2,), (2,)),
            export.InconclusiveDimensionOperation,
            "'b - 2' < '0' is inconclusive",
        ),
        (
            lambda a: a[: a.shape[0] - 2],
            export.InconclusiveDimensionOperation,
            r"In slice with non-constant elements the stop \(b - 2\) must be resolved statically",
        ),
    ],
)
def test_symbolic_dimensions_needing_constants_fail_in_jax_words(fun, error, text):
    with pytest.raises(error, match=text):
        _export_b(fun)


def test_symbolic_dynamic_slice_start_decided_statically():
    exp = _export_b(lambda a: meshjit.lax.dynamic_slice(a, (a.shape[0] - 1,), (1,)))
    np.testing.assert_array_equal(exp.call(np.arange(5, dtype=np.float32)), [4.0])


@pytest.mark.parametrize(
    "fun, shape, want",
    [
        (lambda a: a[-2:], "- max(0, b - 2) + b", [3.0, 4.0]),
        (lambda a: a[1 : a.shape[0] - 1], "max(0, b - 2)", [1.0, 2.0, 3.0]),
    ],
)
def test_symbolic_slices_as_jax(fun, shape, want):
    """Bounds through max / min by cases (max(0, b - 2) <= b), and a limit never before the
    start: JAX's shapes, and its values."""
    exp = _export_b(fun)
    assert str(exp.out_avals[0].shape[0]) == shape
    np.testing.assert_array_equal(exp.call(np.arange(5, dtype=np.float32)), want)


def test_exported_call_mismatches_are_jaxs_sentences():
    (m,) = export.symbolic_shape("m")
    exp = export.export(meshjit.jit(lambda x: x * 2))(meshjit.ShapeDtypeStruct((m,), jnp.float32))
    with pytest.raises(ValueError) as e:
        exp.call(jnp.ones(3, jnp.int32))
    assert str(e.value) == "Dtype mismatch for args[0]: expected float32 and called with int32"
    with pytest.raises(ValueError) as e:
        exp.call(jnp.ones((3, 2)))
    assert str(e.value) == "Rank mismatch for args[0]: expected (m,) and called with (3, 2)"
