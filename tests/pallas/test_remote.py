"""Pallas' semaphores and cross-device operations (compiler/pallas/remote.py) as TPU interpret
mode runs them: semaphore counts, remote DMAs and remote signals between the devices of a
shard_map, against NumPy and XLA's own collectives (values JAX 0.10.2 gives for the same
kernels under `interpret=pltpu.InterpretParams()`)."""

import warnings

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.experimental import pallas as pl
from meshjit.experimental.pallas import tpu as pltpu
from meshjit.sharding import AxisType
from meshjit.sharding import PartitionSpec as P

N = 8
MESH = meshjit.make_mesh((N,), ("x",), axis_types=(AxisType.Auto,))
ANY = pl.BlockSpec(memory_space=pl.ANY)


def _sharded(kernel, out_shape, *, check_vma=False, **kw):
    call = pl.pallas_call(kernel, out_shape=out_shape, interpret=pltpu.InterpretParams(), **kw)
    return meshjit.jit(
        meshjit.shard_map(call, mesh=MESH, in_specs=P("x"), out_specs=P("x"), check_vma=check_vma)
    )


def _neighbour(offset):
    return lax.rem(lax.axis_index("x") + offset + N, N)


def test_a_remote_copy_to_the_right_neighbour_is_ppermute():
    def kernel(x_ref, o_ref, send_sem, recv_sem):
        copy = pltpu.make_async_remote_copy(
            x_ref, o_ref, send_sem, recv_sem, device_id=(_neighbour(1),),
            device_id_type=pl.DeviceIdType.MESH,
        )  # fmt: skip
        copy.start()
        copy.wait()

    x = np.arange(N * 2 * 4, dtype=np.float32).reshape(N * 2, 4)
    f = _sharded(
        kernel, meshjit.ShapeDtypeStruct((2, 4), jnp.float32), in_specs=[ANY], out_specs=ANY,
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    )  # fmt: skip
    np.testing.assert_array_equal(f(x), np.roll(x, 2, axis=0))  # block k comes from k - 1


def test_a_ring_of_remote_copies_into_dynamic_windows_is_all_gather():
    def kernel(x_ref, o_ref, local_sem, send_sem, recv_sems):
        step, me = pl.program_id(0), lax.axis_index("x")
        slot = lax.rem(me - step + N, N)

        @pl.when(step == 0)
        def _():
            pltpu.make_async_copy(x_ref, o_ref.at[me], local_sem).start()

        copy = pltpu.make_async_remote_copy(
            o_ref.at[slot], o_ref.at[slot], send_sem, recv_sems.at[step],
            device_id={"x": _neighbour(1)},
        )  # fmt: skip
        copy.start()
        copy.wait()

    x = np.arange(N * 3, dtype=np.float32).reshape(N, 3)
    f = _sharded(
        kernel, meshjit.ShapeDtypeStruct((N, 1, 3), jnp.float32), in_specs=[ANY],
        out_specs=ANY, grid=(N - 1,),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2 + [pltpu.SemaphoreType.DMA((N - 1,))],
    )  # fmt: skip
    got = np.asarray(f(x)).reshape(N, N, 3)
    np.testing.assert_array_equal(got, np.broadcast_to(x, (N, N, 3)))


def test_semaphores_count_signals_and_waits_from_zero():
    def kernel(x_ref, o_ref, sem, sems):
        pl.semaphore_signal(sem, 3)
        pl.semaphore_wait(sem, 1)
        pl.semaphore_signal(sems.at[1], jnp.int32(5))
        pl.semaphore_wait(sems.at[1], 2, decrement=False)
        o_ref[0] = x_ref[0] * pl.semaphore_read(sem)
        o_ref[1] = x_ref[1] * pl.semaphore_read(sems.at[1])

    x = np.ones((2, 4), np.int32)
    out = pl.pallas_call(
        kernel, out_shape=meshjit.ShapeDtypeStruct((2, 4), jnp.int32),
        scratch_shapes=[pltpu.SemaphoreType.REGULAR, pltpu.SemaphoreType.REGULAR((2,))],
        interpret=pltpu.InterpretParams(),
    )(x)  # fmt: skip
    np.testing.assert_array_equal(out, [[2] * 4, [5] * 4])


def test_a_remote_signal_adds_to_the_neighbours_semaphore():
    def kernel(x_ref, o_ref, sem):
        me = lax.axis_index("x")
        pl.semaphore_signal(sem, me + 1, device_id=(_neighbour(1),))
        pl.semaphore_signal(sem, 10, device_id=_neighbour(-1))
        barrier = pltpu.get_barrier_semaphore()
        pl.semaphore_signal(barrier, device_id=(_neighbour(1),))
        pl.semaphore_wait(barrier, 1)
        o_ref[...] = x_ref[...] * pl.semaphore_read(sem)

    f = _sharded(kernel, meshjit.ShapeDtypeStruct((1, 2), jnp.int32),
                 scratch_shapes=[pltpu.SemaphoreType.REGULAR])  # fmt: skip
    got = np.asarray(f(np.ones((N, 2), np.int32)))[:, 0]
    left = (np.arange(N) - 1) % N
    np.testing.assert_array_equal(got, left + 1 + 10)


@pytest.mark.parametrize(
    "memory, expected",
    [("nan", (np.iinfo(np.int32).max, True)), ("zero", (0, False))],
)
def test_tpu_interpret_mode_fills_unwritten_memory_as_jax(memory, expected):
    def kernel(x_ref, o_ref, p_ref):
        o_ref[0] = x_ref[0]
        p_ref[0, 0] = False

    out, flags = pl.pallas_call(
        kernel,
        out_shape=(
            meshjit.ShapeDtypeStruct((2, 3), jnp.int32),
            meshjit.ShapeDtypeStruct((2, 3), jnp.bool_),
        ),
        interpret=pltpu.InterpretParams(uninitialized_memory=memory),
    )(np.ones((2, 3), np.int32))
    np.testing.assert_array_equal(out, [[1] * 3, [expected[0]] * 3])
    assert flags[0, 0] == False and flags[1, 2] == expected[1]  # noqa: E712


def test_interpret_params_validate_as_jax():
    with pytest.raises(ValueError, match="Number of cores or threads must be at least 1"):
        pltpu.InterpretParams(num_cores_or_threads=0)
    assert pltpu.InterpretParams().dma_execution_mode == "on_wait"


def test_semaphore_misuse_is_a_clear_error():
    def kernel(x_ref, o_ref, sems):
        pl.semaphore_signal(sems)

    with pytest.raises(ValueError, match=r"Cannot signal on a non-\(\)-shaped semaphore: \(2,\)"):
        pl.pallas_call(
            kernel, out_shape=meshjit.ShapeDtypeStruct((2,), jnp.float32),
            scratch_shapes=[pltpu.SemaphoreType.DMA((2,))], interpret=True,
        )(np.zeros(2, np.float32))  # fmt: skip

    def local(x_ref, o_ref, sem):
        pltpu.make_async_copy(x_ref, o_ref, sem).wait_send()

    with pytest.raises(ValueError, match="Cannot `wait_send` on a local copy."):
        pl.pallas_call(
            local, out_shape=meshjit.ShapeDtypeStruct((2,), jnp.float32),
            scratch_shapes=[pltpu.SemaphoreType.DMA], interpret=True,
        )(np.zeros(2, np.float32))  # fmt: skip


def test_tpu_semaphore_names_moved_to_pl_and_warn():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        signal = pl.semaphore_signal
        assert pltpu.semaphore_signal is getattr(signal, "__wrapped__", signal)
        assert pltpu.DeviceIdType is pl.DeviceIdType
    assert [str(w.message) for w in caught] == [
        "pltpu.semaphore_signal is deprecated, use pl.semaphore_signal instead.",
        "pltpu.DeviceIdType is deprecated, use pl.DeviceIdType instead.",
    ]


def test_a_remote_copy_under_a_device_dependent_when_runs_predicated():
    # in a cond, devices whose condition is false would never join the copy's collective
    # (XLA aborts the run); JAX's interpreter copies row 0 to device 1 here
    def kernel(x_ref, o_ref, send_sem, recv_sem, scratch):
        me = lax.axis_index("x")
        pltpu.sync_copy(x_ref, o_ref)
        scratch[...] = jnp.zeros_like(scratch)

        @pl.when(me == 0)
        def _():
            scratch[...] = jnp.ones_like(scratch)  # put back on the other devices

            @pl.when(step_is_zero())
            def _():
                copy = pltpu.make_async_remote_copy(
                    x_ref, o_ref, send_sem, recv_sem, device_id=(1,)
                )
                copy.start()
                copy.wait_send()

        pltpu.sync_copy(scratch, o_ref, add=True)

    def step_is_zero():
        return pl.program_id(0) == 0

    x = np.arange(N * 4, dtype=np.float32).reshape(N, 4)
    f = _sharded(
        kernel, meshjit.ShapeDtypeStruct((1, 4), jnp.float32), in_specs=[ANY], out_specs=ANY,
        grid=(1,), scratch_shapes=[pltpu.SemaphoreType.DMA] * 2 + [pltpu.VMEM((1, 4), jnp.float32)],
    )  # fmt: skip
    expected = x.copy()
    expected[1] = x[0]
    expected[0] += 1
    np.testing.assert_array_equal(f(x), expected)


def test_under_checked_types_outputs_declare_their_manual_axis_types():
    def kernel(x_ref, o_ref, send_sem, recv_sem):
        pltpu.async_remote_copy(x_ref, o_ref, send_sem, recv_sem, (_neighbour(1),)).wait()

    def run(out_shape):
        f = _sharded(kernel, out_shape, check_vma=True, in_specs=[ANY], out_specs=ANY,
                     scratch_shapes=[pltpu.SemaphoreType.DMA] * 2)  # fmt: skip
        return f(x)

    x = np.arange(N * 4, dtype=np.float32).reshape(N, 4)
    with pytest.raises(ValueError, match="`manual_axis_type` on `jax.ShapeDtypeStruct` must"):
        run(meshjit.ShapeDtypeStruct((1, 4), jnp.float32))
    varying = meshjit.sharding.ManualAxisType(varying=frozenset({"x"}))
    out = run(meshjit.ShapeDtypeStruct((1, 4), jnp.float32, manual_axis_type=varying))
    np.testing.assert_array_equal(out, np.roll(x, 1, axis=0))
    with pytest.raises(TypeError, match="should be of type `jax.sharding.ManualAxisType`"):
        meshjit.ShapeDtypeStruct((1,), jnp.float32, manual_axis_type=frozenset({"x"}))


def test_a_remote_copy_in_a_kernels_own_cond_is_a_clear_error():
    def kernel(x_ref, o_ref, send_sem, recv_sem):
        def send():
            pltpu.async_remote_copy(x_ref, o_ref, send_sem, recv_sem, (1,)).wait()

        lax.cond(lax.axis_index("x") == 0, send, lambda: None)

    f = _sharded(
        kernel, meshjit.ShapeDtypeStruct((1, 4), jnp.float32), in_specs=[ANY], out_specs=ANY,
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    )  # fmt: skip
    with pytest.raises(NotImplementedError, match="Use `pl.when"):
        f(np.zeros((N, 4), np.float32))


def test_tpu_interpret_mode_refuses_direct_access_to_hbm_buffers_as_jax():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] + 1

    def call(interpret):
        return pl.pallas_call(
            kernel, out_shape=meshjit.ShapeDtypeStruct((2,), jnp.float32), in_specs=[ANY],
            interpret=interpret,
        )(np.zeros(2, np.float32))  # fmt: skip

    with pytest.raises(ValueError, match=r"get_p: Buffers with a memory space of HBM or ANY"):
        call(pltpu.InterpretParams())
    np.testing.assert_array_equal(call(True), [1, 1])  # JAX's HLO interpreter lets it be

    def copies(x_ref, o_ref, sem):
        pltpu.sync_copy(x_ref.at[1:], o_ref.at[:1])
        pltpu.async_copy(x_ref.at[:1], o_ref.at[1:], sem).wait()

    out = pl.pallas_call(
        copies, out_shape=meshjit.ShapeDtypeStruct((2,), jnp.float32), in_specs=[ANY],
        out_specs=ANY, scratch_shapes=[pltpu.SemaphoreType.DMA], interpret=pltpu.InterpretParams(),
    )(np.arange(2, dtype=np.float32))  # fmt: skip
    np.testing.assert_array_equal(out, [1, 0])
