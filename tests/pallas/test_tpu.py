"""Pallas' TPU vocabulary in interpret mode (compiler/pallas/tpu.py): DMA copies between a
whole-array (`pl.ANY`) operand's views and scratch buffers with semaphores, and `roll`,
against NumPy (values JAX 0.10.2 prints for the same kernels)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
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
