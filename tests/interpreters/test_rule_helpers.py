"""The helpers custom primitives use from jax.interpreters (mlir: constants, attributes, types,
module text; ad: defjvp2, deflinear2, add_tangents; batching: defvectorized, defbroadcasting,
bdim_at_front), on a primitive written as JAX's docs write one."""

import numpy as np

import meshjit
from meshjit.extend import core
from meshjit.extend.mlir.dialects import stablehlo as hlo
from meshjit.interpreters import ad, batching, mlir

X = np.arange(3, dtype=np.float32)
Y = np.ones(3, np.float32)

cube_plus_p = core.Primitive("cube_plus")
cube_plus_p.def_impl(lambda x, y: x**3 + y)
cube_plus_p.def_abstract_eval(lambda x, y: core.ShapedArray(x.shape, x.dtype))
mlir.register_lowering(
    cube_plus_p, lambda ctx, x, y: [hlo.add(hlo.multiply(hlo.multiply(x, x), x), y)]
)
ad.defjvp2(cube_plus_p, lambda t, out, x, y: t * 3 * x**2, lambda t, out, x, y: t)
batching.defbroadcasting(cube_plus_p)

double_p = core.Primitive("double")
double_p.def_abstract_eval(lambda x: core.ShapedArray(x.shape, x.dtype))
mlir.register_lowering(double_p, lambda ctx, x: [hlo.add(x, x)])
batching.defvectorized(double_p)
ad.deflinear2(double_p, lambda ct, x: [ct + ct])


def test_a_primitive_with_defjvp2_and_defbroadcasting():
    f = lambda x, y: cube_plus_p.bind(x, y)  # noqa: E731
    np.testing.assert_array_equal(np.asarray(meshjit.jit(f)(X, Y)), X**3 + 1)
    grad = meshjit.grad(lambda x: f(x, Y).sum())(X)
    np.testing.assert_array_equal(np.asarray(grad), 3 * X**2)
    rows = meshjit.vmap(f, (0, None))(X[:, None] * np.ones((3, 2), np.float32), Y[:2])
    np.testing.assert_array_equal(np.asarray(rows), (X**3 + 1)[:, None] * np.ones((3, 2)))


def test_a_linear_primitive_with_deflinear2_and_defvectorized():
    f = lambda x: double_p.bind(x)  # noqa: E731
    np.testing.assert_array_equal(np.asarray(meshjit.vmap(f)(X)), 2 * X)
    np.testing.assert_array_equal(np.asarray(meshjit.grad(lambda x: f(x).sum())(X)), 2 * Y)
    assert ad.add_tangents(ad.Zero(core.ShapedArray((3,), np.float32)), X) is X
    front = batching.bdim_at_front(np.ones((2, 3), np.float32), 1, 3)
    assert front.shape == (3, 2) and batching.bdim_at_front(X, None, 4).shape == (4, 3)


def test_mlir_helpers_build_types_attributes_and_constants():
    with mlir.make_ir_context(), mlir.ir.Location.unknown():
        assert str(mlir.dtype_to_ir_type(np.float32)) == "f32"
        assert str(mlir.aval_to_ir_type(core.ShapedArray((2, 3), np.int8))) == "tensor<2x3xi8>"
        assert str(mlir.token_type()) == "!stablehlo.token"
        assert str(mlir.i32_attr(3)) == "3 : i32" and str(mlir.i64_attr(4)) == "4 : i64"
        assert str(mlir.dense_int_array([1, 2])) == "array<i64: 1, 2>"
        assert str(mlir.ir_attribute({"a": np.float32(1.5)})) == "{a = 1.500000e+00 : f32}"
        module = mlir.ir.Module.create()
        with mlir.ir.InsertionPoint(module.body):
            value = mlir.ir_constant(np.arange(2, dtype=np.int32))
        assert str(value.type) == "tensor<2xi32>"
        assert "stablehlo.constant dense<[0, 1]>" in mlir.module_to_string(module)
        assert mlir.module_to_bytecode(module).startswith(b"ML\xefR")


def test_xla_apply_primitive_runs_a_primitive_eagerly():
    from meshjit.extend.core import primitives
    from meshjit.interpreters import xla

    out = xla.apply_primitive(primitives.add_p, np.float32(1), np.float32(2))
    assert float(out) == 3.0 and isinstance(out, meshjit.Array)
