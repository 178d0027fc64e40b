"""meshjit.experimental.checkify against JAX's: the messages `Error.get()` gives for user
checks, NaNs, division by zero and out-of-bounds indexing, under jit and vmap; and the errors
for checks that are not functionalized."""

from __future__ import annotations

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental import checkify
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = """
from jax.experimental import checkify
def f(x, i):
    checkify.check(i >= 0, "index needs to be non-negative, got {i}", i=i)
    return jnp.sin(x[i])
def logdiv(x):
    return jnp.log(x) / x
def gathered(x, idx):
    return x[idx]
def body(c, x):
    checkify.check(x > 0, "x must be positive: {}", x)
    return c + jnp.log(x), c
def around_scan(x):
    checkify.check(x[0] > 0, "outer {}", x[0])
    c, ys = jax.lax.scan(body, 0.0, x)
    checkify.check(c < 1, "c too big: {}", c)
    return ys
def counting(c):
    def step(c):
        checkify.check(c < 3, "counted too far: {}", c)
        return c + 1
    return jax.lax.while_loop(lambda c: c < 5, step, c)
def branching(x):
    def big(x):
        checkify.check(x < 3, "too big: {}", x)
        return x - 1
    def small(x):
        checkify.check(x > -3, "too small: {}", x)
        return x + 1
    return jax.lax.cond(x > 0, big, small, x)
def positive(x):
    checkify.check(x > 0, "must be positive! {}", x)
    return x
def with_inner_jit(x):
    error, out = jax.jit(checkify.checkify(positive))(x)
    checkify.check_error(error)
    return out
def vmapped_inner(xs):
    error, out = jax.vmap(checkify.checkify(positive))(xs)
    checkify.check_error(error)
    return out
def debug_checked(x):
    checkify.debug_check(x != 0, "cannot be zero! {}", x)
    checkify.check(x < 5, "kw debug {}", x, debug=True)
    return x
def after_own_check(x):
    checkify.check(x < 0, "own first {}", x)
    return with_inner_jit(x)
errors = checkify.user_checks | checkify.index_checks | checkify.float_checks
CASES = {
    "user_fails": lambda: jax.jit(checkify.checkify(f))(jnp.ones(5), jnp.array(-2)),
    "user_passes": lambda: jax.jit(checkify.checkify(f))(jnp.ones(5), jnp.array(2)),
    "index": lambda: checkify.checkify(f, errors=errors)(jnp.ones(5), jnp.array(100)),
    "gather": lambda: checkify.checkify(gathered, errors=checkify.index_checks)(
        jnp.ones((5, 2)), jnp.array([1, 7, 9])
    ),
    "nan": lambda: checkify.checkify(logdiv, errors=checkify.float_checks)(jnp.array([-1.0, 2.0])),
    "div": lambda: checkify.checkify(lambda a, b: a // b, errors=checkify.div_checks)(
        jnp.array([1, 2]), jnp.array([1, 0])
    ),
    "vmapped": lambda: jax.vmap(checkify.checkify(f))(jnp.ones((3, 5)), jnp.array([1, -1, -3])),
    "no_error_float": lambda: checkify.checkify(logdiv, errors=checkify.all_checks)(jnp.ones(2)),
    "scan": lambda: checkify.checkify(lambda xs: jax.lax.scan(body, 0.0, xs))(
        jnp.array([1.0, -2.0, 3.0, -4.0])
    ),
    "scan_float_only": lambda: checkify.checkify(
        lambda xs: jax.lax.scan(body, 0.0, xs), errors=checkify.float_checks
    )(jnp.array([1.0, -2.0, 3.0])),
    "scan_then_check": lambda: checkify.checkify(around_scan)(jnp.array([2.0, 3.0])),
    "scan_vmapped": lambda: jax.vmap(checkify.checkify(lambda xs: jax.lax.scan(body, 0.0, xs)))(
        jnp.array([[1.0, 2.0], [1.0, -1.0]])
    ),
    "while": lambda: checkify.checkify(counting)(jnp.array(0)),
    "fori_nan": lambda: checkify.checkify(
        lambda x: jax.lax.fori_loop(0, 3, lambda i, c: jnp.log(c - 1.5), x),
        errors=checkify.float_checks,
    )(jnp.array(5.0)),
    "cond_true": lambda: checkify.checkify(branching)(jnp.array(5.0)),
    "cond_false": lambda: checkify.checkify(branching)(jnp.array(-5.0)),
    "cond_ok": lambda: checkify.checkify(branching)(jnp.array(1.0)),
    "switch_nan": lambda: checkify.checkify(
        lambda i, x: jax.lax.switch(i, [jnp.log, jnp.sqrt, jnp.sin], x), errors=checkify.all_checks
    )(jnp.array(1), jnp.array(-1.0)),
    "first_wins": lambda: checkify.checkify(
        lambda x: (checkify.check(x > 0, "first {}", x), checkify.check(x > 1, "second"), x)[2]
    )(jnp.array(-1.0)),
    "check_error": lambda: checkify.checkify(with_inner_jit)(jnp.array(-1.0)),
    "check_error_ok": lambda: checkify.checkify(with_inner_jit)(jnp.array(1.0)),
    "check_error_jit": lambda: jax.jit(checkify.checkify(with_inner_jit))(jnp.array(-1.0)),
    "check_error_vmapped": lambda: checkify.checkify(vmapped_inner)(jnp.array([1.0, -2.0, -3.0])),
    "check_error_second": lambda: checkify.checkify(after_own_check)(jnp.array(-4.0)),
    "check_error_after": lambda: checkify.checkify(after_own_check)(jnp.array(3.0)),
    "check_error_in_vmap": lambda: checkify.checkify(jax.vmap(with_inner_jit))(
        jnp.array([1.0, -2.0, -3.0])
    ),
    "vmap_of_check_error": lambda: jax.vmap(checkify.checkify(with_inner_jit))(
        jnp.array([1.0, -2.0, -3.0])
    ),
    "debug_check": lambda: checkify.checkify(debug_checked)(jnp.array(0)),
    "debug_check_kw": lambda: jax.jit(checkify.checkify(debug_checked))(jnp.array(7)),
}
for name, run in CASES.items():
    err, _ = run()
    out[name] = np.array(str(err.get()))
"""


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    return jax_on_8_devices(PROGRAM, tmp_path_factory.mktemp("checkify"))


@pytest.fixture(scope="module")
def ours():
    out = meshjit_on_program(PROGRAM, checkify=checkify)
    return {k: str(v) for k, v in out.items()}


CASES = ["user_fails", "user_passes", "index", "gather", "nan", "div", "vmapped"]
CASES += ["no_error_float", "first_wins", "scan", "scan_float_only", "scan_then_check"]
CASES += ["scan_vmapped", "while", "fori_nan", "cond_true", "cond_false", "cond_ok", "switch_nan"]
CASES += ["check_error", "check_error_ok", "check_error_jit", "check_error_vmapped"]
CASES += ["check_error_second", "check_error_after", "debug_check", "debug_check_kw"]
CASES += ["check_error_in_vmap", "vmap_of_check_error"]


@pytest.mark.parametrize("case", CASES)
def test_messages_match_jax(case, ours, jax_out):
    assert ours[case] == str(jax_out[case])


def test_throw_and_results():
    def f(x):
        checkify.check(jnp.all(x > 0), "needs positive values, got {x}", x=x)
        return x * 2

    err, out = checkify.checkify(f)(jnp.array([1.0, -1.0]))
    np.testing.assert_array_equal(np.asarray(out), [2.0, -2.0])
    with pytest.raises(checkify.JaxRuntimeError, match=r"needs positive values, got \[ 1. -1.\]"):
        err.throw()
    assert type(err.get_exception()) is checkify.FailedCheckError  # as JAX's, not a ValueError
    assert str(err.get_exception()) == err.get()
    err, _ = checkify.checkify(f)(jnp.ones(2))
    err.throw()  # nothing failed
    assert err.get() is None and err.get_exception() is None


def test_check_outside_checkify():
    with pytest.raises(checkify.JaxRuntimeError, match="bad value 3"):
        checkify.check(jnp.array(False), "bad value {}", jnp.array(3))
    checkify.check(jnp.array(True), "fine")
    with pytest.raises(ValueError, match="was not functionalized"):
        meshjit.jit(lambda x: checkify.check(x > 0, "positive") or x)(1.0)
    with pytest.raises(TypeError, match="need to be PyTrees of arrays, but got 3"):
        checkify.check(jnp.array(True), "{}", 3)


def test_python_scalar_argument_stays_a_python_scalar():
    """checkify(f)(-1.0): f sees the float itself (JAX closes over concrete arguments), so a
    check formatting it is JAX's TypeError, and Python branches on it work."""

    def f(x):
        checkify.check(x > 0, "{} must be positive!", x)
        return x

    with pytest.raises(TypeError, match="need to be PyTrees of arrays, but got -1.0"):
        checkify.checkify(f)(-1.0)
    err, out = checkify.checkify(lambda x: x * 2 if x > 0 else -x)(3.0)
    assert err.get() is None and float(out) == 6.0
    err, out = meshjit.jit(checkify.checkify(f))(-1.0)  # traced under jit: an array, checked
    assert err.get().startswith("-1.0 must be positive!")


def test_check_in_a_while_condition_is_refused_clearly():
    def cond(c):
        checkify.check(c < 10, "too big")
        return c < 3

    with pytest.raises(NotImplementedError, match="while loop's condition"):
        checkify.checkify(lambda c: meshjit.lax.while_loop(cond, lambda c: c + 1, c))(0)


def test_check_takes_one_boolean_and_throw_shows_the_callers_line():
    with pytest.raises(TypeError, match="check takes a scalar pred as argument"):
        checkify.checkify(lambda x: checkify.check(x, "bad"))(1.0)
    with pytest.raises(TypeError, match="check takes a scalar pred as argument"):
        checkify.checkify(lambda x: checkify.check(x > 0, "bad"))(jnp.ones(3))
    err, _ = checkify.checkify(lambda x: checkify.check(x > 0, "positive"))(-1.0)
    with pytest.raises(checkify.JaxRuntimeError) as ei:
        err.throw()
    assert ei.traceback[-1].path.name == "test_checkify.py"  # no meshjit frame below it


def test_check_error_and_debug_check_outside_checkify():
    """As JAX: check_error raises a failed error's message eagerly and refuses staging without
    checkify; a debug check outside checkify checks nothing, eagerly or staged."""
    err, _ = checkify.checkify(lambda x: checkify.check(x > 0, "positive {}", x))(jnp.array(-1))
    with pytest.raises(checkify.JaxRuntimeError, match=r"positive -1 \(`check` failed\)"):
        checkify.check_error(err)
    checkify.check_error(checkify.init_error)
    assert checkify.init_error.get() is None
    with pytest.raises(ValueError, match="was not functionalized"):
        meshjit.jit(lambda e: checkify.check_error(e))(err)
    with pytest.raises(TypeError, match="check_error takes an Error as argument, got type"):
        checkify.check_error(3)
    checkify.debug_check(jnp.array(False), "never raised")
    assert float(meshjit.jit(lambda x: (checkify.debug_check(x > 0, "no"), x)[1])(-2.0)) == -2.0
    with pytest.raises(TypeError, match="debug_check takes a scalar pred"):
        checkify.debug_check(jnp.ones(2) > 0, "bad")


def test_get_exception_is_the_error_kind():
    err, _ = checkify.checkify(jnp.log, errors=checkify.nan_checks)(-1.0)
    assert type(err.get_exception()) is checkify.NaNError
    err, _ = checkify.checkify(lambda x: x[jnp.int32(7)], errors=checkify.index_checks)(jnp.ones(3))
    assert type(err.get_exception()) is checkify.OOBError
    err, _ = meshjit.vmap(checkify.checkify(jnp.log, errors=checkify.nan_checks))(jnp.array([-1.0]))
    assert type(err.get_exception()) is checkify.BatchedError
    assert str(err.get_exception()) == "at mapped index 0: nan generated by primitive: log."
    assert checkify.init_error.get() is None


def test_a_check_under_vmap_inside_checkify_reports_the_last_failing_example():
    # As JAX: the batched check reduces to its last failure ("neg: -4.0"), one error.
    def f(v):
        checkify.check(v > 0, "neg: {}", v)
        return v * 2

    xs = jnp.array([1.0, -2.0, 3.0, -4.0])
    err, out = checkify.checkify(meshjit.vmap(f))(xs)
    assert err.get() == "neg: -4.0 (`check` failed)"
    err, _ = checkify.checkify(meshjit.vmap(f))(jnp.ones(3))
    assert err.get() is None
    err, _ = checkify.checkify(meshjit.vmap(meshjit.vmap(f)))(jnp.array([[1.0, -5.0], [-6.0, 2.0]]))
    assert err.get() == "neg: -6.0 (`check` failed)"


def test_debug_check_checks_only_under_checkify():
    @meshjit.jit
    def g(x):
        checkify.debug_check(x > 0, "x must be positive, got {}", x)
        return x + 1

    assert float(g(-1.0)) == 0.0  # no checkify: nothing is checked, under jit or eagerly
    checkify.debug_check(jnp.array(False), "never raised")
    err, out = checkify.checkify(g)(-1.0)
    assert err.get() == "x must be positive, got -1.0 (`check` failed)"
    assert checkify.checkify(g)(2.0)[0].get() is None


def test_div_checks_every_division_and_no_remainder():
    """JAX's div_checks check lax.div of floats too (before the NaN a later sqrt makes) and not
    lax.rem; results as JAX 0.10.2's."""
    div = lambda a, b: checkify.checkify(jnp.divide, errors=checkify.div_checks)(a, b)[0].get()
    assert div(jnp.ones(2), jnp.array([1.0, 0.0])) == "division by zero"
    f = lambda a, b: jnp.sqrt(a / b - 5.0)
    one, zero = jnp.float32(1.0), jnp.float32(0.0)
    assert checkify.checkify(f, errors=checkify.all_checks)(one, zero)[0].get() == "division by zero"
    rem = checkify.checkify(meshjit.lax.rem, errors=checkify.div_checks)
    assert rem(np.int32(3), np.int32(0))[0].get() is None
