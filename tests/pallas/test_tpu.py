"""Pallas' TPU vocabulary in interpret mode (compiler/pallas/tpu.py): DMA copies between a
whole-array (`pl.ANY`) operand's views and scratch buffers with semaphores, and `roll`,
against NumPy (values JAX 0.10.2 prints for the same kernels)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.experimental import pallas as pl
from meshjit.experimental.pallas import tpu as pltpu


def test_dma_from_a_view_of_a_whole_array_operand_into_scratch():
    def kernel(x_hbm_ref, out_ref, scratch_ref, sem):
        pltpu.make_async_copy(x_hbm_ref.at[0:1], scratch_ref, sem).start()
        pltpu.make_async_copy(x_hbm_ref.at[0:1], scratch_ref, sem).wait()
        out_ref[...] = scratch_ref[...] + 1

    x = np.arange(8 * 16, dtype=np.float32).reshape(8, 16)
    out = pl.pallas_call(
        kernel,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_shape=meshjit.ShapeDtypeStruct((1, 16), jnp.float32),
        scratch_shapes=(pltpu.VMEM((1, 16), jnp.float32), pltpu.SemaphoreType.DMA),
        interpret=True,
    )(x)
    np.testing.assert_array_equal(out, x[:1] + 1)


def test_sync_copy_and_semaphore_arrays():
    def kernel(x_ref, o_ref, tmp_ref, sems):
        pltpu.sync_copy(x_ref.at[1], tmp_ref)
        pltpu.async_copy(tmp_ref, o_ref.at[0], sems.at[1]).wait()
        pltpu.sync_copy(x_ref.at[0], o_ref.at[1])

    x = np.arange(8.0, dtype=np.float32).reshape(2, 4)
    out = pl.pallas_call(
        kernel,
        out_shape=meshjit.ShapeDtypeStruct((2, 4), jnp.float32),
        scratch_shapes=[pltpu.VMEM((4,), jnp.float32), pltpu.SemaphoreType.DMA((2,))],
        interpret=True,
    )(x)
    np.testing.assert_array_equal(out, x[::-1])


def test_roll_as_numpy_and_strided():
    x = np.arange(12.0, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(pltpu.roll(jnp.asarray(x), 1, 1), np.roll(x, 1, 1))
    got = pltpu.roll(jnp.asarray(x), 1, 1, stride=1, stride_axis=0)
    np.testing.assert_array_equal(got, np.stack([np.roll(x[k], 1 + k) for k in range(3)]))


def test_tpu_names_as_jax():
    assert not hasattr(pltpu, "ANY")  # as JAX 0.10.2: the whole-array space is pl.ANY
    assert [m.name for m in pltpu.MemorySpace] == [
        "VMEM",
        "VMEM_SHARED",
        "SMEM",
        "CMEM",
        "SEMAPHORE",
        "HBM",
    ]
    with pytest.warns(DeprecationWarning, match="pltpu.HOST is deprecated, use pl.HOST instead"):
        assert pltpu.HOST is pl.HOST  # as JAX 0.10.2: moved to pl, still there with a warning


def test_the_tpu_generator_has_no_cpu_rule_as_jax_and_keys_work_in_kernels():
    def seeded(seed_ref, o_ref):
        pltpu.prng_seed(seed_ref[0])
        o_ref[...] = pltpu.stateful_uniform(o_ref.shape)

    out_shape = meshjit.ShapeDtypeStruct((2, 4), jnp.float32)
    smem = [pl.BlockSpec(memory_space=pltpu.SMEM)]
    with pytest.raises(NotImplementedError, match="primitive 'prng_seed' not found for platform"):
        pl.pallas_call(seeded, out_shape=out_shape, in_specs=smem, interpret=True)(
            jnp.array([42], jnp.int32)
        )

    def keyed(key_ref, o_ref):
        o_ref[...] = meshjit.random.uniform(key_ref[...], o_ref.shape)

    key = meshjit.random.key(0)
    out = pl.pallas_call(keyed, out_shape=out_shape, in_specs=smem, interpret=True)(key)
    np.testing.assert_array_equal(out, meshjit.random.uniform(key, (2, 4)))


# -- bitcast, masked loads and stores, memory-space constraints ------------------------------


def _call(kernel, x, shape, dtype, interpret=True):
    return pl.pallas_call(
        kernel, out_shape=meshjit.ShapeDtypeStruct(shape, dtype), interpret=interpret
    )(x)


def _bitcast_kernel(dtype):
    def kernel(x_ref, o_ref):
        o_ref[...] = pltpu.bitcast(x_ref[...], dtype)

    return kernel


def test_bitcast_packs_rows_of_the_second_minor_dim_as_jax():
    x = np.arange(8 * 4, dtype=np.int16).reshape(8, 4)
    out = _call(_bitcast_kernel(jnp.int32), x, (4, 4), jnp.int32)
    # JAX 0.10.2: rows 2i (low half) and 2i+1 (high half) make row i
    expected = x[0::2].astype(np.int32) | (x[1::2].astype(np.int32) << 16)
    np.testing.assert_array_equal(out, expected)
    assert int(out[0, 0]) == 262144


def test_bitcast_unpacks_and_keeps_width():
    x = np.arange(8 * 128, dtype=np.int32).reshape(8, 128) * 16777619
    out = _call(_bitcast_kernel(jnp.int8), x, (32, 128), jnp.int8)
    unpacked = x.view(np.int8).reshape(8, 128, 4).transpose(0, 2, 1).reshape(32, 128)
    np.testing.assert_array_equal(out, unpacked)
    np.testing.assert_array_equal(out[0, :4], [0, -109, 38, -71])  # JAX's
    same = _call(_bitcast_kernel(jnp.int32), np.ones((8, 128), np.float32), (8, 128), jnp.int32)
    assert int(same[0, 0]) == 1065353216


@pytest.mark.parametrize(
    ("shape", "dtype", "message"),
    [
        ((8,), jnp.int8, "Not implemented: bitcast 1D"),
        ((3, 8), jnp.int32, "the 2nd minor dim can not be perfectly packed or unpacked"),
    ],
)
def test_bitcast_errors_as_jax(shape, dtype, message):
    with pytest.raises(ValueError, match=message):
        pltpu.bitcast(jnp.ones(shape, jnp.int16), dtype)


def test_masked_load_and_store():
    def kernel(x_ref, o_ref):
        mask = lax.broadcasted_iota(jnp.int32, (8, 128), 1) < 5
        o_ref[...] = jnp.zeros((8, 128))
        pltpu.store(o_ref, pltpu.load(x_ref, mask=mask), mask=mask)

    x = np.arange(8 * 128, dtype=np.float32).reshape(8, 128) + 1
    out = _call(kernel, x, (8, 128), jnp.float32)
    np.testing.assert_array_equal(out, np.where(np.arange(128) < 5, x, 0))


def test_with_memory_space_constraint_only_traced_as_jax():
    x = np.ones((2, 2), np.float32)
    np.testing.assert_array_equal(
        meshjit.jit(lambda a: pltpu.with_memory_space_constraint(a, pltpu.VMEM))(x), x
    )
    np.testing.assert_array_equal(pltpu.with_memory_space_constraint(x, pl.ANY), x)
    with pytest.raises(ValueError, match="Cannot eagerly run with_memory_space_constraint"):
        pltpu.with_memory_space_constraint(x, pltpu.VMEM)
    with pytest.raises(NotImplementedError, match="only supports HBM, VMEM and SMEM"):
        pltpu.with_memory_space_constraint(x, pltpu.SEMAPHORE)


# -- TPU interpret mode forced on every kernel; what has no CPU rule -------------------------


def _double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


def test_force_tpu_interpret_mode_runs_kernels_without_interpret():
    x = np.arange(8.0, dtype=np.float32).reshape(2, 4)
    with pltpu.force_tpu_interpret_mode():
        np.testing.assert_array_equal(_call(_double, x, (2, 4), jnp.float32, False), x * 2)
    with pytest.raises(ValueError, match="Only interpret mode is supported on CPU backend"):
        _call(_double, x, (2, 4), jnp.float32, False)
    with pltpu.force_tpu_interpret_mode(None), pytest.raises(ValueError):
        _call(_double, x, (2, 4), jnp.float32, False)


def test_set_tpu_interpret_mode_is_global_until_unset():
    x = np.ones((2, 4), np.float32)
    pltpu.set_tpu_interpret_mode(pltpu.InterpretParams(uninitialized_memory="zero"))
    try:
        np.testing.assert_array_equal(_call(_double, x, (2, 4), jnp.float32, False), x * 2)
    finally:
        pltpu.set_tpu_interpret_mode(None)
    with pytest.raises(ValueError, match="Only interpret mode"):
        _call(_double, x, (2, 4), jnp.float32, False)
    assert pltpu.is_tpu_device() is False


def test_delay_runs_in_tpu_interpret_mode_only_as_jax():
    def kernel(x_ref, o_ref):
        pl.delay(10)
        o_ref[...] = x_ref[...] + 1

    x = np.zeros((2, 4), np.float32)
    np.testing.assert_array_equal(
        _call(kernel, x, (2, 4), jnp.float32, pltpu.InterpretParams()), x + 1
    )
    with pytest.raises(NotImplementedError, match="primitive 'delay' not found for platform cpu"):
        _call(kernel, x, (2, 4), jnp.float32)


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (lambda x: pltpu.stochastic_round(x, x, target_dtype=jnp.bfloat16), "stochastic_round"),
        (lambda x: pltpu.pack_elementwise([x, x], packed_dtype=jnp.bfloat16), "pack_elementwise"),
        (lambda x: pltpu.trace_value("v", x[0, 0]), "trace_value"),
        (pltpu.touch, "add_dependency"),
    ],
)
def test_tpu_only_operations_are_clear_errors(op, message):
    def kernel(x_ref, o_ref):
        op(x_ref if op is pltpu.touch else x_ref[...])
        o_ref[...] = x_ref[...]

    with pytest.raises(NotImplementedError, match=message):
        _call(kernel, np.zeros((8, 128), np.float32), (8, 128), jnp.float32)


def test_emit_pipeline_needs_a_tpu_as_in_jax():
    with pytest.raises(ValueError, match="Unsupported TPU device kind: cpu"):
        pltpu.emit_pipeline(lambda *refs: None, grid=(2,))
