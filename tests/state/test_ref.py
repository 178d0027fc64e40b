"""Eager mutable array references (compiler/state/ref.py): reads, writes, printing, freeze,
and the writes JAX refuses, checked against NumPy."""

import re

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitTypeError


def test_reads_and_writes_follow_numpy():
    r = meshjit.new_ref(jnp.arange(6.0).reshape(2, 3))
    want = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(r[...], want)
    np.testing.assert_array_equal(r[1], want[1])
    np.testing.assert_array_equal(r[:, 1:3], want[:, 1:3])
    np.testing.assert_array_equal(r[-1, 2], want[-1, 2])
    np.testing.assert_array_equal(r[jnp.int32(1)], want[1])
    r[0] = jnp.ones(3)
    r[1, 1:] += 2.0
    want[0] = 1.0
    want[1, 1:] += 2.0
    np.testing.assert_array_equal(r[...], want)
    assert (r.shape, r.dtype, r.ndim, r.size, len(r)) == ((2, 3), np.float32, 2, 6, 2)


def test_dynamic_slices_read_and_write_as_numpy():
    """`ref[ds(i, n)]` with a traced start (Pallas kernels' reads and writes), eager and jitted."""

    def f(i):
        r = meshjit.new_ref(jnp.arange(12.0).reshape(3, 4))
        head = r[meshjit.ds(i, 2), 1]
        r[1, meshjit.ds(i, 2)] = jnp.array([-1.0, -2.0])
        meshjit.ref.addupdate(r, (meshjit.ds(i, 2), slice(None)), jnp.ones((2, 4)))
        old = meshjit.ref.swap(r, (2, meshjit.ds(i, 3)), jnp.zeros(3))
        return head, old, r[...], jnp.zeros_like(r)

    want = np.arange(12.0, dtype=np.float32).reshape(3, 4)
    head = want[1:3, 1].copy()
    want[1, 1:3] = [-1, -2]
    want[1:3] += 1
    old = want[2, 1:4].copy()
    want[2, 1:4] = 0
    for fn in (f, meshjit.jit(f)):
        got = fn(1)
        np.testing.assert_array_equal(got[0], head)
        np.testing.assert_array_equal(got[1], old)
        np.testing.assert_array_equal(got[2], want)
        assert got[3].shape == (3, 4) and got[3].dtype == np.float32


def test_views_of_a_traced_ref_read_and_write_through():
    """`ref.at[idx]` inside jit (JAX's TransformedRef): views of views, reads, writes and
    in-place adds land in the viewed part (values from JAX 0.10.2)."""

    @meshjit.jit
    def f(x):
        r = meshjit.new_ref(x)
        v = r.at[1]
        assert v.shape == (4,) and v.dtype == np.float32
        v[...] = jnp.zeros(4)
        w = r.at[0].at[1:3][...]
        r.at[:, 1][...] += 5
        return r[...], w

    got, w = f(jnp.arange(8.0).reshape(2, 4))
    np.testing.assert_array_equal(got, [[0.0, 6.0, 2.0, 3.0], [0.0, 5.0, 0.0, 0.0]])
    np.testing.assert_array_equal(w, [1.0, 2.0])


def test_repr_and_type_as_jax():
    r = meshjit.new_ref(jnp.arange(3.0))
    assert repr(r) == str(r) == "Ref([0., 1., 2.], dtype=float32)"
    assert repr(meshjit.new_ref(1.0)) == "Ref(1., dtype=float32, weak_type=True)"
    assert repr(meshjit.new_ref(np.arange(3))) == "Ref([0, 1, 2], dtype=int32)"
    assert str(meshjit.typeof(r)) == "Ref{float32[3]}"
    assert isinstance(r, meshjit.Ref) and isinstance(r, meshjit.ref.Ref)


def test_freeze_and_free_ref():
    r = meshjit.new_ref(jnp.ones(2))
    np.testing.assert_array_equal(meshjit.freeze(r), np.ones(2))
    assert meshjit.free_ref(r) == ()


def test_explicit_get_set_swap_addupdate():
    r = meshjit.new_ref(jnp.zeros(3))
    meshjit.ref.set(r, 1, 5.0)
    old = meshjit.ref.swap(r, slice(0, 2), jnp.array([7.0, 8.0]))
    meshjit.ref.addupdate(r, (), jnp.ones(3))
    np.testing.assert_array_equal(old, [0.0, 5.0])
    np.testing.assert_array_equal(meshjit.ref.get(r), [8.0, 9.0, 1.0])


@pytest.mark.parametrize(
    "write, message",
    [
        (lambda r: r.__setitem__(..., jnp.ones(4)), "Invalid shape for `swap`. Ref shape: (3,)"),
        (lambda r: r.__setitem__(..., 1.0), "Expected shape: (3,). Value shape: ()"),
        (lambda r: r.__setitem__(0, 1), "Invalid dtype for `swap`. Ref dtype: float32. Value "),
        (lambda r: r[5], "Out of bound indexer: idx=5, dim=3."),
    ],
)
def test_bad_writes_rejected_as_jax(write, message):
    r = meshjit.new_ref(jnp.zeros(3))
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        write(r)
    np.testing.assert_array_equal(r[...], np.zeros(3))


def test_not_an_array():
    r = meshjit.new_ref(jnp.zeros(3))
    with pytest.raises(MeshjitTypeError, match="Ref{float32\\[3\\]} is not an array"):
        jnp.sin(r)
    with pytest.raises(TypeError, match="unsupported operand"):
        r + 1
    with pytest.raises(MeshjitTypeError, match="Error interpreting argument to new_ref"):
        meshjit.new_ref([1.0, 2.0])


def test_empty_ref_has_no_eager_value():
    with pytest.raises(MeshjitNotImplementedError, match="'empty_ref' not implemented"):
        meshjit.empty_ref(meshjit.ShapeDtypeStruct((2,), jnp.float32))


@pytest.mark.parametrize(
    "index",
    [
        None,  # as JAX: the whole value
        (),
        np.s_[1:3],
        np.s_[::2],
        np.s_[1, ::2],
        np.array([0, 2]),
        np.s_[np.array([[0], [2]]), 1],
        np.s_[np.array([0, 2]), :, np.array([1, 0])],  # apart: their axis goes in front
        np.s_[:, np.array([1, 0]), np.array([3, 2])],
    ],
    ids=str,
)
def test_indexing_follows_numpy(index):
    want = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4).repeat(2, 0)[:3]
    r = meshjit.new_ref(jnp.asarray(want))
    np_index = ... if index is None else index
    np.testing.assert_array_equal(r[index], want[np_index])
    np.testing.assert_array_equal(meshjit.jit(lambda: r[index])(), want[np_index])
    r[index] = jnp.zeros_like(r[index])
    want[np_index] = 0
    np.testing.assert_array_equal(r[...], want)
    meshjit.jit(lambda i: r.__setitem__(index, r[index] + 1.0))(0)
    want[np_index] += 1
    np.testing.assert_array_equal(r[...], want)


def test_traced_array_index():
    r = meshjit.new_ref(jnp.zeros(5))

    def f(i):
        r[i] += 1.0
        return r[i]

    np.testing.assert_array_equal(meshjit.jit(f)(jnp.array([0, 3])), [1.0, 1.0])
    np.testing.assert_array_equal(r[...], [1.0, 0.0, 0.0, 1.0, 0.0])


@pytest.mark.parametrize(
    "index, error, message",
    [
        (np.s_[::-1], ValueError, "slice must have a step >= 1 (found: -1)"),
        (np.array([True, False, True]), NotImplementedError, "not bool ones"),
        (jnp.array([True, False, True]), ValueError, "a ref index must be integers"),
    ],
    ids=str,
)
def test_bad_indices_rejected(index, error, message):
    r = meshjit.new_ref(jnp.zeros(3))
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        r[index]
    with pytest.raises(NotImplementedError, match="an eager ref has no `.at`"):
        r.at  # noqa: B018 (the attribute raises)


def test_a_ref_of_a_python_scalar_takes_a_whole_write():
    # Regression: the written Python float was kept as is, and the next read indexed it.
    r = meshjit.new_ref(1.0)
    r[...] = 2.0
    assert float(r[...]) == 2.0 and r[...].dtype == jnp.float32


def test_writes_cast_integers_and_weak_floats_to_the_ref_dtype_as_jax():
    r = meshjit.new_ref(jnp.zeros(2, jnp.int8))
    r[0] = jnp.int32(300)  # an integer takes the ref's integer dtype (wrapping, as JAX's)
    assert np.asarray(r[...]).tolist() == [44, 0]
    text = str(
        meshjit.make_jaxpr(lambda x: meshjit.new_ref(jnp.zeros(2, jnp.int8)).__setitem__(0, x))(
            jnp.int32(3)
        )
    )
    assert "convert_element_type[new_dtype=int8 weak_type=False] a" in text
    f16 = meshjit.new_ref(jnp.zeros(2, jnp.float16))
    with pytest.raises(ValueError, match="Invalid dtype for `swap`. Ref dtype: float16"):
        f16[0] = jnp.float32(2)  # a strong float is not cast

    @meshjit.jit
    def f(x):  # a weak value written is strong after: JAX's discharged result is strong
        r = meshjit.new_ref(0.0)
        r[...] += 1
        r[...] += x
        return r[...]

    out = f(2.0)
    assert float(out) == 3.0 and not out.weak_type


# JAX 0.10.2's words (jax/_src/state/indexing.py, NDIndexer) for a `ds` with a concrete start
# past its dimension, read or written, in a jit and eagerly; a start of 0 is not checked (a
# longer slice then fails as lax.slice would), and an in-range ds reads as NumPy.
_OUT_OF_BOUNDS = [
    (lambda: meshjit.ds(4, 8), "Out of bound slice: start=4, size=8, stride=1, dim=8."),
    (lambda: meshjit.ds(8, 1), "Out of bound slice: start=8, dim=8."),
    (lambda: meshjit.ds(2, 4, stride=2), "Out of bound slice: start=2, size=4, stride=2, dim=8."),
    (lambda: (Ellipsis, meshjit.ds(np.int32(2), 2)), "start=2, size=2, stride=1, dim=3."),
]


@pytest.mark.parametrize("index, words", _OUT_OF_BOUNDS)
def test_a_dslice_past_the_end_is_jaxs_error(index, words):
    shape = (2, 3) if words.endswith("dim=3.") else (8,)

    def read(x):
        return meshjit.new_ref(x)[index()]

    def write(x):
        r = meshjit.new_ref(x)
        r[index()] = 1.0
        return r[...]

    x = jnp.zeros(shape)
    for f in (read, write, meshjit.jit(read), meshjit.jit(write)):
        with pytest.raises(ValueError, match=re.escape(words)):
            f(x)
    r = meshjit.new_ref(jnp.arange(8.0))
    np.testing.assert_array_equal(r[meshjit.ds(4, 4)], np.arange(4.0, 8.0))
    np.testing.assert_array_equal(meshjit.jit(lambda i: r[meshjit.ds(i, 4)])(6), [4, 5, 6, 7])


def test_an_integer_index_past_the_dimension_clamps_under_jit_and_raises_eagerly_as_jax():
    """JAX 0.10.2: under jit a concrete integer index is a traced value, clamped as a dynamic
    index is; eagerly one at or past the dimension is a ValueError. Below -dim, JAX clamps
    both ways (it checks the upper bound only)."""

    def write(x):
        r = meshjit.new_ref(x)
        r[7] = 9.0
        r[-9] = 8.0
        return r[...], r[5], r[-5]

    out, past, below = meshjit.jit(write)(jnp.arange(4.0))
    np.testing.assert_array_equal(np.asarray(out), [8.0, 1.0, 2.0, 9.0])
    assert (float(past), float(below)) == (9.0, 8.0)
    with pytest.raises(ValueError, match=r"^Out of bound indexer: idx=7, dim=4\.\n"):
        write(jnp.arange(4.0))

    def read_below(x):
        r = meshjit.new_ref(x)
        return r[-1], r[-5]

    assert [float(v) for v in read_below(jnp.arange(4.0))] == [3.0, 0.0]
