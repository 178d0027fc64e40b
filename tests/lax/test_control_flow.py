"""lax.cond / switch / while_loop / fori_loop / scan / map: numerics, jaxprs, shardings, errors."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir.core import ShapedArray, typecheck_jaxpr
from meshjit.compiler.parallel.axis_env import AxisEnv
from meshjit.compiler.trace.tracing import new_trace
from meshjit.sharding import AbstractMesh, AxisType

f32, i32 = np.float32, np.int32
from tests.support import campaign  # noqa: E402
from tests.support.error_checks import ErrorChecker  # noqa: E402

_check = ErrorChecker(__file__, builtin_types=(Exception,))
HYP = settings(max_examples=campaign.examples(15), deadline=None)


def _close(a, b):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-5, atol=1e-5)


# ---------------------------------------------------------------------------------------------
# cond and switch.


@HYP
@given(st.booleans(), st.lists(st.floats(-10, 10, width=32), min_size=1, max_size=6))
def test_cond_numerics(pred, values):
    x = np.asarray(values, f32)
    f = meshjit.jit(lambda p, x: lax.cond(p, lambda v: jnp.sin(v) * 2, lambda v: v - 1.0, x))
    _close(f(pred, x), np.sin(x) * 2 if pred else x - 1)


def test_cond_int_pred_and_python_bool():
    x = np.arange(3, dtype=f32)
    f = meshjit.jit(lambda p, x: lax.cond(p, lambda v: v + 1, lambda v: v - 1, x))
    _close(f(np.int32(7), x), x + 1)
    _close(f(np.int32(0), x), x - 1)
    g = meshjit.jit(lambda x: lax.cond(False, lambda v: v + 1, lambda v: v - 1, x))
    _close(g(x), x - 1)
    assert "cond" in str(meshjit.make_jaxpr(g)(x))  # a concrete pred is still traced


def test_cond_pytrees_multiple_operands_and_no_operands():
    def f(p, a, b):
        def yes(t, s):
            return {"sum": t[0] + t[1], "scaled": s * 2}

        def no(t, s):
            return {"sum": t[0] - t[1], "scaled": s}

        both = lax.cond(p, yes, no, (a, a * 3), b)
        const = lax.cond(p, lambda: np.float32(1), lambda: np.float32(2))
        return both, const

    a, b = np.arange(4, dtype=f32), np.float32(5)
    out, const = meshjit.jit(f)(True, a, b)
    _close(out["sum"], 4 * a)
    _close(out["scaled"], 10)
    _close(const, 1)
    out, const = meshjit.jit(f)(False, a, b)
    _close(out["sum"], -2 * a)
    _close(const, 2)


def test_cond_closures_over_traced_and_numpy_values():
    table = np.arange(4, dtype=f32) * 10

    def f(p, x, y):
        scale = y * 2
        return lax.cond(p, lambda v: v * scale + table, lambda v: v - table * scale, x)

    x, y = np.ones(4, f32), np.float32(3)
    _close(meshjit.jit(f)(True, x, y), x * 6 + table)
    _close(meshjit.jit(f)(False, x, y), x - table * 6)
    jaxpr = meshjit.make_jaxpr(f)(True, x, y)
    typecheck_jaxpr(jaxpr)
    (eqn,) = [e for e in jaxpr.eqns if e.primitive.name == "cond"]
    false_br, true_br = eqn.params["branches"]
    assert false_br.in_avals == true_br.in_avals  # the merged consts: one shared signature


@HYP
@given(st.integers(-5, 8))
def test_switch_clamps_the_index(index):
    branches = [lambda v: v, lambda v: v * 2, lambda v: -v]
    x = np.arange(1, 4, dtype=f32)
    f = meshjit.jit(lambda i, x: lax.switch(i, branches, x))
    expect = [x, x * 2, -x][min(max(index, 0), 2)]
    _close(f(np.int32(index), x), expect)
    _close(lax.switch(index, branches, x), expect)  # a Python int index, eagerly


def test_eager_forms_run_as_one_op_jits():
    x = np.arange(3, dtype=f32)
    _close(lax.cond(True, lambda v: v + 1, lambda v: v, x), x + 1)
    _close(lax.cond(np.bool_(False), lambda v: v + 1, lambda v: v, x), x)
    _close(lax.fori_loop(0, 3, lambda i, v: v + i, x), x + 3)
    carry, ys = lax.scan(lambda c, r: (c + r, c), np.float32(0), x)
    _close(carry, 3)
    _close(ys, [0, 0, 1])


def test_nested_cond_in_cond_captures_grandparent_value():
    def f(p, q, x):
        outer = x * 10

        def yes(v):
            return lax.cond(q, lambda w: w + outer, lambda w: w - outer, v)

        return lax.cond(p, yes, lambda v: v, x)

    x = np.ones(2, f32)
    for p in (True, False):
        for q in (True, False):
            expect = (x + 10 if q else x - 10) if p else x
            _close(meshjit.jit(f)(p, q, x), expect)


# ---------------------------------------------------------------------------------------------
# while_loop and fori_loop.


@HYP
@given(st.integers(1, 300))
def test_while_loop_collatz_steps(n):
    def collatz(n):
        def body(c):
            k, steps = c
            k = jnp.where(k % 2 == 0, k // 2, 3 * k + 1)
            return k, steps + 1

        return lax.while_loop(lambda c: c[0] != 1, body, (n, 0))[1]

    expect, k = 0, n
    while k != 1:
        k, expect = (k // 2 if k % 2 == 0 else 3 * k + 1), expect + 1
    assert int(meshjit.jit(collatz)(np.int32(n))) == expect


def test_while_loop_closure_and_pytree_carry():
    limit = np.float32(100)

    def f(x, step):
        def body(c):
            return {"x": c["x"] * 2 + step, "n": c["n"] + 1}

        return lax.while_loop(lambda c: c["x"].sum() < limit, body, {"x": x, "n": 0})

    out = meshjit.jit(f)(np.ones(2, f32), np.float32(1))
    x, n = np.ones(2, f32), 0
    while x.sum() < 100:
        x, n = x * 2 + 1, n + 1
    _close(out["x"], x)
    assert int(out["n"]) == n


def test_while_loop_weak_carry_is_promoted():
    # 0.0 is weak f32; body adds a strong f16 scalar -> the carry becomes f16 (JAX's rule).
    def f(x):
        return lax.while_loop(lambda c: c[1] < 3, lambda c: (c[0] + x, c[1] + 1), (0.0, 0))

    out = meshjit.jit(f)(np.float16(2))
    assert out[0].dtype == np.float16
    _close(out[0], 6)
    typecheck_jaxpr(meshjit.make_jaxpr(f)(np.float16(2)))


def test_while_loop_eager():
    assert int(lax.while_loop(lambda c: c < 10, lambda c: c * 2, 1)) == 16


@HYP
@given(st.integers(-3, 6), st.integers(-3, 9))
def test_fori_loop_static_and_traced_bounds(lo, hi):
    x = np.ones(3, f32)
    expect = x * 1.0
    for i in range(lo, hi):
        expect = expect * 0.5 + i
    body = lambda i, v: v * 0.5 + i
    _close(meshjit.jit(lambda x: lax.fori_loop(lo, hi, body, x))(x), expect)
    traced = meshjit.jit(lambda a, b, x: lax.fori_loop(a, b, body, x))
    _close(traced(np.int32(lo), np.int32(hi), x), expect)


def test_fori_loop_static_bounds_use_scan_traced_use_while():
    x = np.ones(3, f32)
    static = meshjit.make_jaxpr(lambda x: lax.fori_loop(0, 4, lambda i, v: v + i, x))(x)
    assert [e.primitive.name for e in static.eqns] == ["scan"]
    assert static.eqns[0].params["length"] == 4
    traced = meshjit.make_jaxpr(lambda n, x: lax.fori_loop(0, n, lambda i, v: v + i, x))(4, x)
    assert "while" in [e.primitive.name for e in traced.eqns]


# ---------------------------------------------------------------------------------------------
# scan and map.


@HYP
@given(st.integers(1, 7), st.booleans())
def test_scan_cumsum_and_products(n, reverse):
    xs = np.random.default_rng(n).standard_normal((n, 3)).astype(f32)

    def step(c, x):
        return c + x, c * x

    carry, ys = meshjit.jit(lambda xs: lax.scan(step, np.zeros(3, f32), xs, reverse=reverse))(xs)
    c, expect_ys = np.zeros(3, f32), np.zeros_like(xs)
    for i in reversed(range(n)) if reverse else range(n):
        expect_ys[i] = c * xs[i]
        c = c + xs[i]
    _close(carry, c)
    _close(ys, expect_ys)


@HYP
@given(st.integers(0, 7), st.sampled_from([1, 2, 3, 7, 10, True]), st.booleans())
def test_scan_unroll_matches_the_loop(n, unroll, reverse):
    xs = np.arange(n, dtype=f32)
    step = lambda c, x: (c * 0.5 + x, c - x)
    f = meshjit.jit(lambda xs: lax.scan(step, np.float32(1), xs, reverse=reverse, unroll=unroll))
    carry, ys = f(xs)
    c, expect = np.float32(1), np.zeros(n, f32)
    for i in reversed(range(n)) if reverse else range(n):
        expect[i], c = c - xs[i], c * 0.5 + xs[i]
    _close(carry, c)
    _close(ys, expect)


def test_scan_pytrees_length_only_and_closures():
    w = np.arange(9, dtype=f32).reshape(3, 3) / 10

    def f(b):
        def step(c, _):
            h, k = c
            return (jnp.tanh(h @ w + b), k + 1), {"h": h, "k": k}

        return lax.scan(step, (np.ones(3, f32), 0), length=4)

    (h, k), ys = meshjit.jit(f)(np.float32(0.1))
    hh, hs = np.ones(3, f32), []
    for _ in range(4):
        hs.append(hh)
        hh = np.tanh(hh @ w + 0.1)
    _close(h, hh)
    assert int(k) == 4
    _close(ys["h"], np.stack(hs))
    np.testing.assert_array_equal(np.asarray(ys["k"]), np.arange(4))


def test_scan_multiple_xs_and_no_ys():
    a, b = np.arange(5, dtype=f32), np.arange(10, dtype=f32).reshape(5, 2)
    step = lambda c, x: (c + x[0] * x[1], None)
    carry, ys = meshjit.jit(lambda a, b: lax.scan(step, np.zeros(2, f32), (a, b)))(a, b)
    _close(carry, (a[:, None] * b).sum(0))
    assert ys is None


def test_scan_length_zero_and_map():
    carry, ys = meshjit.jit(lambda: lax.scan(lambda c, _: (c + 1, c), np.float32(3), length=0))()
    _close(carry, 3)
    assert ys.shape == (0,)
    xs = np.arange(12, dtype=f32).reshape(4, 3)
    _close(meshjit.jit(lambda xs: lax.map(lambda r: r.sum() * 2, xs))(xs), xs.sum(1) * 2)


def test_nested_scan_in_while_in_cond():
    def f(p, xs):
        def loop(xs):
            def body(c):
                n, acc = c
                total, _ = lax.scan(lambda s, x: (s + x * n, None), acc, xs)
                return n + 1, total

            return lax.while_loop(lambda c: c[0] < 3, body, (0.0, np.zeros(2, f32)))[1]

        return lax.cond(p, loop, lambda xs: xs.sum(0), xs)

    xs = np.arange(6, dtype=f32).reshape(3, 2)
    _close(meshjit.jit(f)(True, xs), xs.sum(0) * (0 + 1 + 2))
    _close(meshjit.jit(f)(False, xs), xs.sum(0))


# ---------------------------------------------------------------------------------------------
# Against JAX.


def _programs(lax_mod, np_mod):
    def cond_prog(p, x):
        return lax_mod.cond(p > 0, lambda v: np_mod.cos(v) * p, lambda v: v * v, x)

    def switch_prog(p, x):
        return lax_mod.switch(p.astype(np.int32), [np_mod.sin, np_mod.cos, lambda v: v + 1], x)

    def while_prog(p, x):
        return lax_mod.while_loop(lambda c: c[0] < p, lambda c: (c[0] + 1, c[1] * 1.5), (0.0, x))

    def fori_prog(p, x):
        return lax_mod.fori_loop(0, 5, lambda i, v: v + np_mod.sin(v) * i, x)

    def scan_prog(p, x):
        return lax_mod.scan(lambda c, r: (c * r + p, np_mod.exp(c)), x[0], x, reverse=True)

    return [cond_prog, switch_prog, while_prog, fori_prog, scan_prog]


@pytest.mark.parametrize("index", range(5))
@pytest.mark.parametrize("p", [-1.0, 0.0, 1.0, 2.0, 3.0])
def test_against_jax(index, p):
    jax = pytest.importorskip("jax")
    ours = _programs(lax, jnp)[index]
    theirs = _programs(jax.lax, jax.numpy)[index]
    x = np.linspace(-1, 1, 6, dtype=f32).reshape(3, 2)
    got = meshjit.jit(ours)(np.float32(p), x)
    want = jax.jit(theirs)(np.float32(p), x)
    for g, w in zip(meshjit.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-5, atol=1e-5)


# ---------------------------------------------------------------------------------------------
# Jaxprs, shardings and varying manual axes.


def test_jaxpr_printing_of_cond_and_while():
    x = np.ones(3, f32)
    text = str(
        meshjit.make_jaxpr(lambda p, x: lax.cond(p, lambda v: v * 2, lambda v: v, x))(True, x)
    )
    assert (
        text
        == """\
{ lambda ; a:bool[] b:f32[3]. let
    c:i32[] = convert_element_type[new_dtype=int32 weak_type=False] a
    d:f32[3] = cond[
      branches=(
        { lambda ; e:f32[3]. let  in (e,) }
        { lambda ; f:f32[3]. let g:f32[3] = mul f 2.0:f32[] in (g,) }
      )
    ] c b
  in (d,) }"""
    )
    text = str(
        meshjit.make_jaxpr(lambda x: lax.while_loop(lambda v: v.sum() < 9, lambda v: v * 2, x))(x)
    )
    assert text == (  # as JAX prints it
        """\
{ lambda ; a:f32[3]. let
    b:f32[3] = while[
      body_jaxpr={ lambda ; c:f32[3]. let d:f32[3] = mul c 2.0:f32[] in (d,) }
      body_nconsts=0
      cond_jaxpr={ lambda ; e:f32[3]. let
          f:f32[] = reduce_sum[axes=(0,) out_sharding=None] e
          g:bool[] = lt f 9.0:f32[]
        in (g,) }
      cond_nconsts=0
    ] a
  in (b,) }"""
    )


def test_sharding_constraint_inside_bodies_on_a_4x2_mesh():
    mesh = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
    s = meshjit.sharding.NamedSharding(mesh, meshjit.sharding.P("x"))

    def f(x):
        y = lax.fori_loop(0, 3, lambda i, v: meshjit.lax.with_sharding_constraint(v * 2 + i, s), x)
        y = lax.cond(
            y.sum() > 0, lambda v: meshjit.lax.with_sharding_constraint(v + 1, s), lambda v: v, y
        )
        _, ys = lax.scan(
            lambda c, r: (c, meshjit.lax.with_sharding_constraint(r * c, s)), 2.0, y[None]
        )
        return ys[0]

    x = np.ones((8, 4), f32)
    out = meshjit.jit(f)(x)
    _close(out, np.full((8, 4), 26))
    assert out.sharding.spec == meshjit.sharding.P("x")
    text = meshjit.jit(f).lower(x).as_text()
    assert text.count("sdy.sharding_constraint") == 3


def _manual_trace():
    """A trace that behaves like a shard_map body (varying manual axes are tracked)."""
    trace = new_trace()
    t = trace.__enter__()
    t.axis_env = AxisEnv(AbstractMesh((2, 2), ("x", "y")), ("x", "y"))
    return trace, t


def test_vma_of_cond_and_while_outputs_is_their_bodies():
    """JAX 0.10.2's cond results vary as its branches' do and a while loop's as its body's: a
    varying predicate adds no axis (meshjit joined it: out_specs=P() refused what JAX takes)."""
    ctx, t = _manual_trace()
    try:
        p = t.new_arg(ShapedArray((), np.bool_, vma=frozenset({"x"})))
        a = t.new_arg(ShapedArray((3,), f32, vma=frozenset({"y"})))
        b = t.new_arg(ShapedArray((3,), f32))
        assert lax.cond(p, lambda u, v: u + 1, lambda u, v: u * 2, a, b).aval.vma == {"y"}
        assert lax.cond(True, lambda u, v: v + 1, lambda u, v: v, a, b).aval.vma == frozenset()
        c, ys = lax.scan(lambda c, x: (c + x, c * b), a, np.ones((4, 3), f32))
        assert c.aval.vma == {"y"} and ys.aval.vma == {"y"}
        w = lax.while_loop(lambda c: c < p.astype(f32) * 3, lambda c: c + 1, np.float32(0))
        assert w.aval.vma == frozenset()  # JAX's type, though the trip count varies
        closed = t.finish([c, ys, w])
    finally:
        ctx.__exit__(None, None, None)
    typecheck_jaxpr(closed)


def test_control_flow_inside_shard_map():
    if not hasattr(meshjit, "shard_map"):
        pytest.skip("shard_map is not available")
    mesh = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
    P = meshjit.sharding.P

    def body(x):
        i = lax.axis_index("x")
        y = lax.cond(i % 2 == 0, lambda v: v * 2, lambda v: v - 1, x)
        c, _ = lax.scan(lambda c, r: (c + lax.psum(r, "x"), c), jnp.zeros_like(x[0]), x)
        n = lax.while_loop(lambda k: k < i + 2, lambda k: k + 1, 0)
        s = lax.fori_loop(0, 3, lambda k, v: v + lax.psum(v, "y"), lax.pcast(x, "y", to="varying"))
        return y, c[None], n[None], s

    specs = (P("x"), P("x"), P("x"), P("x", "y"))
    f = meshjit.jit(meshjit.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=specs))
    x = np.arange(16, dtype=f32).reshape(8, 2)
    y, c, n, s = f(x)
    blocks = x.reshape(4, 2, 2)
    _close(y, np.concatenate([b * 2 if k % 2 == 0 else b - 1 for k, b in enumerate(blocks)]))
    _close(c, np.tile(x.sum(0), (4, 1)))
    np.testing.assert_array_equal(np.asarray(n), [2, 3, 4, 5])
    _close(s, (x * 27)[:, [0, 1, 0, 1]])  # v + psum_y(v) = 3v, three times; tiled over y


def test_vma_mismatch_in_loop_carry_is_an_error():
    ctx, t = _manual_trace()
    try:
        a = t.new_arg(ShapedArray((3,), f32, vma=frozenset({"y"})))
        b = t.new_arg(ShapedArray((3,), f32))
        with pytest.raises(MeshjitTypeError) as ei:
            lax.fori_loop(0, 3, lambda i, v: v + a, b)  # L:vma-carry
        _check(
            ei,
            "L:vma-carry",
            "The input carry component loop_carry[1] has type float32[3] but the corresponding "
            "output carry component has type float32[3]{V:y}",
            "so the manual axis types do not match",
            "pcast",
        )
        with pytest.raises(MeshjitTypeError) as ei:
            lax.cond(True, lambda u, v: u, lambda u, v: v, a, b)  # L:vma-cond
        _check(
            ei,
            "L:vma-cond",
            "The output of true_fun has type float32[3]{V:y} but the corresponding output of "
            "false_fun has type float32[3]",
        )
    finally:
        ctx.__exit__(None, None, None)


# ---------------------------------------------------------------------------------------------
# Errors.


def test_error_cond_branch_dtypes_differ():
    def f(x):
        return lax.cond(True, lambda v: v, lambda v: v.astype(np.int32), x)  # L:cond-dtype

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(f)(np.ones(3, f32))
    _check(
        ei, "L:cond-dtype", "cond branches must have equal output types but they differ",
        "The output of true_fun has type float32[3] but the corresponding output of false_fun has "
        "type int32[3], so the dtypes do not match",
    )  # fmt: skip


def test_error_cond_branch_shapes_and_trees_differ():
    with pytest.raises(MeshjitTypeError) as ei:
        lax.cond(True, lambda v: (v, v), lambda v: (v, v[:2]), np.ones(3, f32))  # L:cond-shape
    _check(
        ei,
        "L:cond-shape",
        "The output of true_fun at path [1] has type float32[3] but the corresponding output of "
        "false_fun has type float32[2], so the shapes do not match",
    )
    with pytest.raises(MeshjitTypeError) as ei:
        lax.cond(True, lambda v: (v, v), lambda v: [v, v], np.ones(3, f32))  # L:cond-tree
    _check(
        ei,
        "L:cond-tree",
        "must have the same pytree structure",
        "true_fun output is a <class 'tuple'> but false_fun output is a <class 'list'>",
    )


def test_error_switch_branch_types_differ():
    branches = [lambda v: v, lambda v: v, lambda v: v.sum()]
    with pytest.raises(MeshjitTypeError) as ei:
        lax.switch(1, branches, np.ones(3, f32))  # L:switch
    _check(
        ei,
        "L:switch",
        "switch branches",
        "The output of branch 0 has type float32[3] but the corresponding output of branch2 has "
        "type float32[]",
    )


def test_error_bad_pred_and_index():
    x = np.ones(3, f32)
    with pytest.raises(MeshjitTypeError) as ei:
        lax.cond(np.ones(2, bool), lambda v: v, lambda v: v, x)  # L:pred-shape
    _check(ei, "L:pred-shape", "cond pred must be a scalar", "bool[2]")
    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(lambda p: lax.cond(p, lambda v: v, lambda v: v, x))(np.complex64(1))  # L:pred-c
    _check(ei, "L:pred-c", "Pred type must be either boolean or number", "c64[]")
    with pytest.raises(MeshjitTypeError) as ei:
        lax.switch(np.float32(1), [lambda v: v], x)  # L:switch-index
    _check(ei, "L:switch-index", "switch index must be an int scalar", "f32[]")


def test_error_while_carry_types():
    x = np.ones(3, f32)
    with pytest.raises(MeshjitTypeError) as ei:
        lax.while_loop(lambda v: True, lambda v: v.astype(np.int32), x)  # L:while-dtype
    _check(
        ei,
        "L:while-dtype",
        "The input carry v has type float32[3] but the corresponding output carry component has "
        "type int32[3], so the dtypes do not match",
    )
    with pytest.raises(MeshjitTypeError) as ei:
        lax.while_loop(lambda v: True, lambda v: v[:2], x)  # L:while-shape
    _check(
        ei,
        "L:while-shape",
        "The input carry v has type float32[3] but the corresponding output carry component has "
        "type float32[2], so the shapes do not match",
    )
    with pytest.raises(MeshjitTypeError) as ei:
        lax.while_loop(lambda c: True, lambda c: [c[0], c[1]], (x, x))  # L:while-tree
    _check(
        ei,
        "L:while-tree",
        "pytree structure",
        "The input carry c is a <class 'tuple'> but the corresponding component of the carry "
        "output is a <class 'list'>",
    )


def test_error_while_cond_not_bool_scalar():
    x = np.ones(3, f32)
    with pytest.raises(MeshjitTypeError) as ei:
        lax.while_loop(lambda v: v < 2, lambda v: v + 1, x)  # L:cond-vec
    _check(
        ei,
        "L:cond-vec",
        "cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[3])]",
    )
    with pytest.raises(MeshjitTypeError) as ei:
        lax.while_loop(lambda v: v.sum(), lambda v: v + 1, x)  # L:cond-f32
    _check(
        ei,
        "L:cond-f32",
        "cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[])]",
    )


def test_scan_gradient_forwards_consts_and_xs_as_residuals():
    """As JAX's scan partial eval: a residual that is the scan's own const or xs operand goes
    to the backward scan as that operand, not saved as a stacked output (a copy of the params
    per iteration); the values stay the same."""

    def loss(w, xs):
        def body(c, x):
            return c + jnp.sum(jnp.tanh(x @ w) ** 2), None

        return lax.scan(body, 0.0, xs)[0]

    w, xs = np.full((3, 2), 0.1, np.float32), np.ones((5, 3), np.float32)
    jaxpr = meshjit.make_jaxpr(meshjit.grad(loss))(w, xs).jaxpr
    fwd, bwd = [e for e in jaxpr.eqns if e.primitive.name == "scan"]
    assert all(a.shape != (5, 3) for a in fwd.params["jaxpr"].out_avals[1:])  # xs: not saved
    assert jaxpr.invars[1] in bwd.invars  # xs forwarded
    t = np.tanh(xs @ w)  # d/dw of sum(tanh(x @ w) ** 2) over the rows x
    want = xs.T @ (2 * t * (1 - t**2))
    np.testing.assert_allclose(np.asarray(meshjit.grad(loss)(w, xs)), want, rtol=1e-5)


def test_error_scan_lengths():
    with pytest.raises(MeshjitValueError) as ei:
        lax.scan(lambda c, x: (c, x), 0.0, (np.ones(3, f32), np.ones(4, f32)))  # L:scan-xs
    _check(ei, "L:scan-xs", "scan got values with different leading axis sizes: 3, 4.")
    assert str(ei.value).endswith("sizes: 3, 4.")  # JAX's sentence alone
    with pytest.raises(MeshjitValueError) as ei:
        lax.scan(lambda c, x: (c, x), 0.0, np.ones(3, f32), length=5)  # L:scan-len
    _check(ei, "L:scan-len", r"scan got `length` argument of 5 which disagrees with leading")
    with pytest.raises(MeshjitValueError) as ei:
        lax.scan(lambda c, x: (c, x), 0.0)  # L:scan-none
    _check(ei, "L:scan-none", "scan got no values to scan over and `length` not provided.")


def test_error_scan_carry_and_body_output():
    xs = np.ones((3, 2), f32)
    with pytest.raises(MeshjitTypeError) as ei:
        lax.scan(lambda c, x: (c + x, None), np.float32(0), xs)  # L:scan-carry
    _check(
        ei,
        "L:scan-carry",
        "The input carry c has type float32[] but the corresponding output carry component has "
        "type float32[2], so the shapes do not match",
    )
    with pytest.raises(MeshjitTypeError) as ei:
        lax.scan(lambda c, x: c, np.float32(0), xs)  # L:scan-pair
    _check(ei, "L:scan-pair", "scan body output must be a pair, got")


def test_map_with_a_batch_size_scans_over_vmapped_batches_and_a_remainder():
    xs = np.arange(30.0, dtype=np.float32).reshape(10, 3)
    for batch_size in (None, 3, 5, 20):
        sums, doubled = lax.map(lambda r: (r.sum(), r * 2), xs, batch_size=batch_size)
        np.testing.assert_array_equal(sums, xs.sum(1))
        np.testing.assert_array_equal(doubled, xs * 2)


def test_map_with_a_batch_size_orders_its_equations_as_jax():
    # JAX 0.10.2's make_jaxpr: each leaf's batches and remainder, the scan, the remainder's
    # vmap, then each leaf's reshape and concatenate
    xs = {"a": np.ones((6, 2), np.float32), "b": np.ones(6, np.float32)}
    f = lambda d: lax.map(lambda r: (r["a"] ** 2).sum() + r["b"], d, batch_size=4)
    names = [e.primitive.name for e in meshjit.make_jaxpr(f)(xs).eqns]
    assert names == [
        *("slice", "reshape", "slice") * 2,
        *("scan", "integer_pow", "reduce_sum", "add", "reshape", "concatenate"),
    ], names


def test_map_with_a_batch_size_and_zero_size_outputs_is_jaxs_zero_division_error():
    # JAX flattens the batches with reshape(-1, ...): its size % 0 (fuzz seed 261153)
    xs = np.zeros((3, 0, 3), np.float32)
    with pytest.raises(ZeroDivisionError, match="undetermined"):
        lax.map(lambda r: r * 2, xs, batch_size=2)
    assert lax.map(lambda r: r * 2, xs, batch_size=4).shape == (3, 0, 3)  # no scan: no reshape
    assert lax.map(lambda r: r.sum(), xs, batch_size=2).shape == (3,)


def test_fori_loop_with_concrete_array_bounds_is_reverse_differentiable():
    import meshjit as jax
    import meshjit.numpy as jnp
    from meshjit import lax

    f = lambda x, n: lax.fori_loop(0, n, lambda i, c: c * x, 1.0)  # noqa: E731
    assert float(jax.grad(f)(2.0, jnp.array(3))) == 12.0
    assert int(lax.fori_loop(jnp.int32(1), jnp.array(4), lambda i, c: c + i, 0)) == 6


def test_fori_loop_with_bounds_known_to_grad_is_a_scan_with_a_weak_int32_index():
    # As JAX (core.is_concrete of a JVP tracer is its primal's): grad of Python code whose
    # bound is computed from the differentiated value runs a scan, and the index is a Python
    # int whatever the concrete bounds' dtype (JAX's int(lower)).
    import meshjit as jax
    import meshjit.numpy as jnp
    from meshjit import lax

    seen = []

    def body(i, c):
        seen.append((i.dtype, i.weak_type))
        return c * 2.0 + i

    f = lambda x: lax.fori_loop(0, jnp.int32(x), body, x)  # noqa: E731
    assert float(jax.grad(f)(3.0)) == 8.0
    assert float(jax.grad(lambda x: lax.fori_loop(jnp.int8(1), jnp.int8(x), body, x))(3.0)) == 4.0
    assert float(lax.fori_loop(jnp.int16(0), jnp.int16(3), body, 0.0)) == 4.0
    assert set(seen) == {(np.dtype(np.int32), True)}


def test_cond_and_switch_take_the_older_operand_keyword():
    assert float(lax.cond(True, lambda x: x + 1, lambda x: x, operand=2.0)) == 3.0
    assert float(lax.switch(1, [lambda x: x + 1, lambda x: x * 3], operand=2.0)) == 6.0
    with pytest.raises(TypeError, match="no positional operands can be passed"):
        lax.cond(True, lambda x: x, lambda x: x, 1.0, operand=2.0)


def test_cond_takes_a_float_predicate_as_jax_does():
    # JAX tests a float predicate against zero (a program it accepts, meshjit too).
    f = meshjit.jit(lambda p: lax.cond(p, lambda: np.float32(1), lambda: np.float32(2)))
    assert float(f(np.float32(1.5))) == 1.0 and float(f(np.float32(0.0))) == 2.0
    assert float(lax.cond(np.float32(-0.5), lambda: 1.0, lambda: 2.0)) == 1.0
    with pytest.raises(MeshjitTypeError, match="Pred must be a scalar, got yes of type"):
        lax.cond("yes", lambda: 1.0, lambda: 2.0)


def test_scan_with_a_negative_length_runs_no_steps_as_jax():
    carry, ys = lax.scan(lambda c, x: (c + 1.0, None), 3.0, None, length=-2)
    assert float(carry) == 3.0 and ys is None


def test_fori_loop_bounds_of_different_dtypes_are_refused_unless_one_is_weak():
    body = lambda i, c: c + 1.0  # noqa: E731
    with pytest.raises(MeshjitTypeError, match="must have equal types, got int8 and int32"):
        lax.fori_loop(jnp.int8(0), jnp.int32(3), body, 0.0)
    assert float(lax.fori_loop(0, jnp.int8(3), body, 0.0)) == 3.0  # a Python int is weak


# ---------------------------------------------------------------------------------------------
# Round 5 of the mistakes catalogue.


def test_cond_takes_its_old_five_argument_form():
    out = lax.cond(True, 1.0, lambda x: x + 1, 2.0, lambda x: x * 10)
    assert float(out) == 2.0
    assert float(lax.cond(False, 1.0, lambda x: x + 1, 2.0, lambda x: x * 10)) == 20.0


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: lax.cond(None, lambda: 1.0, lambda: 2.0), TypeError, "cond predicate is None"),
        (lambda: lax.switch("0", [lambda: 1.0]), TypeError, "Index type must be an integer"),
        (lambda: lax.scan(None, 0.0, np.ones(3)), TypeError, "lax.scan: f argument should be"),
        (
            lambda: lax.fori_loop(0, np.float32(3), lambda i, c: c, 0),
            TypeError,
            "lower and upper arguments to fori_loop must have equal types",
        ),
        (
            lambda: lax.fori_loop(np.zeros(2, np.int32), 3, lambda i, c: c, 0),
            TypeError,
            "cond_fun must return a boolean scalar",
        ),
        (
            lambda: lax.scan(lambda c, x: (c, None), 0.0, np.float32(1.0)),
            IndexError,
            "no leading axis to scan over",
        ),
    ],
)
def test_control_flow_mistakes_round5(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_scan_takes_an_integral_float_length():
    carry, _ = lax.scan(lambda c, _: (c + 1, None), 0, None, length=3.0)
    assert int(carry) == 3


def test_fori_loop_takes_concrete_float_bounds_as_jax():
    # JAX 0.10.2 runs int(upper) - int(lower) steps with an index of the bounds' dtype.
    assert float(lax.fori_loop(0.0, 3.0, lambda i, c: c + i, 0.0)) == 3.0


def test_a_ref_carried_through_a_loop_is_refused_in_jaxs_words():
    r = meshjit.new_ref(jnp.zeros(3))
    with pytest.raises(MeshjitValueError, match="traced for scan returned a mutable array"):
        lax.scan(lambda c, x: (c, None), r, jnp.ones(2))
    with pytest.raises(MeshjitValueError, match="traced for while_body returned a mutable"):
        lax.while_loop(lambda c: False, lambda c: c, r)
    with pytest.raises(MeshjitValueError, match="traced for cond returned a mutable array"):
        lax.cond(True, lambda: r, lambda: r)


def test_fori_loop_keeps_traced_weak_bounds_unconverted_as_jax():
    jaxpr = meshjit.make_jaxpr(lambda n: lax.fori_loop(0, n, lambda i, v: v + i, 0))(5)
    assert [e.primitive.name for e in jaxpr.eqns] == ["while"]
    body = jaxpr.eqns[0].params["body_jaxpr"].jaxpr
    assert "convert_element_type" not in str(body)
    assert meshjit.jit(lambda n: lax.fori_loop(0, n, lambda i, v: v + i, 0))(5) == 10


def _newton_sqrt_scan(k, xs):
    """sum_i sqrt(k * x_i) and its terms, each root by Newton iterations in a while_loop inside
    a scan (the jvp of the while carries primals and tangents together)."""

    def root(a):
        def body(s):
            i, y = s
            return i + 1, 0.5 * (y + a / y)

        return lax.while_loop(lambda s: s[0] < 30, body, (0, a))[1]

    def step(carry, x):
        total, count = carry
        r = root(k * x)
        return (total + r, count + 1), r

    (total, count), roots = lax.scan(step, (jnp.float32(0.0), 0), xs)
    return total, roots, count


def test_jvp_of_a_scan_over_a_while_loop():
    # As JAX's scan jvp (one scan of primals and tangents): a body whose primal outputs need
    # its tangents (a while_loop's jvp) cannot be linearized into two scans, so forward mode
    # runs them together; reverse mode still fails on the while, with JAX's ValueError.
    xs = np.array([1.0, 4.0, 9.0, 2.0], np.float32)
    k = np.float32(2.0)
    (total, roots, count), (t_total, t_roots, t_count) = meshjit.jvp(
        lambda k: _newton_sqrt_scan(k, xs), (k,), (np.float32(1.0),)
    )
    np.testing.assert_allclose(np.asarray(roots), np.sqrt(k * xs), rtol=1e-6)
    np.testing.assert_allclose(float(t_total), np.sum(xs / (2 * np.sqrt(k * xs))), rtol=1e-5)
    np.testing.assert_allclose(np.asarray(t_roots), xs / (2 * np.sqrt(k * xs)), rtol=1e-5)
    assert int(count) == 4 and t_count.dtype == meshjit.dtypes.float0
    jac = meshjit.jit(meshjit.jacfwd(lambda ks: _newton_sqrt_scan(ks[0] * ks[1], xs)[1]))(
        np.array([1.0, 2.0], np.float32)
    )
    want = xs / (2 * np.sqrt(k * xs))
    np.testing.assert_allclose(np.asarray(jac), np.stack([2 * want, want], 1), rtol=1e-5)
    with pytest.raises(
        ValueError, match="Reverse-mode differentiation does not work for lax.while"
    ):
        meshjit.grad(lambda k: _newton_sqrt_scan(k, xs)[0])(k)


def test_switch_clamps_a_concrete_index_in_the_jaxpr_as_jax():
    """Under a trace, a Python int index is clamped by a `clamp` of literals (JAX 0.10.2's
    text, recorded); eagerly it picks its branch, clamped too."""
    f = lambda s: meshjit.lax.switch(5, [jnp.sin, jnp.cos, jnp.tanh], s)  # noqa: E731
    assert str(meshjit.make_jaxpr(f)(0.5)) == (
        "{ lambda ; a:f32[]. let\n    b:i32[] = clamp 0:i32[] 5:i32[] 2:i32[]\n    c:f32[] = cond[\n"
        "      branches=(\n        { lambda ; d:f32[]. let e:f32[] = sin d in (e,) }\n"
        "        { lambda ; f:f32[]. let g:f32[] = cos f in (g,) }\n"
        "        { lambda ; h:f32[]. let i:f32[] = tanh h in (i,) }\n      )\n    ] b a\n"
        "  in (c,) }"
    )
    assert float(f(0.5)) == pytest.approx(np.tanh(0.5))
    assert float(meshjit.jit(f)(0.5)) == pytest.approx(np.tanh(0.5))


def test_vmap_of_cond_with_a_mapped_index_selects_as_jax():
    """A mapped predicate runs each branch on its operands where it is taken and on their
    stop_gradient elsewhere, then a select_n of the index (JAX 0.10.2's text, recorded): a
    branch not taken sends no gradient (its sqrt of a negative number no NaN)."""
    v = np.linspace(0.1, 1.0, 5, dtype=np.float32)
    f = meshjit.vmap(lambda s: lax.cond(s > 0.5, jnp.sin, jnp.cos, s))
    assert str(meshjit.make_jaxpr(f)(v)) == (
        "{ lambda ; a:f32[5]. let\n    b:bool[5] = gt a 0.5:f32[]\n"
        "    c:i32[5] = convert_element_type[new_dtype=int32 weak_type=False] b\n"
        "    d:bool[5] = eq c 0:i32[]\n    e:f32[5] = stop_gradient a\n"
        "    f:f32[5] = select_n d e a\n    g:f32[5] = cos f\n    h:bool[5] = eq c 1:i32[]\n"
        "    i:f32[5] = stop_gradient a\n    j:f32[5] = select_n h i a\n    k:f32[5] = sin j\n"
        "    l:f32[5] = select_n c g k\n  in (l,) }"
    )
    np.testing.assert_allclose(f(v), np.where(v > 0.5, np.sin(v), np.cos(v)), rtol=1e-6)
    branchy = lambda s: lax.cond(s > 0.5, lambda t: jnp.sqrt(t - 0.5), lambda t: t * 2, s)  # noqa: E731
    grads = meshjit.grad(lambda w: meshjit.vmap(branchy)(w).sum())(v)
    np.testing.assert_allclose(
        grads, [2.0, 2.0, 2.236067771911621, 0.9534626007080078, 0.7071067690849304], rtol=1e-6
    )


def test_grad_of_a_scan_in_a_shard_map_types_a_zero_carry_cotangent_as_its_carry():
    """The carry's cotangent of a scan whose carry is not differentiated starts as a zero typed
    as the carry, varying over its manual axes (meshjit's invariant zero was refused by the
    transposed scan as a carry of another type; real-world program shardmap_remat_blocks)."""
    from functools import partial

    import meshjit
    from meshjit.sharding import PartitionSpec as P

    auto = (meshjit.sharding.AxisType.Auto,) * 2
    mesh = meshjit.make_mesh((2, 4), ("data", "model"), axis_types=auto)

    def block(h, w):
        return h + meshjit.lax.psum(jnp.tanh(h @ w) @ w.T, "model")

    @partial(
        meshjit.shard_map,
        mesh=mesh,
        in_specs=(P("data"), P(None, "model")),
        out_specs=P(None, "model"),
    )
    def f(x, w):
        loss = lambda w: meshjit.lax.scan(lambda h, _: (block(h, w), None), x, None, length=2)[
            0
        ].sum()  # noqa: E731
        return meshjit.grad(loss)(w)

    x, w = jnp.ones((16, 8)), jnp.full((8, 8), 0.1)
    out = meshjit.jit(f)(x, w)
    np.testing.assert_allclose(out[0], np.full(8, 40.300446), rtol=1e-5)  # JAX 0.10.2's values


def test_grad_through_a_cond_with_a_varying_index_in_a_shard_map_sums_once():
    """A cond's results vary as its branches' do, not over its index's manual axes (JAX's
    cond_p abstract eval): the gradient of a parameter through a cond on a data-varying
    predicate was summed over "data" twice (2048 for JAX's 1024)."""
    from functools import partial

    import meshjit
    from meshjit.sharding import PartitionSpec as P

    auto = (meshjit.sharding.AxisType.Auto,) * 2
    mesh = meshjit.make_mesh((2, 4), ("data", "model"), axis_types=auto)

    def loss(x, w):
        branch = lambda h: meshjit.lax.psum(h @ w, "model")  # noqa: E731
        return meshjit.lax.cond(x.sum() > 0, branch, lambda h: h[:, :2] * 2.0, x).sum()

    @partial(
        meshjit.shard_map,
        mesh=mesh,
        in_specs=(P("data"), P(None, "model")),
        out_specs=P(None, "model"),
    )
    def f(x, w):
        return meshjit.grad(lambda w: loss(x, w))(w)

    out = meshjit.jit(f)(jnp.ones((16, 8)), jnp.full((8, 8), 0.1))
    assert float(out.sum()) == 1024.0  # JAX 0.10.2's value


def test_a_while_on_a_varying_predicate_may_be_an_invariant_shard_map_output():
    """JAX 0.10.2 types a while loop's results as its body's, so out_specs=P() takes a loop
    whose trip count varies by device (meshjit refused it as varying over the predicate's
    axis)."""
    from functools import partial

    from meshjit.sharding import PartitionSpec as P

    mesh = meshjit.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Auto,) * 2)

    @partial(meshjit.shard_map, mesh=mesh, in_specs=P("x"), out_specs=P())
    def f(p):
        return lax.while_loop(lambda c: c < p[0] * 3, lambda c: c + 1, np.float32(0))

    assert float(meshjit.jit(f)(jnp.ones(2))) == 3.0


def test_a_switch_of_one_branch_calls_it():
    # As JAX's: the index is checked, then the branch runs as ordinary Python (no cond: a
    # branch that branches on its operand in Python works).
    def branch(v):
        return v * 2 if bool(v) else v

    assert float(lax.switch(0, [branch], 3.0)) == 6.0
    text = str(meshjit.make_jaxpr(lambda i, x: lax.switch(i, [lambda v: v + 1], x))(1, 2.0))
    assert "cond" not in text and "clamp" not in text
    with pytest.raises(TypeError, match="Index type must be an integer"):
        lax.switch(1.5, [branch], 3.0)


def test_branch_and_carry_messages_name_the_functions_and_leaves_as_jax():
    # JAX's texts: the branches' functions named after the first line, a loop carry's leaves
    # shown as its types' class, several differences listed with blank lines between.
    def true_fun(v):
        return v, v

    def false_fun(v):
        return v

    with pytest.raises(TypeError) as e:
        lax.cond(True, true_fun, false_fun, 1.0)
    lines = str(e.value).split("\n")
    assert lines[2] == f"true_fun is true_fun at {__file__}:{true_fun.__code__.co_firstlineno}"
    assert lines[3] == f"false_fun is false_fun at {__file__}:{false_fun.__code__.co_firstlineno}"
    with pytest.raises(TypeError) as e:
        lax.fori_loop(0, 2, lambda i, c: (c, c), 1.0)
    assert (
        "The input carry component loop_carry[1] is a <class 'jax._src.core.ShapedArray'> but "
        "the corresponding component of the carry output is a <class 'tuple'>"
    ) in str(e.value)
    with pytest.raises(TypeError) as e:
        lax.while_loop(lambda c: True, lambda c: (c[0], [c[1]], (c[2],)), (1.0, 2.0, 3.0))
    assert "<class 'list'>, so their Python types differ;\n  * the input carry" in str(e.value)
    with pytest.raises(ValueError) as e:
        meshjit.jit(meshjit.grad(lambda x, n: lax.fori_loop(0, n, lambda i, v: v * x, 1.0)))(2.0, 3)
    assert str(e.value) == (
        "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with "
        "dynamic start/stop values. Try using lax.scan, or using fori_loop with static "
        "start/stop."
    )


def test_pred_index_and_branch_errors_are_jaxs_sentences():
    """str(error) is JAX's sentence alone (meshjit's explanation is a note)."""
    x = np.ones(3, f32)
    cases = [
        (lambda: lax.cond(np.array([True, False]), lambda v: v, lambda v: v, x), TypeError,
         "Pred must be a scalar, got [ True False] of shape (2,)."),
        (lambda: lax.switch(np.float32(1.5), [lambda v: v], x), TypeError,
         "Index type must be an integer, got 1.5 as float32"),
        (lambda: lax.switch(1, [], x), ValueError, "Empty branch sequence"),
    ]  # fmt: skip
    for call, error, words in cases:
        with pytest.raises(error) as ei:
            call()
        assert str(ei.value) == words
        assert ei.value.__notes__


def test_scan_body_not_a_pair_shows_jaxs_avals():
    """JAX formats the body's output avals: a weak type's `~`, a list's brackets."""
    xs = np.ones(3, f32)
    cases = [
        (lambda c, a: c, 0.0, "~float32[]"),
        (lambda c, a: c, np.float32(0), "float32[]"),
        (lambda c, a: (c,), 0.0, "(ShapedArray(float32[], weak_type=True),)"),
        (
            lambda c, a: [c, a, c],
            np.float32(0),
            "[" + "ShapedArray(float32[]), " * 2 + "ShapedArray(float32[])]",
        ),
    ]
    for body, init, shown in cases:
        with pytest.raises(TypeError) as ei:
            lax.scan(body, init, xs)
        assert str(ei.value) == f"scan body output must be a pair, got {shown}."


def test_an_untyped_carry_out_matches_a_sharded_carry_outside_a_mesh_context():
    """JAX 0.10.2 runs these: a callback's result and a constant made with no mesh context are
    on its empty mesh, whose types match a carry sharded P('a') (core.typematch); meshjit
    refused them (TypeError). Under set_mesh the constant is typed replicated, refused by both."""
    from meshjit.sharding import AxisType, NamedSharding, P

    m = meshjit.make_mesh((8,), ("a",), axis_types=(AxisType.Explicit,))
    x = meshjit.device_put(np.arange(8.0, dtype=np.float32), NamedSharding(m, P("a")))
    spec = meshjit.ShapeDtypeStruct((8,), np.float32)
    double = lambda u: meshjit.pure_callback(lambda v: np.asarray(v) * 2, spec, u)  # noqa: E731
    twice = meshjit.jit(lambda v: lax.fori_loop(0, 2, lambda i, u: double(u), v))
    np.testing.assert_array_equal(np.asarray(twice(x)), np.arange(8.0) * 4)
    zeros = lambda v: lax.fori_loop(0, 2, lambda i, u: jnp.zeros(8), v)  # noqa: E731
    np.testing.assert_array_equal(np.asarray(meshjit.jit(zeros)(x)), np.zeros(8))
    with meshjit.set_mesh(m), pytest.raises(TypeError, match="carry input and carry output"):
        meshjit.jit(zeros)(x)


def test_scan_and_map_over_xs_sharded_along_the_scanned_axis_are_jaxs_value_errors():
    """JAX raises a plain ValueError naming every xs' spec (before its length checks); meshjit
    raised its ShardingTypeError, printed under another name, naming one xs. lax.map with a
    batch_size has its own sentence, showing the leaf."""
    from meshjit.sharding import P

    m = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Explicit,) * 2)
    with meshjit.set_mesh(m):
        a = meshjit.device_put(jnp.arange(32.0).reshape(8, 4), P("x", "y"))
        b = meshjit.device_put(jnp.zeros((8, 4)), P(None, "y"))
        with pytest.raises(MeshjitValueError) as ei:
            lax.scan(lambda c, r: (c, r), 0.0, (b, a), length=5)
        with pytest.raises(MeshjitValueError):
            meshjit.jit(lambda u: lax.scan(lambda c, r: (c + r, r), jnp.zeros(4), u))(a)
    assert type(ei.value).__name__ == "ValueError"  # as JAX prints it
    with meshjit.set_mesh(m), pytest.raises(MeshjitValueError) as info:
        lax.map(lambda r: r * 2, a, batch_size=2)  # JAX: the leaf whole, not the blocks' spec
    assert str(info.value) == (
        "0th dimension of leaf passed to `jax.lax.map` should be replicated. "
        "Got f32[8@x,4@y]({Explicit: ('x', 'y')})"
    )
    with meshjit.set_mesh(m):  # a remainder alone is vmapped, as JAX's
        assert lax.map(lambda r: r * 2, a, batch_size=16).shape == (8, 4)
    assert str(ei.value) == (
        "0th dimension of all xs should be replicated. Got P(None, 'y'), P('x', 'y')"
    )
