"""Nested jit: a pjit equation in the jaxpr and a private function and call in StableHLO."""

import re

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit.compiler.ir.core import ShapedArray

f32, i32, i8 = np.float32, np.int32, np.int8


# ---------------------------------------------------------------------------------------------
# Nested jit.


def test_nested_jit_is_a_pjit_equation():
    inner = meshjit.jit(lambda x: jnp.sin(x) * 2.0)

    def outer(x, y):
        return inner(x) + inner(y)

    closed = meshjit.make_jaxpr(outer)(np.ones(3, f32), np.ones(3, f32))
    names = [e.primitive.name for e in closed.eqns]
    assert names == ["jit", "jit", "add"]
    body = closed.eqns[0].params["jaxpr"]
    assert [e.primitive.name for e in body.eqns] == ["sin", "mul"]
    printed = str(closed)
    assert printed.startswith("let lambda = { lambda ; a:f32[3]. let")  # shared, as in JAX
    assert "jit[name=<lambda> jaxpr=lambda] d" in printed


def test_nested_jit_in_stablehlo_is_a_private_function_and_call():
    @meshjit.jit
    def inner(x):
        return x * 2.0

    def outer(x):
        return inner(x) + inner(x + 1.0)

    mlir = meshjit.jit(outer).lower(np.ones(4, f32)).as_text()
    assert "func.func private @inner(%arg0: tensor<4xf32>) -> tensor<4xf32>" in mlir
    assert len(re.findall(r"call @inner\(", mlir)) == 2
    assert mlir.count("func.func private") == 1  # one body for both calls
    out = meshjit.jit(outer)(np.ones(4, f32))
    np.testing.assert_array_equal(np.asarray(out), np.full(4, 6.0))


def test_nested_jit_with_closed_over_constant():
    c = np.arange(3, dtype=f32)
    inner = meshjit.jit(lambda x: x + c)
    closed = meshjit.make_jaxpr(lambda x: inner(x) * 2.0)(np.ones(3, f32))
    (pjit_eqn, *_) = closed.eqns
    # The constant travels as an explicit argument of the call.
    assert len(pjit_eqn.invars) == 2
    out = meshjit.jit(lambda x: inner(x) * 2.0)(np.ones(3, f32))
    np.testing.assert_array_equal(np.asarray(out), (1 + c) * 2)


def test_nested_jit_with_static_args_and_pytrees():
    inner = meshjit.jit(lambda d, k: d["a"] * k, static_argnums=1)
    out = meshjit.jit(lambda x: inner({"a": x}, 3))(np.ones(2, f32))
    np.testing.assert_array_equal(np.asarray(out), [3, 3])


def test_inner_trace_capturing_an_outer_tracer():
    def outer(x):
        return meshjit.jit(lambda y: y + x)(x * 2)

    closed = meshjit.make_jaxpr(outer)(np.ones(2, f32))
    assert [e.primitive.name for e in closed.eqns] == ["mul", "jit"]
    out = meshjit.jit(outer)(np.ones(2, f32))
    np.testing.assert_array_equal(np.asarray(out), [3.0, 3.0])


def test_make_jaxpr_return_shape():
    closed, shapes = meshjit.make_jaxpr(lambda x: {"y": x.sum(0)}, return_shape=True)(
        np.ones((2, 3), i8)
    )
    assert shapes["y"].shape == (3,) and shapes["y"].dtype == np.int32
    assert closed.out_avals == [ShapedArray((3,), np.int32)]


def test_vmap_of_a_nested_jit_keeps_the_arguments_shardings_in_its_types():
    # JAX's batched jit is traced at the arguments' types: an Explicit-sharded mapped axis
    # (and the examples' own dims) stay sharded in the results
    from meshjit.sharding import AxisType, reshard
    from meshjit.sharding import PartitionSpec as P

    mesh = meshjit.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
    with meshjit.set_mesh(mesh):
        x = reshard(jnp.arange(24.0).reshape(8, 3), P("data"))
        y = meshjit.vmap(meshjit.jit(lambda v: v * 2))(x)
        assert str(meshjit.typeof(y)) == "float32[8@data,3]"
        np.testing.assert_array_equal(y, np.arange(24.0).reshape(8, 3) * 2)
        z = reshard(jnp.ones((4, 8)), P(None, "model"))
        out = meshjit.vmap(meshjit.jit(lambda v: v.sum()), in_axes=1)(z)
        assert str(meshjit.typeof(out)) == "float32[8@model]"
        keys = reshard(meshjit.random.split(meshjit.random.key(0), 8), P("data"))
        draws = meshjit.vmap(lambda k: meshjit.random.uniform(k, (3,)))(keys)
        assert str(meshjit.typeof(draws)) == "float32[8@data,3]"
