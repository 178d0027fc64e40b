"""meshjit.config and JAX's option context managers (compiler/config.py): every JAX 0.10.2
option name is accepted; the options meshjit implements (rank promotion, debug_nans / infs,
disable_jit) behave as JAX's, compared with JAX in a subprocess; unsupported values and
unknown names are clear errors."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.compiler.config import CONTEXT_MANAGERS
from tests.support.jax_oracle import jax_on_8_devices

# name -> (option, value, thunk): under JAX and meshjit the thunk's error class and message.
PROGRAM = """
def message(option, value, thunk):
    jax.config.update(option, value)
    try:
        thunk()
        return "no error"
    except Exception as e:
        return type(e).__name__ + ": " + str(e).splitlines()[0]
    finally:
        jax.config.update(option, DEFAULTS[option])

DEFAULTS = {"jax_numpy_rank_promotion": "allow", "jax_debug_nans": False, "jax_debug_infs": False,
            "jax_no_tracing": False, "jax_no_execution": False}
for name, (option, value, src) in CASES.items():
    out[name] = np.array(message(option, value, eval("lambda: " + src)))
"""
CASES = {
    "rank_raise": ("jax_numpy_rank_promotion", "raise", "jnp.ones((2, 3)) + jnp.ones(3)"),
    "rank_raise_jit": (
        "jax_numpy_rank_promotion",
        "raise",
        "jax.jit(lambda a, b: a * b)(jnp.ones((2, 3)), jnp.ones(3))",
    ),
    "rank_scalar_ok": ("jax_numpy_rank_promotion", "raise", "jnp.ones((2, 3)) + 1.0"),
    "nan_eager": ("jax_debug_nans", True, "jnp.log(-jnp.ones(2))"),
    "nan_jit": ("jax_debug_nans", True, "jax.jit(lambda x: jnp.sqrt(x) * 2)(-jnp.ones(3))"),
    "nan_clean": ("jax_debug_nans", True, "jax.jit(lambda x: jnp.sqrt(x) * 2)(jnp.ones(3))"),
    "inf_eager": ("jax_debug_infs", True, "jnp.ones(2) / jnp.zeros(2)"),
    "no_tracing": ("jax_no_tracing", True, "jax.jit(lambda x: x + 1)(1.0)"),
    "no_execution": ("jax_no_execution", True, "jax.jit(lambda x: x * 2)(1.0)"),
    "no_execution_eager": ("jax_no_execution", True, "jnp.sin(1.0)"),
}


def _ours(option, value, src) -> str:
    saved = getattr(meshjit.config, option)
    meshjit.config.update(option, value)
    try:
        eval("lambda: " + src, {"jax": meshjit, "jnp": jnp})()
        return "no error"
    except Exception as e:
        return type(e).__name__ + ": " + str(e).splitlines()[0]
    finally:
        meshjit.config.update(option, saved)


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    program = f"CASES = {CASES!r}\n" + PROGRAM
    return jax_on_8_devices(program, tmp_path_factory.mktemp("config"))


@pytest.mark.parametrize("case", CASES)
def test_matches_jax(case, jax_out):
    ours, theirs = _ours(*CASES[case]), str(jax_out[case])
    kind, _, text = theirs.partition(": ")
    our_kind, _, our_text = ours.partition(": ")
    assert our_kind in (kind, "Meshjit" + kind) and our_text == text, (ours, theirs)


def test_rank_promotion_warns():
    with meshjit.numpy_rank_promotion("warn"), warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        out = jnp.ones((2, 3)) * jnp.arange(3.0)
    assert any(
        "automatic rank promotion for multiply on shapes (2, 3) (3,)" in str(w.message)
        for w in seen
    )
    np.testing.assert_array_equal(np.asarray(out), np.ones((2, 3)) * np.arange(3.0))
    assert meshjit.config.jax_numpy_rank_promotion == "allow"  # restored


def test_disable_jit_option_and_eager_ops_inside():
    seen = []
    f = meshjit.jit(lambda x: (seen.append(type(x).__name__), jnp.sqrt(x) * 2)[1])
    meshjit.config.update("jax_disable_jit", True)
    try:
        out = f(jnp.ones(3))
        with meshjit.disable_jit():  # its ops still run, each as its one-op computation
            np.testing.assert_array_equal(np.asarray(jnp.sqrt(jnp.full(2, 4.0))), [2, 2])
    finally:
        meshjit.config.update("jax_disable_jit", False)
    assert seen == ["ArrayImpl"]  # JAX's concrete array type name
    assert np.asarray(out).tolist() == [2, 2, 2]


def test_every_jax_option_name_is_accepted_with_its_default():
    import meshjit.compiler.config as cfg

    for name, default in cfg._JAX_OPTIONS.items():  # JAX's defaults, as a program may set them
        if name != "jax_num_cpu_devices":
            meshjit.config.update(name, default)
    assert meshjit.config.jax_log_compiles is False
    meshjit.config.update("jax_platform_name", "cpu")
    # as JAX's config.read: options with a context manager are read as attributes only
    with pytest.raises(AttributeError, match="read their value via e.g. `config.jax_log_compiles`"):
        meshjit.config.read("jax_log_compiles")
    assert meshjit.config.read("jax_platform_name") == "cpu"
    meshjit.config.update("jax_compilation_cache_dir", "/tmp/unused")
    assert "jax_default_matmul_precision" in meshjit.config.values


@pytest.mark.parametrize(
    "option, value, words",
    [
        ("jax_platforms", "tpu", "CPU"),
        ("jax_default_prng_impl", "threefry4x32", "threefry2x32, rbg and unsafe_rbg"),
    ],
)
def test_values_meshjit_cannot_honour_are_refused(option, value, words):
    with pytest.raises(ValueError, match=words):
        meshjit.config.update(option, value)


@pytest.mark.parametrize(
    "option, value, words",
    [
        ("jax_default_prng_impl", "philox4x32", "new enum value must be in ['threefry2x32', "),
        ("jax_numpy_rank_promotion", "sometimes", "must be in ['allow', 'warn', 'raise'], got"),
        ("jax_default_matmul_precision", "bogus", "new enum value must be None or in ['default'"),
        ("jax_numpy_dtype_promotion", "loose", "'loose' is not a valid NumpyDtypePromotion"),
    ],
)
def test_values_outside_jax_s_enums_are_refused_in_its_words(option, value, words):
    # (an unknown matmul precision was taken before, silently)
    before = getattr(meshjit.config, option)
    with pytest.raises(ValueError, match=re.escape(words)):
        meshjit.config.update(option, value)
    assert getattr(meshjit.config, option) == before
    meshjit.config.update("jax_default_matmul_precision", "highest")
    meshjit.config.update("jax_default_matmul_precision", None)


def test_a_context_manager_refuses_a_value_on_the_with_line():
    with pytest.raises(ValueError, match="new enum value") as info:
        with meshjit.default_matmul_precision("bogus"):
            pass
    assert str(info.traceback[-1].path) == __file__  # meshjit's frames filtered out
    assert meshjit.config.jax_default_matmul_precision is None


def test_unknown_option_is_an_attribute_error_as_in_jax():
    with pytest.raises(AttributeError, match="Unrecognized config option: jax_no_such"):
        meshjit.config.update("jax_no_such", 1)


def test_no_tracing_lets_cached_calls_run_and_no_execution_stops_them():
    f = meshjit.jit(lambda x: x * 3)
    f(np.float32(1))
    with meshjit.no_tracing():
        assert float(f(np.float32(2))) == 6.0  # traced before: runs
        with pytest.raises(RuntimeError, match="'no_tracing' is set"):
            f(np.ones(2, np.float32))
    with meshjit.no_execution():
        with pytest.raises(RuntimeError, match="no_execution config option is set"):
            f(np.float32(2))  # a cached call too
    assert float(f(np.float32(2))) == 6.0
    with meshjit.checking_leaks():
        assert meshjit.config.jax_check_tracer_leaks is True
    assert meshjit.config.jax_check_tracer_leaks is False


def test_context_managers_restore():
    assert {"debug_nans", "numpy_rank_promotion", "default_matmul_precision"} <= set(
        CONTEXT_MANAGERS
    )
    with meshjit.default_matmul_precision("float32"):
        assert meshjit.config.jax_default_matmul_precision == "float32"
    with meshjit.debug_nans(True):
        assert meshjit.config.jax_debug_nans is True
    with meshjit.auto_pcast(False):
        assert meshjit.config.jax_auto_pcast is False
    assert meshjit.config.jax_default_matmul_precision is None
    assert meshjit.config.jax_debug_nans is False
    assert meshjit.config.jax_auto_pcast is True


def test_strict_dtype_promotion_rejects_mixed_types_and_keeps_weak_scalars():
    import pytest

    import meshjit
    import meshjit.numpy as jnp
    from meshjit.compiler.ir.dtypes import TypePromotionError

    meshjit.config.update("jax_numpy_dtype_promotion", "strict")
    try:
        with pytest.raises(TypePromotionError, match="no available implicit dtype promotion"):
            jnp.float32(1) + jnp.float16(1)
        assert (jnp.float32(1) + 1.0).dtype == jnp.float32
    finally:
        meshjit.config.update("jax_numpy_dtype_promotion", "standard")
    assert (jnp.float32(1) + jnp.float16(1)).dtype == jnp.float32


def test_debug_nans_in_a_numpy_function_reports_its_jit_first_as_jax(capsys):
    """jax.numpy's functions are jitted in JAX: a NaN they make prints the de-optimized
    notice before the op's FloatingPointError; a lax op reports alone."""
    meshjit.config.update("jax_debug_nans", True)
    try:
        with pytest.raises(FloatingPointError, match=r"invalid value \(nan\) encountered in div"):
            jnp.divide(0.0, 0.0)
        assert "Calling the de-optimized version." in capsys.readouterr().out
        with pytest.raises(FloatingPointError, match="encountered in log"):
            meshjit.lax.log(np.float32(-1.0))
        assert capsys.readouterr().out == ""
    finally:
        meshjit.config.update("jax_debug_nans", False)


def test_a_user_context_is_part_of_jit_s_cache_key():
    traces = []
    ctx = meshjit.make_user_context(default_value=None)

    @meshjit.jit
    def f(x):
        traces.append(ctx.value)
        return x * (ctx.value or 1)

    assert float(f(1.0)) == 1.0
    with ctx(2):
        assert float(f(1.0)) == 2.0 and float(f(1.0)) == 2.0
        with ctx(3):
            assert float(f(1.0)) == 3.0
    assert float(f(1.0)) == 1.0 and traces == [None, 2, 3]
    ctx.set_global(5)
    assert ctx.get_global() == 5 and float(f(1.0)) == 5.0 and traces == [None, 2, 3, 5]
    ctx.set_global(None)


def test_a_user_context_s_value_is_per_thread():
    import threading

    ctx = meshjit.make_user_context(default_value=0)
    seen = []
    with ctx(1):
        worker = threading.Thread(target=lambda: seen.append(ctx.value))
        worker.start()
        worker.join()
        assert ctx.value == 1
    assert seen == [0]
