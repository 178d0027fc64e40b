"""meshjit's answers to the user mistakes of the catalogue's round 15: JAX's error types and
words (tests/support/mistakes_catalogue_round15.py runs them against JAX), and the behaviour
those fixes kept."""

import traceback

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax

_X34 = np.arange(12, dtype=np.float32).reshape(3, 4)


def _generator(x):
    yield x


def _if_on_array(x):
    if x:
        return x
    return -x


@pytest.mark.parametrize(
    "call, error, words",
    [
        # an axis that is not an int: Python's words (operator.index's)
        (lambda: jnp.argmin(_X34, axis=(0, 1)), TypeError,
         "'tuple' object cannot be interpreted as an integer"),
        (lambda: jnp.cumsum(_X34, axis=(0, 1)), TypeError,
         "'tuple' object cannot be interpreted as an integer"),
        (lambda: jnp.concatenate((_X34, _X34), axis=(0,)), TypeError,
         "'tuple' object cannot be interpreted as an integer"),
        # mean / var / std / argmax read the axis' size first: an IndexError
        (lambda: jnp.mean(_X34, axis=2), IndexError, "tuple index out of range"),
        (lambda: jnp.std(_X34, axis=(0, 2)), IndexError, "tuple index out of range"),
        (lambda: jnp.argmax(_X34, axis=2), IndexError, "tuple index out of range"),
        # transformations of what is not a function
        (lambda: meshjit.jit("f"), TypeError, "Expected a callable value, got f"),
        (lambda: meshjit.grad(jnp.ones(2)), TypeError, "Expected a callable value, got [1. 1.]"),
        (lambda: meshjit.jit(_generator)(1.0), TypeError,
         "Expected a function, got a generator function"),
        # operands of different ranks that do not broadcast: jnp's broadcast_shapes speaks
        (lambda: jnp.ones((3, 4)) - jnp.ones(3), ValueError,
         "Incompatible shapes for broadcasting: shapes=[(3, 4), (3,)]"),
        (lambda: jnp.ones(3) * jnp.ones(4), TypeError,
         "mul got incompatible shapes for broadcasting: (3,), (4,)."),
        # the truth value of a traced array of several elements: NumPy's words
        (lambda: meshjit.jit(_if_on_array)(jnp.ones(3)), ValueError,
         "The truth value of an array with more than one element is ambiguous. Use a.any() or "
         "a.all()"),
        # index tricks
        (lambda: jnp.r_(1, 2), TypeError, "'RClass' object is not callable"),
        (lambda: jnp.mgrid(0, 3), TypeError, "'_Mgrid' object is not callable"),
        (lambda: jnp.ogrid[3], TypeError, "'int' object is not iterable"),
        (lambda: meshjit.jit(lambda n: jnp.mgrid[0:n])(3), meshjit.errors.ConcretizationTypeError,
         "slice stop of jnp.mgrid"),
        (lambda: jnp.indices((2, -1)), TypeError,
         "broadcast_in_dim shape must have every element be nonnegative, got (2, -1)."),
        (lambda: jnp.ravel_multi_index((jnp.array([0]), jnp.array([1])), (2, 2, 2)),
         AssertionError, "len(multi_index)=2 != len(dims)=3"),
        # jnp.reshape of a NumPy array is NumPy's reshape (its errors)
        (lambda: jnp.reshape(_X34, (-1, -1)), ValueError, "can only specify one unknown dimension"),
        (lambda: jnp.reshape(_X34, (4, 3), order="K"), ValueError,
         "order 'K' is not permitted for reshaping"),
        # a ufunc short of operands names JAX's parameters
        (lambda: jnp.maximum(jnp.ones(3)), TypeError,
         "maximum() missing 1 required positional argument: 'y'"),
        (lambda: jnp.logaddexp(jnp.ones(3)), TypeError,
         "logaddexp() missing 1 required positional argument: 'x2'"),
        # .at[]
        (lambda: jnp.zeros(3).at[0].set(1.0, inplace=True), TypeError,
         "_IndexUpdateRef.set() got an unexpected keyword argument 'inplace'"),
        (lambda: jnp.zeros(3).at[1].get(mode="raise"), ValueError, 'Unknown gather mode "raise"'),
        (lambda: jnp.zeros(3).at[0].multiply(None), ValueError,
         "None is not a valid value for jnp.array"),
        (lambda: jnp.take(jnp.ones(3), 1, mode="raise"), NotImplementedError,
         "The 'raise' mode to jnp.take is not supported"),
        # statistics
        (lambda: jnp.median(_X34, out=jnp.zeros(())), ValueError,
         "jax.numpy.quantile does not support overwrite_input=True or out != None"),
        (lambda: jnp.diff(jnp.float32(1)), ValueError,
         "diff requires input that is at least one dimensional"),
        (lambda: jnp.mean(None), TypeError,
         "mean requires ndarray or scalar arguments, got <class 'NoneType'> at position 0."),
        (lambda: jnp.ravel(_X34, order="Q"), ValueError,
         "Unexpected value for 'order' argument: Q."),
        # indexing with a list: JAX's hint for a list of index sequences
        (lambda: jnp.ones((3, 3))[[[0, 1], [2]]], TypeError,
         "not allowed; use `arr[tuple(seq)]` instead of `arr[seq]`"),
        (lambda: jnp.ones((3, 3))[[0, 1]], TypeError,
         "not allowed; use `arr[array(seq)]` instead of `arr[seq]`"),
        # a string operand of a ufunc object: jit's words, naming the function
        (lambda: jnp.add(jnp.ones(3), "1"), TypeError,
         "Error interpreting argument to <function add> as an abstract array. The problematic "
         "value is of type <class 'str'>"),
        (lambda: jnp.mean(_X34, axis=0, where=jnp.ones((4, 3), bool)), ValueError,
         "Incompatible types for broadcasting: input type=bool[4,3] and requested type=bool[3,4]"),
        # grad(f, 1.0): a value where argnums goes, refused when grad is made
        (lambda: meshjit.grad(lambda x: x * x, 1.0), TypeError, "'float' object is not iterable"),
        # a string in a list given to a jnp function: JAX's jit flattens the list, names the leaf
        (lambda: jnp.sin([1.0, [2.0, "b"]]), TypeError,
         "Error interpreting argument to <function sin> as an abstract array. The problematic "
         "value is of type <class 'str'> and was passed to the function at path x[1][1]."),
        # a float size in a lax shape: lax's words (jnp's creation functions keep theirs)
        (lambda: lax.broadcast_in_dim(jnp.ones(3), (2.0, 3), (1,)), TypeError,
         "broadcast_in_dim shape must have every element be an integer type, got (<class "
         "'float'>, <class 'int'>)."),
        (lambda: meshjit.vmap(lambda a: a, in_axes=None, axis_size=2.0)(jnp.ones(3)), TypeError,
         "broadcast_in_dim shape must have every element be an integer type"),
        (lambda: jnp.zeros((2.0, 3)), TypeError,
         "Shapes must be 1D sequences of concrete values of integer type, got (2.0, 3)."),
        # scanning over a Python scalar
        (lambda: lax.scan(lambda c, x: (c + x, x), 0.0, 1.0), ValueError,
         "scan got value with no leading axis to scan over: 1.0."),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


def test_index_tricks_errors_end_on_the_users_line():
    with pytest.raises(TypeError) as e:
        jnp.r_[jnp.ones((2, 2)), jnp.ones(2)]
    last = traceback.extract_tb(e.value.__traceback__)[-1]
    assert last.filename == __file__, last


def test_index_tricks_still_build_their_arrays():
    np.testing.assert_array_equal(jnp.r_[jnp.ones(2), 0, 0:2], np.r_[np.ones(2), 0, 0:2])
    np.testing.assert_array_equal(jnp.c_[jnp.ones(2), jnp.zeros(2)], np.c_[np.ones(2), np.zeros(2)])
    np.testing.assert_array_equal(jnp.mgrid[0:2, 0:3], np.mgrid[0:2, 0:3])
    np.testing.assert_allclose(jnp.mgrid[0:1:5j], np.mgrid[0:1:5j])
    for got, want in zip(jnp.ogrid[0:2, 0:3], np.ogrid[0:2, 0:3]):
        np.testing.assert_array_equal(got, want)


def test_reshape_of_a_numpy_array_is_numpys():
    got = jnp.reshape(_X34, (4, 3), order="c")  # NumPy takes a lower-case order
    assert isinstance(got, np.ndarray)
    np.testing.assert_array_equal(got, _X34.reshape(4, 3))
    np.testing.assert_array_equal(
        jnp.reshape(_X34, (2, -1), order="F"), _X34.reshape(2, 6, order="F")
    )
    np.testing.assert_array_equal(jnp.reshape(jnp.asarray(_X34), (6, 2)), _X34.reshape(6, 2))


def test_mean_with_an_integer_dtype_divides_in_it():
    # JAX's mean divides the integer sum by the integer count (lax.div truncates)
    got = jnp.mean(jnp.array([[1, 2], [4, 4]]), axis=1, dtype=jnp.int32)
    np.testing.assert_array_equal(got, np.array([1, 4], np.int32))
    assert got.dtype == np.int32
    np.testing.assert_allclose(jnp.mean(jnp.array([1, 2])), 1.5)


def test_the_truth_value_of_one_traced_element_is_still_a_tracer_error():
    with pytest.raises(meshjit.errors.TracerBoolConversionError):
        meshjit.jit(_if_on_array)(jnp.ones(()))


def test_unravel_index_takes_traced_sizes():
    got = meshjit.jit(lambda i, s: jnp.unravel_index(i, (s, 3)))(jnp.array([4, 5]), 2)
    np.testing.assert_array_equal(np.stack(got), np.stack(np.unravel_index([4, 5], (2, 3))))
    for shape in ((2, 3), [2, 3], np.array([2, 3]), jnp.array([2, 3])):  # sequences of sizes
        got = jnp.unravel_index(jnp.array([4, 5]), shape)
        np.testing.assert_array_equal(np.stack(got), np.stack(np.unravel_index([4, 5], (2, 3))))
    np.testing.assert_array_equal(jnp.unravel_index(2, 3), np.unravel_index(2, 3))  # one size


@pytest.mark.parametrize("spec", ["i1->i", "i_->i", "iβ->i", "i1", "...β,βk->...k"])
def test_einsum_labels_are_any_character(spec):
    # JAX's opt_einsum takes any character as a label (a Greek one beside an ellipsis too)
    x, y = np.arange(12.0).reshape(3, 4), np.arange(8.0).reshape(4, 2)
    args = (x, y) if "," in spec else (x,)
    letters = spec.replace("1", "b").replace("_", "c").replace("β", "d")
    np.testing.assert_allclose(jnp.einsum(spec, *args), np.einsum(letters, *args), rtol=1e-6)
