"""Turning x64 on and off: the option, JAX_ENABLE_X64, `meshjit.enable_x64`, the reads JAX
allows, and caches that retrace after a toggle (compiler/config.py, compiler/ir/dtypes.py)."""

import os
import subprocess
import sys

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random


def test_off_by_default_and_64_bit_requests_give_32_bits():
    assert meshjit.config.jax_enable_x64 is False and meshjit.config.x64_enabled is False
    assert jnp.zeros(2).dtype == np.float32 and jnp.arange(3).dtype == np.int32
    assert jnp.zeros(2, jnp.float64).dtype == np.float32
    # the scalar types name their own dtype, as JAX's (only the arrays they make are 32-bit)
    assert jnp.float64.dtype == np.float64 and jnp.int64 != jnp.int32
    assert (jnp.float_.__name__, jnp.dtype(jnp.int_), jnp.uint.dtype) == (
        "float64",
        np.int64,
        np.uint64,
    )
    assert jnp.float64(1.5).dtype == np.float32 and jnp.int_(3).dtype == np.int32
    assert jnp.float64 == np.float64 and jnp.int32 != np.int64
    # promote_types works on the types named, as JAX's (no canonicalization)
    assert jnp.promote_types(jnp.float32, jnp.float64) == np.float64
    assert jnp.promote_types(np.int32, np.int64) == np.int64
    assert jnp.promote_types(jnp.float32, jnp.int64) == np.float32
    assert meshjit.dtypes.canonicalize_dtype(np.int64) == np.int32


def test_update_turns_every_default_to_64_bits():
    meshjit.config.update("jax_enable_x64", True)
    assert meshjit.config.x64_enabled and meshjit.config.read("jax_enable_x64") is True
    assert (jnp.zeros(2).dtype, jnp.arange(3).dtype) == (np.float64, np.int64)
    assert jnp.float64.dtype == np.float64 and jnp.int64 != jnp.int32
    assert jnp.complex128(1j).dtype == np.complex128 and jnp.uint64(1).dtype == np.uint64
    assert meshjit.dtypes.canonicalize_dtype(np.int64) == np.int64
    assert repr(jnp.float64(1.5)) == "Array(1.5, dtype=float64)"
    assert repr(jnp.array(1.0)) == "Array(1., dtype=float64, weak_type=True)"
    assert float(jnp.array(1.0) / 3) == 1 / 3  # double precision
    assert int(jnp.array(2**40) + 1) == 2**40 + 1


def test_python_ints_beyond_int64_overflow():
    meshjit.config.update("jax_enable_x64", True)
    with pytest.raises(OverflowError, match="int64"):
        jnp.add(jnp.arange(2), 2**63)


def test_a_jitted_function_retraces_when_the_mode_toggles():
    traces = []

    @meshjit.jit
    def f(x):
        traces.append(1)
        return x * 2 + 1

    assert f(1.5).dtype == np.float32
    meshjit.config.update("jax_enable_x64", True)
    assert f(1.5).dtype == np.float64
    assert f(np.ones(2)).dtype == np.float64
    meshjit.config.update("jax_enable_x64", False)
    assert f(1.5).dtype == np.float32
    assert f(1.5).dtype == np.float32  # cached again
    assert len(traces) == 4


def test_eager_ops_follow_the_mode():
    x32 = jnp.sin(1.0)
    meshjit.config.update("jax_enable_x64", True)
    x64 = jnp.sin(1.0)
    meshjit.config.update("jax_enable_x64", False)
    assert (x32.dtype, x64.dtype, jnp.sin(1.0).dtype) == (np.float32, np.float64, np.float32)
    assert float(x64) == np.sin(1.0)


def test_enable_x64_context_manager():
    assert jnp.ones(1).dtype == np.float32
    with meshjit.enable_x64():
        assert meshjit.config.x64_enabled and jnp.ones(1).dtype == np.float64
        with meshjit.enable_x64(False):
            assert jnp.ones(1).dtype == np.float32
        assert jnp.ones(1).dtype == np.float64
    assert not meshjit.config.x64_enabled and jnp.ones(1).dtype == np.float32


def test_random_keys_and_draws_follow_the_mode():
    seed = 2**40 + 3
    assert random.key_data(random.PRNGKey(seed)).tolist() == [0, 3]  # x64 off: low 32 bits
    with meshjit.enable_x64(True):
        assert random.key_data(random.PRNGKey(seed)).tolist() == [2**8, 3]
        assert random.uniform(random.PRNGKey(0), (3,)).dtype == np.float64
    assert random.uniform(random.PRNGKey(0), (3,)).dtype == np.float32


def test_lax_64_bit_types_lower_and_run():
    with meshjit.enable_x64(True):
        text = (
            meshjit.jit(lambda x: lax.convert_element_type(x, np.uint64) + 1)
            .lower(np.int64(3))
            .as_text()
        )
        assert "tensor<i64>" in text and "tensor<ui64>" in text
        assert int(lax.shift_left(np.uint64(1), np.uint64(63))) == 2**63
        bits = lax.bitcast_convert_type(np.float64(1.0), np.int64)
        assert int(bits) == np.float64(1.0).view(np.int64)


def test_jaxprs_show_64_bit_types():
    with meshjit.enable_x64(True):
        text = str(meshjit.make_jaxpr(lambda x, y: x * 2 + y)(1.0, jnp.arange(2)))
    assert "f64[]" in text and "i64[2]" in text


def test_sharded_float64_arrays_keep_their_bits():
    with meshjit.enable_x64(True):
        mesh = meshjit.make_mesh((8,), ("x",))
        sharding = meshjit.sharding.NamedSharding(mesh, meshjit.sharding.PartitionSpec("x"))
        x = np.linspace(0, 1, 16) / 3
        y = meshjit.device_put(x, sharding)
        assert y.dtype == np.float64 and np.array_equal(np.asarray(y), x)
        total = meshjit.jit(jnp.sum)(y)
        np.testing.assert_allclose(float(total), x.sum(), rtol=1e-15)


@pytest.mark.parametrize("variable", ["JAX_ENABLE_X64", "MESHJIT_ENABLE_X64"])
def test_environment_variable_turns_x64_on_from_the_start(variable):
    program = (
        "import meshjit, meshjit.numpy as jnp\n"
        "print(meshjit.config.jax_enable_x64, jnp.zeros(1).dtype, jnp.array(1).dtype)\n"
    )
    env = {**os.environ, variable: "1"}
    out = subprocess.run(
        [sys.executable, "-c", program], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["True", "float64", "int64"]
