"""make_jaxpr: the printed IR, the typechecker, pytrees, static arguments, constants, nested jit."""

import collections
import re

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler.ir import core
from meshjit.compiler.ir.core import ClosedJaxpr, Eqn, Jaxpr, Literal, ShapedArray, Var
from meshjit.compiler.lax import primitives as lp
from meshjit.tree_util import (
    register_pytree_node,
    register_pytree_node_class,
    tree_flatten,
    tree_leaves,
    tree_map,
    tree_structure,
    tree_unflatten,
)

f32, i32, i8 = np.float32, np.int32, np.int8


def text(fn, *args, **kwargs):
    return str(meshjit.make_jaxpr(fn)(*args, **kwargs))


# ---------------------------------------------------------------------------------------------
# The printer.


def test_print_header_params_and_outputs():
    def f(x, y):
        return jnp.sum(x * 2.0, axis=0) + y

    out = text(f, np.ones((8, 16), f32), np.ones(16, f32))
    assert out == (
        "{ lambda ; a:f32[8,16] b:f32[16]. let\n"
        "    c:f32[8,16] = mul a 2.0:f32[]\n"
        "    d:f32[16] = reduce_sum[axes=(0,)] c\n"
        "    e:f32[16] = add d b\n"
        "  in (e,) }"
    )


def test_print_multiple_outputs_dtypes_and_dtype_params():
    out = text(lambda x: (lax.convert_element_type(x, i8), x > 1), np.ones((2, 3), f32))
    assert out.startswith("{ lambda ; a:f32[2,3]. let\n")
    assert "b:i8[2,3] = convert_element_type[new_dtype=i8, weak_type=False] a" in out
    assert "c:bool[2,3] = gt a 1.0:f32[]" in out
    assert out.endswith("  in (b, c) }")


def test_print_literals():
    out = text(lambda x: x + 1, np.ones((), i8))
    assert out == "{ lambda ; a:i8[]. let\n    b:i8[] = add a 1:i8[]\n  in (b,) }"
    out = text(lambda x: lax.select(True, x, x), np.ones((), f32))
    assert "select_n True a a" in out


def test_print_many_variables_wraps_names():
    def f(x):
        for _ in range(30):
            x = x + x
        return x

    out = text(f, np.ones(2, f32))
    assert "ba:f32[2] = add" in out and "be:f32[2] = add" in out


def test_constvars_are_printed_before_the_semicolon():
    c = np.arange(3, dtype=f32)
    closed = meshjit.make_jaxpr(lambda x: x + c)(np.ones(3, f32))
    assert str(closed) == "{ lambda a:f32[3]; b:f32[3]. let\n    c:f32[3] = add b a\n  in (c,) }"
    assert len(closed.consts) == 1
    np.testing.assert_array_equal(np.asarray(closed.consts[0]), c)


def test_scalar_numpy_constant_is_an_inlined_literal():
    c = np.float32(2.5)
    closed = meshjit.make_jaxpr(lambda x: x * c)(np.ones((), f32))
    assert closed.jaxpr.constvars == []
    assert "mul a 2.5:f32[]" in str(closed)


def test_closed_over_constant_computes_with_jit():
    c = np.arange(6, dtype=f32).reshape(2, 3)
    out = meshjit.jit(lambda x: x @ c.T + c.sum())(np.ones((1, 3), f32))
    np.testing.assert_allclose(np.asarray(out), np.ones((1, 3)) @ c.T + c.sum())


# ---------------------------------------------------------------------------------------------
# Python scalars are weak.


def test_python_scalar_literal_is_weak():
    closed = meshjit.make_jaxpr(lambda x: x + 1)(2)
    (eqn,) = closed.eqns
    lit = eqn.invars[1]
    assert isinstance(lit, Literal) and lit.aval.weak_type and lit.aval.dtype == np.int32
    assert closed.in_avals == [ShapedArray((), np.int32, weak_type=True)]
    assert closed.out_avals[0].weak_type


def test_weak_scalar_adopts_the_array_dtype():
    for dtype, scalar in [(np.uint8, 3), (np.float16, 2.5), ("bfloat16", 1)]:
        closed = meshjit.make_jaxpr(lambda x, scalar=scalar: x * scalar)(np.ones(2, dtype))
        (out,) = closed.out_avals
        assert out.dtype == np.dtype(dtype) if dtype != "bfloat16" else str(out.dtype) == dtype
        assert not out.weak_type


def test_python_float_with_int_array_promotes_to_weak_float32():
    # As in JAX: int32 and a weak float join at the weak float node.
    closed = meshjit.make_jaxpr(lambda x: x * 2.5)(np.ones(2, np.int32))
    assert closed.out_avals == [ShapedArray((2,), np.float32, weak_type=True)]
    assert "convert_element_type[new_dtype=f32, weak_type=True] a" in str(closed)


def test_weak_python_scalar_argument_plus_literal_has_no_convert():
    assert (
        text(lambda x: x + 1, 2)
        == "{ lambda ; a:i32[]. let\n    b:i32[] = add a 1:i32[]\n  in (b,) }"
    )


# ---------------------------------------------------------------------------------------------
# The typechecker.


def _var(shape, dtype=f32):
    return Var(ShapedArray(shape, dtype))


def test_typecheck_accepts_traced_jaxprs():
    closed = meshjit.make_jaxpr(lambda x, y: jnp.tanh(x @ y).sum())(
        np.ones((2, 3), f32), np.ones((3, 4), f32)
    )
    core.typecheck_jaxpr(closed)


def test_typecheck_rejects_wrong_output_type():
    a, b = _var((2,)), _var((3,))
    eqn = Eqn(lp.binary_p["add"], [a, a], [b], {})
    with pytest.raises(core.JaxprTypeError, match=r"add declares outputs .*f32\[3\].*f32\[2\]"):
        core.typecheck_jaxpr(Jaxpr([], [a], [b], [eqn]))


def test_typecheck_rejects_wrong_dtype_and_bad_rule_input():
    a, b = _var((2,)), _var((2,), i32)
    eqn = Eqn(lp.unary_p["exp"], [a], [b], {})
    with pytest.raises(core.JaxprTypeError, match="exp declares outputs"):
        core.typecheck_jaxpr(Jaxpr([], [a], [b], [eqn]))
    x, y = _var((2,)), _var((3,))
    eqn = Eqn(lp.binary_p["mul"], [x, y], [_var((2,))], {})
    with pytest.raises(meshjit.MeshjitTypeError, match="same shape"):
        core.typecheck_jaxpr(Jaxpr([], [x, y], eqn.outvars, [eqn]))


def test_typecheck_rejects_unbound_and_rebound_variables():
    a, b, stray = _var((2,)), _var((2,)), _var((2,))
    eqn = Eqn(lp.unary_p["sin"], [stray], [b], {})
    with pytest.raises(core.JaxprTypeError, match="used before binding in sin"):
        core.typecheck_jaxpr(Jaxpr([], [a], [b], [eqn]))
    eqn = Eqn(lp.unary_p["sin"], [a], [a], {})
    with pytest.raises(core.JaxprTypeError, match="bound twice"):
        core.typecheck_jaxpr(Jaxpr([], [a], [a], [eqn]))
    with pytest.raises(core.JaxprTypeError, match="used before binding in the outputs"):
        core.typecheck_jaxpr(Jaxpr([], [a], [stray], []))


def test_typecheck_rejects_const_count_mismatch():
    c, a, b = _var((2,)), _var((2,)), _var((2,))
    eqn = Eqn(lp.binary_p["add"], [c, a], [b], {})
    closed = ClosedJaxpr(Jaxpr([c], [a], [b], [eqn]), [])
    with pytest.raises(core.JaxprTypeError, match="consts and constvars"):
        core.typecheck_jaxpr(closed)
    core.typecheck_jaxpr(ClosedJaxpr(closed.jaxpr, [np.ones(2, f32)]))


def test_typecheck_checks_nested_jaxprs():
    good = meshjit.make_jaxpr(lambda x: meshjit.jit(lambda y: jnp.sin(y) * 2.0)(x))(np.ones(2, f32))
    core.typecheck_jaxpr(good)
    (pjit_eqn,) = good.eqns
    inner = pjit_eqn.params["jaxpr"].jaxpr
    assert inner.eqns[0].primitive.name == "sin" and len(inner.eqns) == 2
    inner.eqns[0].outvars[0].aval = ShapedArray((2,), i32)  # corrupt the body, not its type
    with pytest.raises(core.JaxprTypeError, match="sin declares outputs"):
        core.typecheck_jaxpr(good)


def test_typecheck_literal_types():
    a, b = _var(()), _var(())
    lit = Literal(np.int32(1), ShapedArray((), np.int32))
    eqn = Eqn(lp.binary_p["add"], [a, lit], [b], {})
    with pytest.raises(meshjit.MeshjitTypeError, match="same dtype"):
        core.typecheck_jaxpr(Jaxpr([], [a], [b], [eqn]))


# ---------------------------------------------------------------------------------------------
# Pytrees.

Point = collections.namedtuple("Point", ["x", "y"])


@register_pytree_node_class
class Scaled:
    """A value with static metadata: `scale` is aux data, `value` a leaf."""

    def __init__(self, value, scale):
        self.value, self.scale = value, scale

    def tree_flatten(self):
        return [self.value], self.scale

    @classmethod
    def tree_unflatten(cls, scale, children):
        return cls(children[0], scale)


class Pair:
    def __init__(self, first, second):
        self.first, self.second = first, second


register_pytree_node(Pair, lambda p: ([p.first, p.second], None), lambda _, kids: Pair(*kids))


def test_pytree_arguments_flatten_in_order():
    args = (
        (np.ones(2, f32), [np.ones(3, i32), None]),
        {"b": np.ones(4, i8), "a": np.ones(5, f32)},
        Point(np.ones(6, f32), 1.5),
    )
    closed = meshjit.make_jaxpr(lambda t, d, p: (t[0], t[1][0], d["a"], d["b"], p.x, p.y))(*args)
    shapes = [a.str_short() for a in closed.in_avals]
    # dict keys are sorted; None has no leaves.
    assert shapes == ["f32[2]", "i32[3]", "f32[5]", "i8[4]", "f32[6]", "f32[]"]


def test_pytree_results_keep_structure():
    def f(x):
        return {"sum": x.sum(), "pair": (x, [x * 2, None]), "point": Point(x, -x)}

    out = meshjit.jit(f)(np.ones(3, f32))
    assert set(out) == {"sum", "pair", "point"}
    assert isinstance(out["pair"], tuple) and isinstance(out["pair"][1], list)
    assert out["pair"][1][1] is None
    assert isinstance(out["point"], Point)
    np.testing.assert_array_equal(np.asarray(out["point"].y), -np.ones(3))
    assert float(out["sum"]) == 3.0


def test_registered_classes_as_arguments_and_results():
    def f(s, p):
        return Scaled(s.value * s.scale, s.scale + 1), Pair(p.second, p.first)

    s, p = meshjit.jit(f)(Scaled(np.ones(2, f32), 3), Pair(np.int8(1), np.zeros(2, f32)))
    assert isinstance(s, Scaled) and s.scale == 4
    np.testing.assert_array_equal(np.asarray(s.value), [3.0, 3.0])
    assert isinstance(p, Pair) and p.second.dtype == np.int8
    text_out = text(lambda s: s.value * s.scale, Scaled(np.ones(2, f32), 3))
    assert "3.0:f32[]" in text_out  # aux data is static: it is baked in


def test_aux_data_is_part_of_the_cache_key(counters):
    f = meshjit.jit(lambda s: s.value * s.scale)
    np.testing.assert_array_equal(np.asarray(f(Scaled(np.ones(2, f32), 2))), [2, 2])
    np.testing.assert_array_equal(np.asarray(f(Scaled(np.ones(2, f32), 5))), [5, 5])
    assert counters["trace"] == 2


def test_tree_util_roundtrip_and_map():
    tree = {"b": 1, "a": (2, None, [3, Point(4, 5)]), "c": Scaled(6, "aux")}
    leaves, treedef = tree_flatten(tree)
    assert leaves == [2, 3, 4, 5, 1, 6]
    rebuilt = tree_unflatten(treedef, leaves)
    assert rebuilt["a"][2][1] == Point(4, 5) and rebuilt["c"].scale == "aux"
    doubled = tree_map(lambda v: v * 2, tree)
    assert tree_leaves(doubled) == [4, 6, 8, 10, 2, 12]
    assert tree_structure(doubled) == treedef
    assert tree_structure((1, 2)) != tree_structure([1, 2])
    with pytest.raises(meshjit.MeshjitTypeError, match="leaves"):
        tree_unflatten(treedef, [1, 2])


# ---------------------------------------------------------------------------------------------
# Static arguments.


def test_static_argnums_retrace_per_value(counters):
    @meshjit.jit
    def plain(x):
        return x

    f = meshjit.jit(lambda x, n: x * n, static_argnums=1)
    assert float(f(np.float32(2), 3)) == 6.0
    assert float(f(np.float32(2), 3)) == 6.0
    assert counters["trace"] == 1
    assert float(f(np.float32(2), 4)) == 8.0
    assert counters["trace"] == 2
    closed = meshjit.make_jaxpr(lambda x, n: x * n, static_argnums=1)(np.float32(2), 7)
    assert closed.in_avals == [ShapedArray((), f32)]
    assert "7.0:f32[]" in str(closed)


def test_static_argnames_and_kwargs(counters):
    def f(x, *, mode="sum", axis=0):
        return x.sum(axis) if mode == "sum" else x.max(axis)

    g = meshjit.jit(f, static_argnames=("mode", "axis"))
    x = np.arange(6, dtype=f32).reshape(2, 3)
    np.testing.assert_array_equal(np.asarray(g(x, mode="sum")), x.sum(0))
    np.testing.assert_array_equal(np.asarray(g(x, mode="max", axis=1)), x.max(1))
    np.testing.assert_array_equal(np.asarray(g(x, mode="sum")), x.sum(0))
    assert counters["trace"] == 2


def test_static_argnums_and_argnames_are_linked():
    def f(x, n):
        return x * n

    by_name = meshjit.jit(f, static_argnames="n")
    assert float(by_name(np.float32(2), 3)) == 6.0  # positional use of a static name
    by_num = meshjit.jit(f, static_argnums=(1,))
    assert float(by_num(np.float32(2), n=5)) == 10.0  # keyword use of a static position


def test_static_argument_can_be_any_hashable():
    f = meshjit.jit(lambda x, shape, fn: fn(x.reshape(shape)), static_argnums=(1, 2))
    out = f(np.arange(6, dtype=f32), (2, 3), jnp.transpose)
    np.testing.assert_array_equal(np.asarray(out), np.arange(6).reshape(2, 3).T)


def test_unhashable_static_argument_is_an_error():
    f = meshjit.jit(lambda x, cfg: x, static_argnums=1)
    with pytest.raises(meshjit.MeshjitValueError, match="must be hashable, got a dict"):
        f(np.ones(2, f32), {"a": 1})


# ---------------------------------------------------------------------------------------------
# Nested jit.


def test_nested_jit_is_a_pjit_equation():
    inner = meshjit.jit(lambda x: jnp.sin(x) * 2.0)

    def outer(x, y):
        return inner(x) + inner(y)

    closed = meshjit.make_jaxpr(outer)(np.ones(3, f32), np.ones(3, f32))
    names = [e.primitive.name for e in closed.eqns]
    assert names == ["pjit", "pjit", "add"]
    body = closed.eqns[0].params["jaxpr"]
    assert [e.primitive.name for e in body.eqns] == ["sin", "mul"]
    printed = str(closed)
    assert "pjit[jaxpr={ lambda ; a:f32[3]. let" in printed
    assert "name=_lambda_" in printed


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
    assert [e.primitive.name for e in closed.eqns] == ["mul", "pjit"]
    out = meshjit.jit(outer)(np.ones(2, f32))
    np.testing.assert_array_equal(np.asarray(out), [3.0, 3.0])


def test_make_jaxpr_return_shape():
    closed, shapes = meshjit.make_jaxpr(lambda x: {"y": x.sum(0)}, return_shape=True)(
        np.ones((2, 3), i8)
    )
    assert shapes["y"].shape == (3,) and shapes["y"].dtype == np.int32
    assert closed.out_avals == [ShapedArray((3,), np.int32)]
