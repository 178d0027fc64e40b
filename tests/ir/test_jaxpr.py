"""The IR: the printed jaxpr, weak Python scalars, the typechecker."""

import numpy as np
import pytest

import meshjit
import meshjit.extend
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler.ir import core
from meshjit.compiler.ir.core import ClosedJaxpr, Eqn, Jaxpr, Literal, ShapedArray, Var
from meshjit.compiler.lax import elementwise as lp

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
        "    d:f32[16] = reduce_sum[axes=(0,) out_sharding=None] c\n"
        "    e:f32[16] = add d b\n"
        "  in (e,) }"
    )


def test_print_multiple_outputs_dtypes_and_dtype_params():
    out = text(lambda x: (lax.convert_element_type(x, i8), x > 1), np.ones((2, 3), f32))
    assert out.startswith("{ lambda ; a:f32[2,3]. let\n")
    assert "b:i8[2,3] = convert_element_type[new_dtype=int8 weak_type=False] a" in out
    assert "c:bool[2,3] = gt a 1.0:f32[]" in out
    assert out.endswith("  in (b, c) }")


def test_print_literals():
    out = text(lambda x: x + 1, np.ones((), i8))
    assert out == "{ lambda ; a:i8[]. let b:i8[] = add a 1:i8[] in (b,) }"
    out = text(lambda x: lax.select(True, x, x), np.ones((), f32))
    assert "select_n True:bool[] a a" in out


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
    assert str(closed) == "{ lambda a:f32[3]; b:f32[3]. let c:f32[3] = add b a in (c,) }"
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
    assert "convert_element_type[new_dtype=float32 weak_type=True] a" in str(closed)


def test_weak_python_scalar_argument_plus_literal_has_no_convert():
    assert text(lambda x: x + 1, 2) == "{ lambda ; a:i32[]. let b:i32[] = add a 1:i32[] in (b,) }"


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
    with pytest.raises(
        core.JaxprTypeError, match=r"add declares outputs .*float32\[3\].*float32\[2\]"
    ):
        core.typecheck_jaxpr(Jaxpr([], [a], [b], [eqn]))


def test_typecheck_rejects_wrong_dtype_and_bad_rule_input():
    a, b = _var((2,)), _var((2,), i32)
    eqn = Eqn(lp.unary_p["exp"], [a], [b], {})
    with pytest.raises(core.JaxprTypeError, match="exp declares outputs"):
        core.typecheck_jaxpr(Jaxpr([], [a], [b], [eqn]))
    x, y = _var((2,)), _var((3,))
    eqn = Eqn(lp.binary_p["mul"], [x, y], [_var((2,))], {})
    with pytest.raises(meshjit.MeshjitTypeError, match="incompatible shapes"):
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


def test_python_int_literals_carry_their_dtype_as_jaxs_typed_int():
    closed = meshjit.make_jaxpr(lambda x: x + 1)(2)  # a weak int: the literal stays weak
    literal = closed.jaxpr.eqns[0].invars[1]
    assert repr(literal) == "Literal(TypedInt(1, dtype=int32))"
    strong = meshjit.make_jaxpr(lambda x: x + 1)(np.int32(2))  # converted: a NumPy scalar
    assert repr(strong.jaxpr.eqns[0].invars[1]) == "Literal(1)"
    assert literal.val == 1 and literal.val + 1 == 2 and str(closed).count("1:i32[]") == 1
    assert (
        repr(meshjit.make_jaxpr(lambda x: x * 2.0)(1.0).jaxpr.eqns[0].invars[1]) == "Literal(2.0)"
    )


def test_float0_gradients_are_typed_ndarrays_with_jaxs_repr():
    g = meshjit.grad(lambda x, n: x * n, argnums=(0, 1), allow_int=True)(3.0, 2)
    assert repr(g[1]) == "TypedNdArray((b'',), dtype=void)"
    assert g[1].dtype == meshjit.dtypes.float0 and isinstance(g[1], np.ndarray)


def test_dce_drops_unread_equations_and_keeps_a_live_jaxpr_as_is():
    def f(x):
        y = jnp.sin(x)
        jnp.cos(jnp.exp(y))  # two dead equations, the second one reading the first
        return y * 2.0

    jaxpr = meshjit.make_jaxpr(f)(1.0).jaxpr
    kept = core.dce_jaxpr(jaxpr)
    assert [e.primitive.name for e in kept.eqns] == ["sin", "mul"]
    assert core.dce_jaxpr(kept) is kept  # nothing dead: the jaxpr itself


def test_dce_keeps_a_cond_whose_branches_print(capfd):
    def f(v):
        branch = lambda name: lambda u: meshjit.debug.print(name + " {}", u)  # noqa: E731
        lax.cond(v > 0, branch("pos"), branch("neg"), v)
        lax.scan(lambda c, x: (meshjit.debug.print("x {}", x) or c, None), 0, jnp.arange(2))
        return v

    jaxpr = meshjit.make_jaxpr(f)(3).jaxpr
    kept = [e.primitive.name for e in core.dce_jaxpr(jaxpr).eqns]
    assert "cond" in kept and kept[-1] == "scan"
    meshjit.jit(f)(3)
    assert capfd.readouterr().out.split("\n")[:3] == ["pos 3", "x 0", "x 1"]


def test_manual_axis_type_of_avals_inside_shard_map():
    # As JAX 0.10.2's aval.manual_axis_type (the varying axes, unreduced and reduced ones).
    from functools import partial

    from meshjit.sharding import AxisType
    from meshjit.sharding import PartitionSpec as P

    n = meshjit.device_count()
    mesh = meshjit.make_mesh((n,), ("i",), axis_types=(AxisType.Auto,))
    seen = []

    @partial(meshjit.shard_map, mesh=mesh, in_specs=(P("i"), P()), out_specs=P("i"))
    def f(x, y):
        seen.extend([meshjit.typeof(x).manual_axis_type, meshjit.typeof(y).mat])
        return x + y

    f(jnp.arange(float(n)), jnp.float32(1))
    assert seen == [core.ManualAxisType(varying=frozenset({"i"})), core.ManualAxisType()]
    assert repr(seen[1]) == (
        "ManualAxisType(varying=frozenset(), unreduced=frozenset(), reduced=frozenset())"
    )


def test_equations_are_named_as_jaxs_class():
    eqn = meshjit.make_jaxpr(lambda a: a * 2.0)(1.0).jaxpr.eqns[0]
    assert type(eqn).__name__ == "JaxprEqn" and isinstance(eqn, meshjit.extend.core.JaxprEqn)
