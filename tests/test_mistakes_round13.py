"""meshjit's answers to the user mistakes of the catalogue's round 13: JAX's error types and
words (tests/support/mistakes_catalogue_round13.py runs them against JAX), and the behaviour
those fixes kept."""

import traceback

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P

_CONCRETE = "Abstract tracer value encountered where concrete value is expected: traced array"
_MESH = meshjit.make_mesh((2,), ("x",), axis_types=(AxisType.Auto,))


def _smap(f, in_specs, out_specs):
    return meshjit.shard_map(f, mesh=_MESH, in_specs=in_specs, out_specs=out_specs)


def _conv(padding, **kw):
    return lax.conv_general_dilated(jnp.ones((1, 2, 5, 5)), jnp.ones((3, 2, 3, 3)), (1, 1),
                                    padding, **kw)  # fmt: skip


@pytest.mark.parametrize(
    "call, error, words",
    [
        # traced values where a concrete one is needed: JAX's ConcretizationTypeError words
        (lambda: meshjit.jit(jnp.unique_values)(jnp.arange(4)), meshjit.errors.ConcretizationTypeError,
         f"{_CONCRETE} with shape int32[4]\nThe error arose for the first argument of jnp.unique()"),
        (lambda: meshjit.jit(lambda x, n: jnp.unique(x, size=n))(jnp.arange(4), 3),
         meshjit.errors.ConcretizationTypeError, "The error arose for the size argument of"),
        (lambda: meshjit.jit(jnp.nonzero)(jnp.arange(3)), meshjit.errors.ConcretizationTypeError,
         f"{_CONCRETE} with shape int32[]\nThe size argument of jnp.nonzero must be statically"),
        (lambda: meshjit.jit(jnp.setxor1d)(jnp.arange(3), jnp.arange(2)),
         meshjit.errors.ConcretizationTypeError, f"{_CONCRETE} with shape int32[3]"),
        (lambda: meshjit.jit(jnp.union1d)(jnp.arange(3), jnp.arange(2)),
         meshjit.errors.ConcretizationTypeError,
         f"{_CONCRETE} with shape int32[3]\nThe error arose in union1d()"),
        (lambda: lax.clamp(jnp.zeros(2), jnp.ones(3), jnp.ones(3)), TypeError,
         "clamp requires min.shape == operand.shape or min.shape == ()"),
        (lambda: meshjit.jit(jnp.bincount)(jnp.arange(3)), meshjit.errors.ConcretizationTypeError,
         "The error occurred because of argument 'x' of jnp.bincount."),
        (lambda: meshjit.jit(lambda b: jnp.histogram(jnp.ones(3), bins=b))(3),
         meshjit.errors.ConcretizationTypeError, "bins argument of histogram_bin_edges"),
        (lambda: lax.fori_loop(0, 3, lambda i, c: c + jnp.arange(i).sum(), 0),
         meshjit.errors.ConcretizationTypeError,
         f"{_CONCRETE} with shape int32[]\nIt arose in the jnp.arange argument 'stop'"),
        (lambda: meshjit.jit(lambda n: jnp.diag_indices(n))(3),
         meshjit.errors.ConcretizationTypeError, "'n' argument of jnp.diag_indices()"),
        (lambda: meshjit.jit(lambda n: jnp.tril_indices(n))(3),
         meshjit.errors.ConcretizationTypeError, "n argument of jnp.triu_indices"),
        (lambda: meshjit.jit(lambda k, n: random.orthogonal(k, n))(random.key(0), 3),
         meshjit.errors.ConcretizationTypeError, "The error occurred in jax.random.orthogonal()"),
        (lambda: meshjit.jit(lambda p, m: jnp.polyint(p, m=m))(jnp.ones(3), 2), ValueError,
         "Non-hashable static arguments are not supported"),
        (lambda: meshjit.jit(lambda n: jnp.mask_indices(n, jnp.triu))(3), TypeError,
         "Shapes must be 1D sequences of concrete values of integer type"),
        # index helpers, sizes and kinds
        (lambda: jnp.unique(jnp.arange(4), size=2.5), TypeError,
         "'float' object cannot be interpreted as an integer"),
        (lambda: jnp.diag_indices(-1), ValueError,
         "n argument to diag_indices must be nonnegative, got -1"),
        (lambda: jnp.diag_indices_from(jnp.ones(3)), ValueError, "input array must be at least 2-d"),
        (lambda: jnp.diag_indices_from(jnp.ones((2, 3))), ValueError,
         "All dimensions of input must be of equal length"),
        (lambda: jnp.triu_indices_from(jnp.ones((2, 2, 2))), ValueError,
         "Only 2-D inputs are accepted"),
        (lambda: jnp.isdtype(jnp.float32, "real"), ValueError, "Unrecognized kind='real' expected"),
        (lambda: jnp.isdtype(jnp.float32, 3), TypeError,
         "Expected kind to be a dtype, string, or tuple; got kind=3"),
        (lambda: jnp.fliplr(jnp.ones(3)), ValueError,
         "axis 1 is out of bounds for array of dimension 1"),
        (lambda: jnp.flipud(jnp.float32(1.0)), ValueError,
         "axis 0 is out of bounds for array of dimension 0"),
        (lambda: jnp.select([], []), ValueError, "condlist must be non-empty"),
        (lambda: jnp.digitize(jnp.ones(3), jnp.ones((2, 2))), ValueError,
         "digitize: bins must be a 1-dimensional array; got bins="),
        (lambda: jnp.histogram(jnp.arange(4.0), bins=3, weights=jnp.ones(3)), ValueError,
         "weights should have the same shape as a."),
        (lambda: jnp.histogram2d(jnp.ones(4), jnp.ones(3)), TypeError,
         "Cannot concatenate arrays with shapes that differ in dimensions other than the one"),
        (lambda: jnp.piecewise(jnp.ones(3), [jnp.ones(4, bool)], [1.0]), ValueError,
         "Incompatible shapes for broadcasting: shapes=[(4,), (3,)]"),
        (lambda: jnp.diagflat(jnp.ones(3), k=0.5), TypeError,
         "Shapes must be 1D sequences of concrete values of integer type, got (12.25,)."),
        (lambda: jnp.tensordot(jnp.ones((2, 3)), jnp.ones((3, 2)), axes=([1], [0, 1])), TypeError,
         "tensordot requires axes lists to have equal length, got [1] and [0, 1]."),
        # axes out of range where JAX indexes a shape: its IndexError
        (lambda: jnp.unwrap(jnp.ones(3), axis=1), IndexError, "tuple index out of range"),
        (lambda: jnp.nanargmax(jnp.ones((2, 3)), axis=-3), IndexError, "tuple index out of range"),
        (lambda: meshjit.nn.glu(jnp.ones(4), axis=1), IndexError, "tuple index out of range"),
        (lambda: lax.approx_min_k(jnp.ones(3), 1, reduction_dimension=1), IndexError,
         "list index out of range"),
        # strings given to jnp functions
        (lambda: jnp.ediff1d("abc"), TypeError,
         "as an abstract array. The problematic value is of type <class 'str'> and was passed to "
         "the function at path ary"),
        (lambda: jnp.isin(jnp.arange(3), "abc"), TypeError,
         "asarray: expected ArrayLike, got abc of type <class 'str'>."),
        (lambda: jnp.unique_values("abc"), TypeError, "asarray: expected ArrayLike, got abc"),
        # lax: dtypes, shapes, dimension numbers, convolutions
        (lambda: lax.reciprocal(jnp.ones(3, jnp.int32)), TypeError,
         "Integers cannot be raised to negative powers, got integer_pow(int32[3], -1)"),
        (lambda: lax.mulhi(jnp.ones(3), jnp.ones(3)), TypeError,
         "mulhi does not accept dtype float32 at position 0. Accepted dtypes at position 0 are "
         "subtypes of integer."),
        (lambda: jnp.fmod(jnp.ones(3, jnp.complex64), 2.0), TypeError,
         "Accepted dtypes at position 0 are subtypes of integer, floating"),
        (lambda: lax.igammac(jnp.ones(3), jnp.ones(4)), TypeError,
         "igammac got incompatible shapes for broadcasting: (3,), (4,)."),
        (lambda: jnp.logaddexp2(jnp.ones(3), jnp.ones(4)), TypeError,
         "max got incompatible shapes for broadcasting: (3,), (4,)."),
        (lambda: lax.scatter_max(jnp.ones(4), jnp.zeros((1, 1), jnp.int32), jnp.ones(1),
                                 lax.ScatterDimensionNumbers((0,), (), (0,))), TypeError,
         "Updates tensor must be of rank 2; got 1."),
        (lambda: lax.conv_general_dilated_local(jnp.ones((1, 2, 5, 5)), jnp.ones((3, 2)), (1, 1),
                                                "SAME", (3, 3)), TypeError,
         "dot_general requires rhs dimension numbers to be nonnegative and less than the number "
         "of axes of the rhs value, got rhs_batch of (2, 3)"),
        (lambda: lax.conv_transpose(jnp.ones((1, 5, 5, 2)), jnp.ones((3, 3, 2, 4)), (1,), "SAME"),
         TypeError, "Wrong number of explicit pads for convolution: expected 2, got 1."),
        (lambda: _conv("SAME", lhs_dilation=(0, 1)), ValueError,
         "String padding is not implemented for transposed convolution using this op."),
        (lambda: lax.custom_root(lambda x: x - 1.0, jnp.ones(3), 3, lambda g, y: y), TypeError,
         "the first argument must be callable"),
        # random, collectives, shard_map, checkpoint
        (lambda: random.lognormal(random.key(0), shape=(-1,)), TypeError,
         "Only non-negative indices are allowed when broadcasting static shapes, but got shape "
         "(-1,)."),
        (lambda: random.generalized_normal(random.key(0), jnp.ones(3), shape=(2,)), ValueError,
         "Incompatible shapes for broadcasting: shapes=[(2,), (3,)]"),
        (lambda: _smap(lambda x: lax.pshuffle(x, "x", [0, 0]), P("x"), P("x"))(jnp.arange(4.0)),
         ValueError, "`perm` does not represent a permutation: [0, 0]"),
        (lambda: _smap(lambda x: x, P("x", None), P("x"))(jnp.arange(4.0)), ValueError,
         "shard_map applied to the function '<lambda>' was given an in_specs entry which is too "
         "long"),
        (lambda: meshjit.device_put(jnp.ones(4), NamedSharding(_MESH, P("x"))).addressable_data(5),
         IndexError, "list index out of range"),
        (lambda: meshjit.jit(lambda x: lax.with_sharding_constraint(
            x, NamedSharding(_MESH, P("x", None))))(jnp.ones(4)), ValueError,
         "One of with_sharding_constraint arguments is incompatible with its sharding annotation"),
        (lambda: meshjit.grad(meshjit.checkpoint(jnp.sin, policy="dots_saveable"))(1.0),
         TypeError, "'str' object is not callable"),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


def test_an_addressable_data_index_out_of_range_ends_on_the_users_line():
    x = meshjit.device_put(jnp.ones(4), NamedSharding(_MESH, P("x")))
    with pytest.raises(IndexError) as e:
        x.addressable_data(2)
    assert traceback.extract_tb(e.value.__traceback__)[-1].filename == __file__


def test_what_the_fixes_keep_working():
    np.testing.assert_array_equal(jnp.mask_indices(3, jnp.triu)[1], [0, 1, 2, 1, 2, 2])
    np.testing.assert_array_equal(jnp.mask_indices(3, jnp.tril, size=2)[0], [0, 1])
    np.testing.assert_array_equal(jnp.diag_indices_from(jnp.ones((2, 2, 2)))[2], [0, 1])
    np.testing.assert_array_equal(jnp.tril_indices_from(jnp.ones((2, 3)))[1], [0, 0, 1])
    assert jnp.isdtype(jnp.float32, ("integral", jnp.float32))
    assert not jnp.isdtype(jnp.int8, "real floating")
    np.testing.assert_array_equal(jnp.piecewise(jnp.arange(3.0), [jnp.arange(3) > 0], [1, 2]),
                                  [2.0, 1.0, 1.0])  # fmt: skip
    np.testing.assert_array_equal(jnp.diagflat(jnp.ones(2), k=1), np.diagflat(np.ones(2), k=1))
    np.testing.assert_allclose(jnp.polyint(jnp.ones(3), m=2), np.polyint(np.ones(3), m=2))
    hist, xe, _ = jnp.histogram2d(jnp.arange(4.0), jnp.arange(4.0), bins=2)
    np.testing.assert_array_equal(hist, [[2, 0], [0, 2]])
    assert jnp.unique(jnp.arange(4), size=np.int64(2)).shape == (2,)
    np.testing.assert_allclose(lax.reciprocal(jnp.float32(4.0)), 0.25)
    assert lax.mulhi(jnp.uint32(2**31), jnp.uint32(4)) == 2
    out = lax.conv_general_dilated(jnp.ones((1, 2, 5, 5)), jnp.ones((3, 2, 3, 3)), (1, 1),
                                   [(1, 1), (1, 1)], lhs_dilation=(2, 1))  # fmt: skip
    assert out.shape == (1, 3, 9, 5)
    np.testing.assert_allclose(
        jnp.logaddexp(jnp.zeros((2, 3)), jnp.zeros(3)), np.full((2, 3), np.log(2))
    )
    with pytest.raises(ValueError, match="gamma parameter shapes must be broadcast-compatible"):
        random.generalized_normal(random.key(0), jnp.ones(3))  # as JAX: shape=() is checked
    assert random.generalized_normal(random.key(0), 2.0, shape=(2,)).shape == (2,)
