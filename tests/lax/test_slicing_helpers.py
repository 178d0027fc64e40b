"""lax helpers: top_k, dynamic index helpers, full_like, collapse, reduce."""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import meshjit
from meshjit import lax
from tests.support.shape_cases import SETTINGS, close, jit_numpy, shapes

# ---------------------------------------------------------------------------------------------
# lax: top_k, dynamic index helpers, full_like, collapse, reduce.


@SETTINGS
@given(seed=st.integers(0, 2**16), shape=shapes, data=st.data())
def test_top_k_matches_numpy(shape, data, seed):
    rng = np.random.RandomState(seed)
    x = rng.randint(-3, 3, shape).astype(np.float32)  # ties on purpose
    k = data.draw(st.integers(0, shape[-1]))
    values, indices = jit_numpy(lambda a: lax.top_k(a, k), x)
    order = np.argsort(-x, axis=-1, kind="stable")[..., :k]
    np.testing.assert_array_equal(indices, order)
    np.testing.assert_array_equal(values, np.take_along_axis(x, order, -1))
    assert indices.dtype == np.int32


def test_top_k_matches_jax_with_nan():
    jax = pytest.importorskip("jax")
    x = np.array([[3.0, np.nan, 3.0, 5.0, -1.0], [0.0, 0.0, 1.0, 1.0, 0.0]], np.float32)
    got = jit_numpy(lambda a: lax.top_k(a, 4), x)
    for g, e in zip(got, jax.lax.top_k(x, 4)):
        np.testing.assert_array_equal(g, np.asarray(e))


@pytest.mark.parametrize("axis", [0, 1, -2])
def test_top_k_along_an_axis_matches_jax(axis):
    jax = pytest.importorskip("jax")
    x = np.array([[3.0, np.nan, 3.0], [5.0, -1.0, 3.0], [0.0, 7.0, 1.0]], np.float32)
    got = jit_numpy(lambda a: lax.top_k(a, 2, axis=axis), x)
    for g, e in zip(got, jax.lax.top_k(x, 2, axis=axis)):
        np.testing.assert_array_equal(g, np.asarray(e))
    with pytest.raises(ValueError, match="axis 2 is out of bounds"):
        lax.top_k(x, 1, axis=2)


def test_dynamic_index_helpers():
    x = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    got = jit_numpy(lambda a, i: lax.dynamic_index_in_dim(a, i, 1, keepdims=False), x, np.int32(2))
    close(got, x[:, 2])
    close(jit_numpy(lambda a, i: lax.dynamic_index_in_dim(a, i, 2), x, np.int32(1)), x[:, :, 1:2])
    upd = -np.ones((2, 4), np.float32)
    expected = x.copy()
    expected[:, 1] = upd
    close(
        jit_numpy(lambda a, u, i: lax.dynamic_update_index_in_dim(a, u, i, 1), x, upd, np.int32(1)),
        expected,
    )
    close(
        jit_numpy(lambda a, u: lax.dynamic_update_index_in_dim(a, u[:, None], 1, 1), x, upd),
        expected,
    )
    expected = x.copy()
    expected[:, :, 2:4] = 0
    got = jit_numpy(
        lambda a: lax.dynamic_update_slice_in_dim(a, np.zeros((2, 3, 2), np.float32), 2, 2), x
    )
    close(got, expected)


def test_full_like_collapse_reduce():
    x = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    out = jit_numpy(lambda a: lax.full_like(a, 3), x)
    assert out.dtype == np.int32 and (out == 3).all() and out.shape == x.shape
    out = jit_numpy(lambda a: lax.full_like(a, 2.5, np.float32, (5,)), x)
    close(out, np.full((5,), 2.5, np.float32))
    assert not hasattr(lax, "zeros_like_array")  # JAX 0.10.2 has none (jax.lax's public names)
    assert jit_numpy(lambda a: lax.collapse(a, 1), x).shape == (2, 12)
    assert jit_numpy(lambda a: lax.collapse(a, 0, 2), x).shape == (6, 4)
    assert jit_numpy(lambda a: lax.collapse(a, -2, 3), x).shape == (2, 12)
    np.testing.assert_array_equal(
        jit_numpy(lambda a: lax.reduce(a, 0, lax.add, (0, 2)), x), x.sum((0, 2))
    )
    np.testing.assert_array_equal(
        jit_numpy(lambda a: lax.reduce(a, 10, lax.add, (1,)), x), x.sum(1) + 10
    )
    np.testing.assert_array_equal(
        jit_numpy(lambda a: lax.reduce(a, np.int32(-(2**31)), lax.max, (2,)), x), x.max(2)
    )
    np.testing.assert_array_equal(
        jit_numpy(lambda a: lax.reduce(a, 5, lax.min, (0,)), x), np.minimum(x.min(0), 5)
    )
    f = np.float32(x) / 10
    mul_add = lambda acc, v: (lax.mul(acc[0], v[0]), lax.add(acc[1], v[1]))  # noqa: E731
    got = jit_numpy(lambda a: lax.reduce((a, a), (1.0, 0.0), mul_add, (1, 2)), f)
    close(got[0], f.prod((1, 2)))
    close(got[1], f.sum((1, 2)))


def _sequential_reduce(fn, x, init):
    """`fn` folded left to right over the last axis of `x`, as XLA's CPU reduce runs it."""
    acc = np.full(x.shape[:-1], init, x.dtype)
    for i in range(x.shape[-1]):
        acc = fn(acc, x[..., i])
    return acc


def test_reduce_with_a_computation_that_is_no_monoid():
    x = np.arange(1, 25, dtype=np.float32).reshape(2, 3, 4) / 8
    decay = lambda acc, v: acc * 0.5 + v  # noqa: E731
    close(jit_numpy(lambda a: lax.reduce(a, 0.0, decay, (2,)), x), _sequential_reduce(decay, x, 0))
    close(lax.reduce(x, 1.0, decay, (2,)), _sequential_reduce(decay, x, 1))  # eager
    batched = meshjit.vmap(lambda r: lax.reduce(r, 0.0, decay, (1,)))(x)
    close(batched, _sequential_reduce(decay, x, 0))
    # A pytree of operands: the running max and the index where it was found.
    i = np.broadcast_to(np.arange(4, dtype=np.int32), x.shape)
    pick = lambda a, b: jax_where(a[0] >= b[0], a, b)  # noqa: E731
    best, at = meshjit.jit(lambda v, i: lax.reduce((v, i), (-np.inf, 0), pick, (2,)))(-x, i)
    close(best, (-x).max(2))
    np.testing.assert_array_equal(at, np.zeros((2, 3)))


@pytest.mark.parametrize("n", [1, 2, 5, 7])
def test_reduce_with_a_computation_differentiates_by_halving_as_jax(n):
    x = np.linspace(-1.5, 2.0, 3 * n, dtype=np.float32).reshape(3, n)
    prod = lambda a: lax.reduce(a, 1.0, lambda u, v: u * v, (1,)).sum()  # noqa: E731
    want = np.array([[np.prod(np.delete(row, j)) for j in range(n)] for row in x])
    close(meshjit.grad(prod)(x), want)
    close(meshjit.jit(meshjit.grad(prod))(x), want)
    minmax = lambda a: lax.reduce(  # noqa: E731
        (a, a), (np.inf, -np.inf), lambda u, v: (lax.min(u[0], v[0]), lax.max(u[1], v[1])), (0, 1)
    )
    (lo, hi), (dlo, dhi) = meshjit.jvp(
        minmax, (x,), (np.arange(3 * n, dtype=np.float32).reshape(3, n),)
    )
    assert (float(lo), float(hi)) == (x.min(), x.max())
    assert (float(dlo), float(dhi)) == (x.argmin(), x.argmax())


def test_reduce_refuses_init_tangents_and_batched_inits_as_jax():
    x = np.ones(3, np.float32)
    mul = lambda u, v: u * v  # noqa: E731
    with pytest.raises(NotImplementedError, match="non-zero tangents for initial values"):
        meshjit.jvp(lambda i: lax.reduce(x, i, mul, (0,)), (1.0,), (1.0,))
    with pytest.raises(NotImplementedError, match="batched init values"):
        meshjit.vmap(lambda i: lax.reduce(x, i, mul, (0,)))(x)


def jax_where(c, a, b):
    return tuple(lax.select(c, u, v) for u, v in zip(a, b))


def test_reduce_jaxpr_shows_the_traced_body():
    jaxpr = meshjit.make_jaxpr(lambda a: lax.reduce(a, 0.0, lambda c, v: c * 0.5 + v, (1,)))(
        np.ones((2, 3), np.float32)
    )
    text = str(jaxpr)
    assert "reduce[" in text and "dimensions=(1,)" in text
    assert "mul c 0.5:f32[]" in text and "add e d" in text
    # The Python computation is shown with its address masked, as JAX prints it.
    assert re.search(r"computation=<function .*<lambda> at 0xX+>", text)


def test_reduce_refuses_mismatched_trees():
    with pytest.raises(ValueError, match="same tree structure"):
        lax.reduce((np.ones(3), np.ones(3)), 0.0, lax.add, (0,))


def test_reduce_init_values_of_another_type_are_jaxs_type_error():
    """As JAX's general reduce (a computation of its own, or a monoid's init that is not its
    identity): an init of another type than its operand is a TypeError (a float32 -inf init of
    float64 values, x64 on: fuzz seed 400221); a monoid's identity of another type passes."""
    x = np.arange(4.0, dtype=np.float32)
    pick = lambda a, b: (lax.max(a[0], b[0]), lax.max(a[1], b[1]))  # noqa: E731
    msg = "reduce operand dtypes should match corresponding initial value dtypes"
    with pytest.raises(TypeError, match=msg):
        lax.reduce(x, np.float16(1), lax.add, (0,))
    with meshjit.enable_x64(True):
        with pytest.raises(TypeError, match=msg):
            meshjit.jit(lambda v: lax.reduce((v, v), (np.float32(-np.inf), 0.0), pick, (0,)))(
                x.astype(np.float64))
        assert lax.reduce(x.astype(np.float64), np.float32(0), lax.add, (0,)) == 6
    assert lax.reduce((x, x), (-np.inf, 0.0), pick, (0,))[1] == 3


def test_full_and_full_like_lay_out_by_sharding():
    import meshjit
    from meshjit.sharding import NamedSharding
    from meshjit.sharding import PartitionSpec as P

    mesh = meshjit.make_mesh((4, 2), ("x", "y"))
    s = NamedSharding(mesh, P("x", "y"))
    for out in (
        lax.full((8, 2), 1.5, sharding=s),
        lax.full_like(np.ones((8, 2), np.float32), 1.5, sharding=s),
        meshjit.jit(lambda: lax.full((8, 2), 1.5, np.float32, sharding=s))(),
    ):
        assert out.sharding == s
        np.testing.assert_array_equal(np.asarray(out), np.full((8, 2), 1.5, np.float32))


def test_slice_in_dim_takes_none_and_negative_indices_as_jax():
    """The round 13 fuzzer: lax.slice_in_dim(x, 1, None, stride=2) raised a TypeError."""
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    np.testing.assert_array_equal(lax.slice_in_dim(x, 1, None, stride=2, axis=2), x[:, :, 1::2])
    np.testing.assert_array_equal(lax.slice_in_dim(x, -2, -1, axis=1), x[:, -2:-1])
    np.testing.assert_array_equal(lax.slice_in_dim(x, None, 1), x[:1])


def test_collapse_takes_its_range_as_a_python_slice_as_jax():
    """The round 13 fuzzer under vmap: collapse(row, 0, 2) of a vector is the vector in JAX (the
    range is clipped as a slice); meshjit refused it. A reversed range is JAX's ValueError."""
    np.testing.assert_array_equal(lax.collapse(np.arange(3.0), 0, 2), np.arange(3.0))
    x = np.arange(24.0).reshape(2, 3, 4)
    np.testing.assert_array_equal(meshjit.vmap(lambda r: lax.collapse(r, 0, 2))(x), x.reshape(2, 12))
    assert lax.collapse(x, -2, -1).shape == (2, 3, 4)
    with pytest.raises(ValueError, match="Invalid dimension range passed to collapse"):
        lax.collapse(x, 2, 1)


def test_split_is_one_primitive_transposed_by_concatenate():
    """As JAX 0.10: lax.split (and jnp.split / array_split, NumPy integer sizes) is one `split`
    equation; its gradient concatenates the pieces' cotangents; vmap keeps it one split."""
    x = meshjit.numpy.arange(10.0)
    text = str(meshjit.make_jaxpr(lambda m: lax.split(m, (2, 2), axis=1))(np.ones((3, 4))))
    assert "b:f32[3,2] c:f32[3,2] = split[axis=1 sizes=(2, 2)] a" in text
    text = str(meshjit.make_jaxpr(lambda x: meshjit.numpy.split(x, [3]))(x))
    assert "split[axis=0 sizes=(np.int64(3), np.int64(7))]" in text
    grad = meshjit.grad(lambda x: sum(((i + 1) * p).sum() for i, p in enumerate(lax.split(x, (3, 7)))))
    np.testing.assert_array_equal(grad(x), [1.0] * 3 + [2.0] * 7)
    assert "concatenate[dimension=0]" in str(meshjit.make_jaxpr(grad)(x))
    outs = meshjit.vmap(lambda r: lax.split(r, (1, 2)))(np.arange(6.0).reshape(2, 3))
    np.testing.assert_array_equal(outs[1], [[1.0, 2.0], [4.0, 5.0]])
    with pytest.raises(ValueError, match="Sum of sizes 6 must be equal"):
        lax.split(x, (3, 3))


def test_split_pieces_have_python_int_dims_from_numpy_sizes():
    pieces = lax.split(np.ones((1, 1, 4), np.float32), np.array([2, 2]), axis=2)
    assert [type(d) for p in pieces for d in p.shape] == [int] * 6
