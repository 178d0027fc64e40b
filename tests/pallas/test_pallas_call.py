"""pallas_call in interpret mode (compiler/pallas/pallas_call.py): kernels over grids of blocks,
checked against NumPy. The expected values of uninitialized outputs (NaN, the smallest integer)
and the CPU error without interpret=True are JAX 0.10.2's."""

import functools
import traceback

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental import pallas as pl
from meshjit.experimental.pallas import tpu as pltpu


def _call(kernel, out_shape, **kw):
    return pl.pallas_call(kernel, out_shape=out_shape, interpret=True, **kw)


def _add(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


def test_a_whole_array_kernel_eager_and_jitted():
    x = jnp.arange(8)
    f = _call(_add, meshjit.ShapeDtypeStruct((8,), jnp.int32))
    np.testing.assert_array_equal(f(x, x), np.arange(8) * 2)
    np.testing.assert_array_equal(meshjit.jit(f)(x, x), np.arange(8) * 2)


def test_without_interpret_a_cpu_backend_refuses_as_jax():
    f = pl.pallas_call(_add, out_shape=meshjit.ShapeDtypeStruct((2,), jnp.float32))
    with pytest.raises(ValueError, match="Only interpret mode is supported on CPU backend."):
        f(jnp.ones(2), jnp.ones(2))


def test_program_ids_index_the_output():
    def iota_kernel(o_ref):
        i = pl.program_id(0)
        o_ref[i] = i

    out = _call(iota_kernel, meshjit.ShapeDtypeStruct((8,), jnp.int32), grid=(8,))()
    np.testing.assert_array_equal(out, np.arange(8))


def _program_ids(x_shape, block_shape, grid, index_map):
    def kernel(o_ref):
        ids = 0
        for axis in range(len(grid)):
            ids += pl.program_id(axis) * 10 ** (len(grid) - 1 - axis)
        o_ref[...] = jnp.full(o_ref.shape, ids)

    spec = pl.BlockSpec(block_shape, index_map)
    return _call(
        kernel, meshjit.ShapeDtypeStruct(x_shape, np.int32), grid=grid, in_specs=[], out_specs=spec
    )()


def test_blocks_follow_the_index_map_and_the_last_visit_wins():
    got = _program_ids((4, 6), (2, 3), (2, 2), lambda i, j: (i, j))
    want = np.repeat(np.repeat(np.array([[0, 1], [10, 11]]), 2, 0), 3, 1)
    np.testing.assert_array_equal(got, want)
    got = _program_ids((4, 6), (2, 3), (2, 2, 3), lambda i, j, k: (i, j))  # k revisits
    np.testing.assert_array_equal(got, want * 10 + 2)


def test_blocks_past_the_end_are_padded_and_unwritten_outputs_uninitialized():
    got = _program_ids((3, 5), (2, 3), (2, 2), lambda i, j: (i, j))
    want = np.repeat(np.repeat(np.array([[0, 1], [10, 11]]), 2, 0), 3, 1)[:3, :5]
    np.testing.assert_array_equal(got, want)
    out = _call(lambda o_ref: None, meshjit.ShapeDtypeStruct((2,), jnp.float32))()
    assert np.isnan(np.asarray(out)).all()
    out = _call(lambda o_ref: None, meshjit.ShapeDtypeStruct((2,), jnp.int16))()
    np.testing.assert_array_equal(out, [np.iinfo(np.int16).min] * 2)


def _matmul_kernel(x_ref, y_ref, z_ref, acc_ref, *, steps):
    @pl.when(pl.program_id(2) == 0)
    def _():
        acc_ref[...] = jnp.zeros_like(acc_ref)

    acc_ref[...] += x_ref[...] @ y_ref[...]

    @pl.when(pl.program_id(2) == steps - 1)
    def _():
        z_ref[...] = acc_ref[...]


def _matmul(x, y, b=4):
    (m, k), n = x.shape, y.shape[1]
    return pl.pallas_call(
        functools.partial(_matmul_kernel, steps=k // b),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=0,
            grid=(m // b, n // b, k // b),
            in_specs=[
                pl.BlockSpec((b, b), lambda i, j, k: (i, k)),
                pl.BlockSpec((b, b), lambda i, j, k: (k, j)),
            ],
            out_specs=pl.BlockSpec((b, b), lambda i, j, k: (i, j)),
            scratch_shapes=[pltpu.VMEM((b, b), jnp.float32)],
        ),
        out_shape=meshjit.ShapeDtypeStruct((m, n), x.dtype),
        compiler_params=pltpu.CompilerParams(
            dimension_semantics=("parallel",) * 2 + ("arbitrary",)
        ),
        interpret=True,
    )(x, y)


def test_a_blocked_matmul_accumulates_in_scratch_and_vmaps():
    rng = np.random.default_rng(0)
    x, y = rng.standard_normal((2, 8, 12), np.float32), rng.standard_normal((2, 12, 8), np.float32)
    np.testing.assert_allclose(_matmul(x[0], y[0]), x[0] @ y[0], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(meshjit.vmap(_matmul)(x, y), x @ y, rtol=1e-5, atol=1e-5)


def test_squeezed_block_dims_reduce_over_the_grid():
    def sum_kernel(x_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += x_ref[...]

    x = np.arange(24.0, dtype=np.float32).reshape(3, 2, 4)
    out = _call(
        sum_kernel,
        meshjit.ShapeDtypeStruct((2, 4), jnp.float32),
        grid=3,
        in_specs=[pl.BlockSpec((None, 2, 4), lambda i: (i, 0, 0))],
        out_specs=pl.BlockSpec((2, 4), lambda i: (0, 0)),
    )(x)
    np.testing.assert_array_equal(out, x.sum(0))


def test_scalar_prefetch_feeds_the_index_maps_and_the_kernel():
    def kernel(idx_ref, x_ref, o_ref):
        o_ref[...] = x_ref[...] * 2 + idx_ref[0]

    def gather_rows(idx, x):
        spec = pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            grid=(idx.shape[0],),
            in_specs=[pl.BlockSpec((1, 3), lambda i, idx_ref: (idx_ref[i], 0))],
            out_specs=pl.BlockSpec((1, 3), lambda i, idx_ref: (i, 0)),
        )
        out_shape = meshjit.ShapeDtypeStruct((idx.shape[0], 3), x.dtype)
        return pl.pallas_call(kernel, grid_spec=spec, out_shape=out_shape, interpret=True)(idx, x)

    x = np.arange(12.0, dtype=np.float32).reshape(4, 3)
    idx = np.array([3, 0, 2], np.int32)
    np.testing.assert_array_equal(meshjit.jit(gather_rows)(idx, x), x[idx] * 2 + 3)


def test_dynamic_slices_loops_aliases_and_several_outputs():
    def kernel(x_ref, a_ref, b_ref):
        i = pl.program_id(0)
        a_ref[pl.ds(i * 2, 2)] = x_ref[pl.ds(i * 2, 2)] * 10

        @pl.loop(0, 2)
        def _(k):
            a_ref[i * 2 + k] += 1

        b_ref[...] = jnp.full((1,), pl.num_programs(0), jnp.float32)

    shapes = [
        meshjit.ShapeDtypeStruct((8,), jnp.float32),
        meshjit.ShapeDtypeStruct((1,), jnp.float32),
    ]
    a, b = _call(kernel, shapes, grid=(4,))(jnp.arange(8.0))
    np.testing.assert_array_equal(a, np.arange(8.0) * 10 + 1)
    np.testing.assert_array_equal(b, [4.0])

    def set_first(x_ref, o_ref):
        o_ref[0] = 100.0

    out = _call(
        set_first, meshjit.ShapeDtypeStruct((3,), jnp.float32), input_output_aliases={0: 0}
    )(jnp.arange(3.0))
    np.testing.assert_array_equal(out, [100.0, 1.0, 2.0])


def test_run_scoped_and_debug_print(capsys):
    def kernel(x_ref, o_ref):
        pl.debug_print("pid {}", pl.program_id(0))

        def scoped(tmp):
            tmp[...] = x_ref[...] + 1
            o_ref[...] = tmp[...] * 2

        pl.run_scoped(scoped, pltpu.VMEM((2,), jnp.float32))

    spec = pl.BlockSpec((2,), lambda i: (i,))
    out = _call(
        kernel,
        meshjit.ShapeDtypeStruct((4,), jnp.float32),
        grid=(2,),
        in_specs=[spec],
        out_specs=spec,
    )(jnp.arange(4.0))
    np.testing.assert_array_equal(out, (np.arange(4.0) + 1) * 2)
    assert capsys.readouterr().out == "pid 0\npid 1\n"


def test_bad_specs_name_the_problem():
    out = meshjit.ShapeDtypeStruct((4,), jnp.float32)
    with pytest.raises(ValueError, match=r"must have the same number of dimensions"):
        _call(_add, out, in_specs=[pl.BlockSpec((2, 2), lambda: (0, 0))] * 2)(
            jnp.ones(4), jnp.ones(4)
        )
    with pytest.raises(ValueError, match="must return 1 values"):
        _call(_add, out, grid=(2,), in_specs=[pl.BlockSpec((2,), lambda i: (i, 0))] * 2)(
            jnp.ones(4), jnp.ones(4)
        )
    with pytest.raises(ValueError, match="outside the range"):
        _call(_add, out, input_output_aliases={5: 0})(jnp.ones(4), jnp.ones(4))


def test_forward_mode_differentiates_and_reverse_mode_refuses_as_jax():
    def kernel(x_ref, o_ref):
        o_ref[...] = jnp.sin(x_ref[...]) * 2

    def f(x):
        return _call(kernel, meshjit.ShapeDtypeStruct(x.shape, x.dtype))(x)

    primal, tangent = meshjit.jvp(f, (jnp.ones(3),), (jnp.ones(3),))
    np.testing.assert_allclose(primal, 2 * np.sin(np.ones(3)), rtol=1e-6)
    np.testing.assert_allclose(tangent, 2 * np.cos(np.ones(3)), rtol=1e-6)
    # JAX 0.10.2: "Linearization failed to produce known values for all output primals. This
    # is typically caused by ...": meshjit's interpreter loop is named as the pallas_call it
    # stands for, at the call's line, not as a while_loop.
    call_line = f"{__file__}:{f.__code__.co_firstlineno + 1}"
    for grad in (meshjit.grad, lambda g: meshjit.jit(meshjit.grad(g))):
        with pytest.raises(ValueError, match="^Linearization failed to produce known values") as e:
            grad(lambda x: f(x).sum())(jnp.ones(3))
        said = "\n".join([str(e.value), *getattr(e.value, "__notes__", ())])  # the cause: a note
        assert "'pallas_call'" in said and "while_loop" not in said
        assert "typically caused by attempting to differentiate" in str(e.value)
        assert f"at {call_line} ({f.__qualname__})" in "".join(
            traceback.format_exception_only(e.value)
        )


@pytest.mark.parametrize(
    "spec",
    [
        pl.BlockSpec((pl.BoundedSlice(8),), lambda i: (pl.ds(i * 8, 8),)),
        pl.BlockSpec((pl.Indirect(8),), lambda i: (i,)),
    ],
)
def test_gpu_only_block_dims_are_jax_errors_in_interpret_mode(spec):
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] * 2

    call = pl.pallas_call(
        kernel,
        grid=(2,),
        in_specs=[spec],
        out_specs=pl.BlockSpec((8,), lambda i: (i,)),
        out_shape=meshjit.ShapeDtypeStruct((16,), jnp.float32),
        interpret=True,
    )
    with pytest.raises(ValueError, match="Unsupported block dim type"):
        call(np.arange(16.0, dtype=np.float32))
