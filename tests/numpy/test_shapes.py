"""Shape ops (reshape, transpose, squeeze, concatenate, stack, split, ...) against NumPy."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from tests.support.numerics import (
    ALL,
    SETTINGS,
    assert_close,
    bool_,
    f32,
    i8,
    reference,
    u8,
    values,
)

# ---------------------------------------------------------------------------------------------
# Shapes.


@SETTINGS
@given(st.data(), st.sampled_from(ALL), hnp.array_shapes(min_dims=1, max_dims=4, max_side=3))
def test_shape_ops(data, dtype, shape):
    x = data.draw(values(dtype, shape))
    ndim = len(shape)
    perm = tuple(data.draw(st.permutations(range(ndim)), label="perm"))
    ax1, ax2 = data.draw(st.integers(-ndim, ndim - 1)), data.draw(st.integers(-ndim, ndim - 1))
    src = data.draw(st.integers(-ndim, ndim - 1), label="src")
    dst = data.draw(st.integers(-ndim, ndim - 1), label="dst")
    new_axis = data.draw(st.integers(-ndim - 1, ndim), label="new_axis")
    flat = x.size
    new_shape = data.draw(st.sampled_from([(flat,), (1, flat), (flat, 1, 1), (-1,), (1, -1)]))
    target = data.draw(st.sampled_from([(2,) + shape, (1, 3) + shape, shape]))

    def f(a):
        return {
            "reshape": jnp.reshape(a, new_shape),
            "method_reshape": a.reshape(new_shape),
            "transpose": jnp.transpose(a, perm),
            "T": a.T,
            "swapaxes": jnp.swapaxes(a, ax1, ax2),
            "moveaxis": jnp.moveaxis(a, src, dst),
            "expand_dims": jnp.expand_dims(a, new_axis),
            "squeeze": jnp.squeeze(jnp.expand_dims(a, new_axis)),
            "ravel": jnp.ravel(a),
            "broadcast_to": jnp.broadcast_to(a, target),
        }

    out = meshjit.jit(f)(x)
    expected = {
        "reshape": np.reshape(x, new_shape),
        "method_reshape": x.reshape(new_shape),
        "transpose": np.transpose(x, perm),
        "T": x.T,
        "swapaxes": np.swapaxes(x, ax1, ax2),
        "moveaxis": np.moveaxis(x, src, dst),
        "expand_dims": np.expand_dims(x, new_axis),
        "squeeze": np.squeeze(np.expand_dims(x, new_axis)),
        "ravel": np.ravel(x),
        "broadcast_to": np.broadcast_to(x, target),
    }
    for name, ref in expected.items():
        assert_close(out[name], ref, dtype), name


def test_squeeze_axes_and_multiple_moveaxis():
    x = np.arange(12, dtype=f32).reshape(1, 3, 1, 4)
    out = meshjit.jit(
        lambda a: (jnp.squeeze(a, 0), jnp.squeeze(a, (0, 2)), jnp.moveaxis(a, (0, 1), (3, 0)))
    )(x)
    np.testing.assert_array_equal(np.asarray(out[0]), np.squeeze(x, 0))
    np.testing.assert_array_equal(np.asarray(out[1]), np.squeeze(x, (0, 2)))
    np.testing.assert_array_equal(np.asarray(out[2]), np.moveaxis(x, (0, 1), (3, 0)))


@SETTINGS
@given(st.data(), st.sampled_from(ALL), hnp.array_shapes(min_dims=1, max_dims=3, max_side=3))
def test_concatenate_stack_split(data, dtype, shape):
    ndim = len(shape)
    axis = data.draw(st.integers(-ndim, ndim - 1), label="axis")
    sizes = data.draw(st.lists(st.integers(0, 3), min_size=1, max_size=3), label="sizes")
    parts = []
    for s in sizes:
        part_shape = list(shape)
        part_shape[axis] = s
        parts.append(data.draw(values(dtype, tuple(part_shape))))
    x = data.draw(values(dtype, shape))
    stack_axis = data.draw(st.integers(-ndim - 1, ndim), label="stack_axis")
    n_sections = data.draw(st.sampled_from([d for d in (1, 2, 3) if shape[axis] % d == 0]))
    indices = sorted(data.draw(st.lists(st.integers(0, shape[axis]), max_size=3)))

    out = meshjit.jit(
        lambda ps, a: {
            "concatenate": jnp.concatenate(ps, axis=axis),
            "lax_concatenate": lax.concatenate(ps, axis % ndim),
            "stack": jnp.stack([a, a + a if dtype != bool_ else a], axis=stack_axis),
            "split": jnp.split(a, n_sections, axis=axis),
            "split_indices": jnp.split(a, indices, axis=axis),
        }
    )(parts, x)
    assert_close(out["concatenate"], np.concatenate(parts, axis), dtype)
    assert_close(out["lax_concatenate"], np.concatenate(parts, axis), dtype)
    doubled = reference(np.add, x, x, dtype=dtype) if dtype != bool_ else x
    assert_close(out["stack"], np.stack([x, doubled], stack_axis), dtype)
    for got, ref in zip(out["split"], np.split(x, n_sections, axis)):
        assert_close(got, ref, dtype)
    assert len(out["split_indices"]) == len(indices) + 1
    for got, ref in zip(out["split_indices"], np.split(x, indices, axis)):
        assert_close(got, ref, dtype)


def test_concatenate_promotes_mixed_dtypes():
    out = meshjit.jit(lambda a, b: jnp.concatenate([a, b]))(np.ones(2, i8), np.ones(3, f32))
    assert out.dtype == f32 and out.shape == (5,)
    out = meshjit.jit(lambda a: jnp.concatenate([a, a], axis=None))(np.ones((2, 2), u8))
    assert out.shape == (8,) and out.dtype == u8


def test_reshape_and_ravel_in_fortran_order_as_numpy():
    x = np.arange(24).reshape(2, 3, 4)
    np.testing.assert_array_equal(jnp.reshape(x, (4, -1), order="F"), x.reshape((4, -1), order="F"))
    np.testing.assert_array_equal(jnp.ravel(x, order="F"), x.ravel(order="F"))
    np.testing.assert_array_equal(
        jnp.asarray(x).reshape(6, 4, order="F"), x.reshape(6, 4, order="F")
    )


@pytest.mark.parametrize("indices", [[1, 3], [3, 1], [-1], [0, 5]])
def test_split_indices_past_the_axis_or_decreasing_are_refused_as_jax(indices):
    """JAX 0.10.2 splits at the indices as given (sizes from their differences) and refuses a
    negative size with a ValueError, where NumPy clamps and wraps them (round 12's fuzzer: meshjit
    clamped, giving empty parts JAX does not give)."""
    x = np.arange(8, dtype=np.float32).reshape(2, 4)[:, :2]
    with pytest.raises(ValueError, match="Sizes passed to split must be nonnegative"):
        jnp.split(x, indices, axis=-1)
    with pytest.raises(ValueError, match="Sizes passed to split must be nonnegative"):
        meshjit.jit(lambda v: jnp.array_split(v, indices, axis=1))(x)


def test_split_at_in_range_indices_still_splits():
    x = np.arange(5, dtype=np.int32)
    parts = jnp.split(x, [1, 1, 5])
    assert [p.shape for p in parts] == [(1,), (0,), (4,), (0,)]
    np.testing.assert_array_equal(parts[2], [1, 2, 3, 4])


@pytest.mark.parametrize(("src", "dst"), [((0, 0), (0, 1)), ((0, -2), (1, 0))])
def test_moveaxis_of_a_repeated_axis_is_jaxs_transpose_error(src, dst):
    """JAX 0.10.2 checks no repeats: the permutation reaches lax.transpose, whose TypeError it
    raises (meshjit raised a ValueError; fuzzer round 17: jnp.fft.fftn(x, axes=(0, -1)) of a
    vector)."""
    with pytest.raises(TypeError, match="isn't a permutation of operand dimensions"):
        jnp.moveaxis(jnp.ones((3, 4)), src, dst)
    with pytest.raises(TypeError, match="isn't a permutation of operand dimensions"):
        jnp.fft.fftn(jnp.ones(4), axes=(0, -1))
    assert jnp.moveaxis(jnp.ones((3, 4)), (0, 1), (0, 0)).shape == (4, 3)  # as JAX's


def test_ravel_and_broadcast_to_take_out_sharding_as_jax():
    """JAX 0.10's jnp.ravel / x.ravel / x.flatten / jnp.broadcast_to take out_sharding= (a
    TypeError here before; fuzz entries out_sharding20_ravel / _broadcast_to)."""
    from meshjit.sharding import AxisType, NamedSharding, P

    mesh = meshjit.make_mesh((2,), ("a",), axis_types=(AxisType.Explicit,))
    x = np.arange(8.0, dtype=np.float32).reshape(4, 2)
    v = meshjit.device_put(x, NamedSharding(mesh, P("a")))

    def f(v):
        flat = jnp.ravel(v, out_sharding=NamedSharding(mesh, P()))
        wide = jnp.broadcast_to(v, (2, 4, 2), out_sharding=NamedSharding(mesh, P(None, "a")))
        return flat, v.flatten(out_sharding=NamedSharding(mesh, P("a"))), wide

    flat, flat_a, wide = meshjit.jit(f)(v)
    assert flat.sharding.spec == P(None) and flat_a.sharding.spec == P("a")
    assert wide.sharding.spec == P(None, "a", None)
    np.testing.assert_array_equal(flat, x.ravel())
    np.testing.assert_array_equal(wide, np.broadcast_to(x, (2, 4, 2)))


def test_reshape_to_a_traced_scalar_size_is_jaxs_type_error():
    # JAX takes a non-iterable shape as one size (a list, in its message); meshjit iterated it:
    # "iteration over a 0-d array".
    with pytest.raises(TypeError) as e:
        meshjit.jit(lambda x: x.reshape(x.sum()))(jnp.ones(2, jnp.int32))
    assert str(e.value).startswith(
        "Shapes must be 1D sequences of concrete values of integer type, got "
        "[JitTracer(int32[])].\nIf using `jit`, try using `static_argnums` or applying `jit` to "
        "smaller subfunctions.\nThe error occurred while tracing the function <lambda> at "
    )
    assert jnp.arange(4).reshape(np.int32(4)).shape == (4,)


def test_split_by_a_traced_count_names_the_argument_as_jax():
    with pytest.raises(TypeError) as e:
        meshjit.jit(lambda x: jnp.split(x, x[0]))(jnp.ones(2, jnp.int32))
    assert str(e.value).startswith(
        "Abstract tracer value encountered where concrete value is expected: traced array with "
        "shape int32[]\nin jax.numpy.split argument 1\nThe error occurred while tracing the "
        "function <lambda>"
    )
