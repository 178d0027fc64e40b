"""Lists where jax.numpy takes arrays: JAX 0.10.2's routines refuse them with a TypeError naming
the function and the argument's position (its `check_arraylike`), and meshjit's refuse them the
same way (the round 12 fuzzer found these ran in meshjit). `shape` / `ndim` / `size` are NumPy's
in JAX and take lists."""

import re

import numpy as np
import pytest

import meshjit.numpy as jnp

L = [[1.0, 2.0], [3.0, 4.0]]
A = np.asarray(L, np.float32)
INTS = np.asarray([1, 2], np.int32)

# (call, JAX 0.10.2's message): each checked against JAX when these cases were written
REFUSED = {
    "delete_arr": (
        lambda: jnp.delete(L, 0),
        "delete requires ndarray or scalar arguments, got <class 'list'> at position 0.",
    ),
    "delete_obj": (
        lambda: jnp.delete(A, [0]),
        "delete requires ndarray or scalar arguments, got <class 'list'> at position 1.",
    ),
    "insert_obj": (lambda: jnp.insert(A, [0], 1.0), "insert requires .* at position 1."),
    "insert_values": (
        lambda: jnp.insert(A, 0, [1.0, 2.0], axis=0),
        "insert requires .* at position 2.",
    ),
    "bincount": (lambda: jnp.bincount([1, 2]), "bincount requires .* at position 0."),
    "compress": (lambda: jnp.compress([True, False], A, axis=0), "compress requires .* position 0"),
    "convolve": (lambda: jnp.convolve([1.0, 2.0], A[0]), "convolve requires .* position 0"),
    "correlate": (lambda: jnp.correlate(A[0], [1.0]), "correlate requires .* position 1"),
    "corrcoef": (lambda: jnp.corrcoef(L), "corrcoef requires"),
    "cov": (lambda: jnp.cov(L), "cov requires"),
    "digitize": (lambda: jnp.digitize(A, [1.0, 2.0]), "digitize requires .* position 1"),
    "packbits": (lambda: jnp.packbits([1, 0]), "packbits requires"),
    "piecewise": (lambda: jnp.piecewise(L, [A > 1], [1.0, 2.0]), "piecewise requires"),
    "ravel_multi_index": (
        lambda: jnp.ravel_multi_index(([0], [1]), (2, 2)),
        "ravel_multi_index requires",
    ),
    "unravel_index": (lambda: jnp.unravel_index([1], (2, 2)), "unravel_index requires"),
    "unstack": (lambda: jnp.unstack(L), "unstack requires"),
    "union1d": (lambda: jnp.union1d([1], INTS), "union1d requires .* position 0"),
    "intersect1d": (lambda: jnp.intersect1d(INTS, [1]), "intersect1d requires .* position 1"),
    "setdiff1d": (lambda: jnp.setdiff1d(A, [1.0]), "setdiff1d requires .* position 1"),
    "setxor1d": (lambda: jnp.setxor1d([1], INTS), "setxor1d requires"),
    "isin": (lambda: jnp.isin(A, [1.0, 2.0]), "isin requires .* position 1"),
    "quantile": (lambda: jnp.quantile(A, [0.5]), "quantile requires .* position 1"),
    "percentile": (lambda: jnp.percentile(A, [50.0]), "percentile requires .* position 1"),
    "nanquantile": (lambda: jnp.nanquantile(L, 0.5), "nanquantile requires .* position 0"),
    "cumsum": (lambda: jnp.cumsum(L), "cumsum requires"),
    "nancumsum": (lambda: jnp.nancumsum(L), "nancumsum requires"),
    "take": (lambda: jnp.take(A, [0]), "take requires .* position 1"),
    "take_along_axis": (
        lambda: jnp.take_along_axis(A, [[0]], axis=0),
        "take_along_axis requires .* position 1",
    ),
    "put": (lambda: jnp.put(A, [0], np.float32([1]), inplace=False), "put requires .* position 1"),
    "put_along_axis": (
        lambda: jnp.put_along_axis(A, np.array([[0]]), [[1.0]], axis=0, inplace=False),
        "put_along_axis requires .* position 2",
    ),
    "polyadd": (lambda: jnp.polyadd([1.0], A[0]), "polyadd requires"),
    "polyder": (lambda: jnp.polyder([1.0, 2.0]), "polyder requires"),
    "polymul": (lambda: jnp.polymul([1.0], A[0]), "polymul requires"),
    "polyfit": (lambda: jnp.polyfit([1.0, 2.0, 3.0], A[0].repeat(2)[:3], 1), "polyfit requires"),
    "roots": (lambda: jnp.roots([1.0, 2.0]), "roots requires"),
    "poly": (lambda: jnp.poly([1.0, 2.0]), "poly requires"),
    "lexsort": (lambda: jnp.lexsort([[1, 2]]), "lexsort requires"),
    "partition": (lambda: jnp.partition([3, 1, 2], 1), "partition requires"),
    "argpartition": (lambda: jnp.argpartition([3, 1, 2], 1), "partition requires"),
    "extract": (lambda: jnp.extract([True, False], A[0]), "extreact requires"),  # JAX's spelling
    "copy": (lambda: jnp.copy(L), "copy requires"),
    "i0": (lambda: jnp.i0(L), "i0 requires"),
    "bitwise_count": (lambda: jnp.bitwise_count([1]), "bitwise_count requires"),
    "apply_along_axis": (lambda: jnp.apply_along_axis(jnp.sum, 0, L), "apply_along_axis requires"),
    "ix_": (lambda: jnp.ix_([0, 1], [0]), "ix requires"),
    "histogram2d": (lambda: jnp.histogram2d([1.0, 2.0], A[0]), "histogram2d requires"),
    "gradient": (lambda: jnp.gradient([1.0, 2.0, 4.0]), "gradient"),  # JAX: "Cannot determine
    "geomspace": (lambda: jnp.geomspace(1.0, [2.0, 4.0], 3), "geomspace"),  # dtype of [...]"
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_lists_are_refused_as_jax_refuses_them(name):
    call, message = REFUSED[name]
    with pytest.raises(TypeError, match=message):
        call()


def test_shape_ndim_size_take_lists_as_numpy_with_jax_deprecation_warnings():
    with pytest.warns(DeprecationWarning) as caught:
        assert jnp.shape(L) == (2, 2) and jnp.ndim(L) == 2 and jnp.size(L) == 4
        assert jnp.size([[1, 2, 3]], axis=1) == 3 and jnp.shape((1.0, 2.0)) == (2,)
    assert [str(w.message).split()[0] for w in caught] == [
        "shape", "ndim", "size", "shape", "size", "shape", "shape",
    ]  # fmt: skip
    assert "got <class 'list'> at position 0" in str(caught[0].message)
    assert jnp.shape(A) == (2, 2) and jnp.ndim(3.0) == 0


def test_arrays_and_ints_still_run():
    np.testing.assert_array_equal(jnp.delete(A, np.array([0])), [2.0, 3.0, 4.0])
    np.testing.assert_array_equal(jnp.delete(A, 1, axis=0), [[1.0, 2.0]])
    np.testing.assert_array_equal(jnp.delete(A, slice(0, 1), axis=1), [[2.0], [4.0]])
    np.testing.assert_array_equal(jnp.insert(A[0], 1, 7.0), [1.0, 7.0, 2.0])
    np.testing.assert_array_equal(jnp.lexsort(np.array([[2, 1], [1, 1]])), [1, 0])


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: jnp.mean([1.0, 2.0]), "mean requires ndarray or scalar arguments"),
        (lambda: jnp.var([1.0, 2.0]), "var requires ndarray or scalar arguments"),
        (lambda: jnp.std([1.0, 2.0]), "std requires ndarray or scalar arguments"),
        (lambda: jnp.vdot([1.0], [1.0]), "vdot requires ndarray or scalar arguments"),
        (
            lambda: jnp.where(True, [1.0], 2.0),
            "where requires ndarray or scalar arguments, got <class 'list'> at position 1",
        ),
        (lambda: jnp.linalg.norm([1.0]), "jnp.linalg.norm requires ndarray or scalar arguments"),
    ],
)
def test_functions_jax_jits_refuse_a_list_in_jaxs_words(call, words):
    # JAX checks the arguments inside its jitted functions: a list is not traced as a pytree
    with pytest.raises(TypeError, match=re.escape(words)):
        call()


def test_the_message_is_jaxs_whole_sentence():
    # The sharp bits page prints it: `TypeError: sum requires ... at position 0.` and no more
    with pytest.raises(TypeError) as caught:
        jnp.sum([1, 2, 3])
    assert str(caught.value).splitlines()[0] == (
        "sum requires ndarray or scalar arguments, got <class 'list'> at position 0."
    )
