"""jit of functions using mutable array references (compiler/jit/refs.py): refs passed in or
closed over are mutated and the mutation is seen after the call; refs made inside are local
state; make_jaxpr prints them as JAX does; JAX's errors for refs a jit cannot take."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.jit.api import COUNTERS


def test_ref_argument_mutated_and_seen_after_the_call():
    @meshjit.jit
    def f(r, x):
        r[...] += x
        return r[0] * 2

    r = meshjit.new_ref(jnp.arange(3.0))
    np.testing.assert_array_equal(f(r, jnp.ones(3)), 2.0)
    np.testing.assert_array_equal(f(r, jnp.ones(3)), 4.0)
    np.testing.assert_array_equal(r[...], [2.0, 3.0, 4.0])


def test_closed_over_ref_mutated_each_call_without_retracing():
    acc = meshjit.new_ref(jnp.zeros(2))

    @meshjit.jit
    def add(x):
        acc[...] += x
        return acc[1]

    traces = COUNTERS["trace"]
    outs = [float(add(jnp.array([1.0, 2.0]))) for _ in range(3)]
    # traced twice, once only: the function, and its discharged program
    assert outs == [2.0, 4.0, 6.0] and COUNTERS["trace"] == traces + 2
    np.testing.assert_array_equal(acc[...], [3.0, 6.0])


def test_refs_in_pytrees_and_dynamic_indices():
    @meshjit.jit
    def f(state, i):
        state["a"][i] = state["a"][i] + state["b"]
        return state["a"][...]

    a = meshjit.new_ref(jnp.zeros(3))
    out = f({"a": a, "b": 5.0}, 2)
    np.testing.assert_array_equal(out, [0.0, 0.0, 5.0])
    np.testing.assert_array_equal(a[...], out)


def test_local_ref_created_inside_jit():
    @meshjit.jit
    def f(x):
        a = meshjit.new_ref(x)
        a[...] = a[...] * 2
        a[0] = 5.0
        e = meshjit.empty_ref(meshjit.ShapeDtypeStruct((3,), jnp.float32))
        e[...] = a[...] + 1
        return meshjit.freeze(e)

    np.testing.assert_array_equal(f(jnp.ones(3)), [6.0, 3.0, 3.0])


def test_nested_jit_mutates_outer_ref():
    inner = meshjit.jit(lambda b: b.__setitem__(..., b[...] + 1))
    r = meshjit.new_ref(jnp.zeros(2))
    meshjit.jit(lambda a: inner(a))(r)
    np.testing.assert_array_equal(r[...], [1.0, 1.0])


def test_make_jaxpr_prints_refs_as_jax():  # JAX 0.10.2's text
    c = meshjit.new_ref(jnp.zeros(3))

    def g(x, i):
        c[...] = x * 2
        y = c[i]
        c[1:3] += jnp.ones(2)
        meshjit.ref.addupdate(c, 0, y)
        return y

    assert str(meshjit.make_jaxpr(g)(jnp.ones(3), 1)) == (
        "{ lambda a:Ref{f32[3]}; b:f32[3] c:i32[]. let\n"
        "    d:f32[3] = mul b 2.0:f32[]\n"
        "    a[...] <- d\n"
        "    e:f32[] <- a[c]\n"
        "    f:f32[2] <- a[1:]\n"
        "    g:f32[2] = broadcast_in_dim 1.0:f32[]\n"
        "    h:f32[2] = add f g\n"
        "    a[1:] <- h\n"
        "    a[0] += e\n"
        "  in (e,) }"
    )


def test_returning_a_ref_rejected():
    r = meshjit.new_ref(jnp.zeros(3))
    with pytest.raises(MeshjitValueError, match="passed in as the argument r"):
        meshjit.jit(lambda r: r)(r)
    with pytest.raises(MeshjitValueError, match="mutable array references cannot be returned"):
        meshjit.jit(lambda x: meshjit.new_ref(x))(jnp.ones(2))


def test_aliased_refs_rejected():
    r = meshjit.new_ref(jnp.zeros(3))
    with pytest.raises(MeshjitValueError, match="appeared at both a and b"):
        meshjit.jit(lambda a, b: a[...] + b[...])(r, r)
    with pytest.raises(MeshjitValueError, match="both closed over and passed as the argument a"):
        meshjit.jit(lambda a: a[...] + r[...])(r)


def test_wrong_shape_write_inside_jit_rejected():
    r = meshjit.new_ref(jnp.zeros(3))
    with pytest.raises(MeshjitValueError, match="Invalid shape for `swap`"):
        meshjit.jit(lambda r: r.__setitem__(..., jnp.ones(4)))(r)
    np.testing.assert_array_equal(r[...], np.zeros(3))


def test_leaked_ref_rejected():
    kept = []

    @meshjit.jit
    def f(x):
        kept.append(meshjit.new_ref(x))
        return x

    f(jnp.ones(1))
    with pytest.raises(meshjit.errors.UnexpectedTracerError, match="mutable array reference"):
        kept[0][...]


def test_refs_in_loops_and_branches():
    from meshjit import lax

    x = jnp.arange(5.0)

    def fori(x):
        acc = meshjit.new_ref(0.0)
        lax.fori_loop(0, 5, lambda i, _: acc.__setitem__(..., acc[...] + x[i]), None)
        return acc[...]

    def doubling(x):
        r = meshjit.new_ref(x)

        def body(i):
            r[...] = r[...] * 2.0 + 1.0
            return i + 1

        return lax.while_loop(lambda i: r[0] < 100.0, body, 0), r[...]

    np.testing.assert_array_equal(meshjit.jit(fori)(x), 10.0)
    np.testing.assert_array_equal(fori(x), 10.0)  # eagerly: the loop runs as a jit
    want = np.arange(5.0, dtype=np.float32)
    for _ in range(7):
        want = want * 2 + 1
    for run in (meshjit.jit(doubling), doubling):
        n, value = run(x)
        assert int(n) == 7
        np.testing.assert_array_equal(value, want)


def test_closed_over_ref_in_scan_and_cond():
    from meshjit import lax

    acc = meshjit.new_ref(jnp.zeros(()))

    def body(c, xi):
        acc[...] += xi * c
        return c + 1.0, acc[...]

    _, ys = meshjit.jit(lambda x: lax.scan(body, 1.0, x))(jnp.arange(5.0))
    np.testing.assert_array_equal(ys, np.cumsum(np.arange(5.0) * np.arange(1.0, 6.0)))
    np.testing.assert_array_equal(acc[...], 40.0)

    c = meshjit.new_ref(jnp.zeros(2))

    def branch(p, v):
        def t(v):
            c[...] += v
            return v.sum()

        def f(v):
            c[0] = 7.0
            return -v.sum()

        return lax.cond(p, t, f, v)

    assert float(meshjit.jit(branch)(True, jnp.ones(2))) == 2.0
    assert float(meshjit.jit(branch)(False, jnp.ones(2))) == -2.0
    np.testing.assert_array_equal(c[...], [7.0, 1.0])


def test_refs_made_inside_custom_derivative_functions():
    """Refs made and used inside a custom_vjp function (new_ref) or a custom_jvp one (a Pallas
    kernel's blocks, which meshjit's interpreter makes as refs) run under jit, differentiated
    or not, as JAX runs them. (JAX refuses a bare new_ref inside a custom_jvp function only
    for want of a discharge rule; meshjit runs it too.)"""
    from meshjit.experimental import pallas as pl

    def double(x):
        r = meshjit.new_ref(x)
        r[...] = r[...] * 2.0
        return r[...]

    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] * 2.0

    def pallas_double(x):
        out = meshjit.ShapeDtypeStruct(x.shape, x.dtype)
        return pl.pallas_call(kernel, out_shape=out, interpret=True)(x)

    @meshjit.custom_vjp
    def f(x):
        return double(x)

    f.defvjp(lambda x: (double(x), None), lambda _, ct: (3.0 * ct,))

    @meshjit.custom_jvp
    def g(x):
        return pallas_double(x)

    g.defjvp(lambda p, t: (pallas_double(p[0]), 5.0 * t[0]))
    x = jnp.arange(3.0)
    for h, slope in ((f, 3.0), (g, 5.0)):
        np.testing.assert_array_equal(meshjit.jit(h)(x), [0.0, 2.0, 4.0])
        grad = meshjit.jit(meshjit.grad(lambda x, h=h: h(x).sum()))(x)
        np.testing.assert_array_equal(grad, [slope] * 3)
