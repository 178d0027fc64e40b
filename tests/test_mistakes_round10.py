"""meshjit's answers to the user mistakes of the catalogue's round 10: JAX's error types and
words (tests/support/mistakes_catalogue_round10.py runs them against JAX), and the behaviour
those fixes changed."""

import re
import traceback

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random
from meshjit.compiler.errors import ConcretizationTypeError
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P

x23 = np.ones((2, 3), np.float32)


def _dn_gather(start_index_map=(0,)):
    return lax.GatherDimensionNumbers(
        offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=start_index_map
    )


def _dn_scatter(update_window_dims=(1,), inserted=(0,), to_operand=(0,)):
    return lax.ScatterDimensionNumbers(
        update_window_dims=update_window_dims,
        inserted_window_dims=inserted,
        scatter_dims_to_operand_dims=to_operand,
    )


def _conv(lhs_spec):
    return lax.conv_general_dilated(
        jnp.ones((1, 2, 5, 5)),
        jnp.ones((3, 2, 3, 3)),
        (1, 1),
        "SAME",
        dimension_numbers=(lhs_spec, "OIHW", "NCHW"),
    )


def _defvjp_not_callable():
    f = meshjit.custom_vjp(lambda x: x)
    f.defvjp(3, 4)
    return meshjit.grad(f)(1.0)


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: jnp.cumulative_sum(x23), ValueError,
         "The input array has rank 2, however axis was not set to an explicit value."),
        (lambda: jnp.unstack(x23, axis=2), ValueError,
         "axis 2 is out of bounds for array of dimension 2"),
        (lambda: lax.conj(jnp.ones(3, jnp.int32)), TypeError,
         "conj does not accept dtype int32. Accepted dtypes are subtypes of float32"),
        (lambda: lax.reduce_precision(jnp.ones(3, jnp.int32), exponent_bits=5, mantissa_bits=2),
         TypeError, "reduce_precision does not accept dtype int32."),
        (lambda: lax.slice(x23, (0, 0), (1, 1), (1,)), TypeError,
         "slice strides must have length equal to the number of dimensions of the operand"),
        (lambda: lax.gather(x23, jnp.zeros((1, 1), jnp.int32), _dn_gather(), (2, 3)), TypeError,
         "Gather op can only collapse slice dims with bound 1, but bound is 2 for index 0"),
        (lambda: lax.gather(x23, jnp.zeros((1, 1), jnp.int32), _dn_gather((0, 1)), (1, 3)),
         TypeError, "Gather op has 2 elements in start_index_map and the bound of dimension "
         "index_vector_dim=1 of indices is 1."),
        (lambda: lax.scatter(x23, jnp.zeros((1, 1), jnp.int32), jnp.ones((1, 4)), _dn_scatter()),
         TypeError, "Bounds of the window dimensions of updates must not exceed the bounds"),
        (lambda: lax.scatter_add(x23, jnp.zeros((1, 1), jnp.int32), jnp.ones((1, 3), jnp.int32),
                                 _dn_scatter()),
         TypeError, "lax.scatter requires arguments to have the same dtypes"),
        (lambda: lax.scatter(x23, jnp.zeros((1, 2), jnp.int32), jnp.ones((1,)),
                             _dn_scatter((), (1, 0), (0, 1))),
         TypeError, "inserted_window_dims in scatter op must be sorted; got (1, 0)"),
        (lambda: lax.dot_general(jnp.ones((3, 3)), jnp.ones((3, 3)), (((0, 1), (0,)), ((), ()))),
         TypeError, "dot_general requires contracting dimensions to have the same shape, got "
         "(3, 3) and (3,)."),
        (lambda: lax.dot_general(jnp.ones((2, 3)), jnp.ones((2, 3)), (((1,), (1,)), ((0,), ()))),
         TypeError, "dot_general requires equal numbers of lhs_batch and rhs_batch dimensions"),
        (lambda: lax.conv_general_dilated(jnp.ones((1, 2, 5, 5)), jnp.ones((3, 2, 3, 3)),
                                          (0, 1), "VALID"),
         ValueError, "window_strides must be positive, got (0, 1)"),
        (lambda: _conv("NCHH"), TypeError,
         "convolution dimension_numbers[0] cannot have duplicate characters, got NCHH."),
        (lambda: lax.top_k(jnp.ones(5), 2.0), TypeError,
         "Shapes must be 1D sequences of concrete values of integer type, got [2.0]."),
        (lambda: lax.approx_max_k(jnp.ones(5), 6), ValueError,
         "k must be smaller than the size of reduction_dim 5, got 6"),
        (lambda: lax.split(jnp.ones(6), (7, -1)), ValueError,
         "Sizes passed to split must be nonnegative, got [7, -1]"),
        (lambda: lax.full((-1, 2), 0.0), TypeError,
         "broadcast_in_dim shape must have every element be nonnegative, got (-1, 2)."),
        (lambda: meshjit.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c, 0.0, unroll=2))(3),
         ValueError, "Can only use `unroll` in `fori_loop` if the loop bounds are statically"),
        (lambda: jnp.astype(jnp.ones(3), jnp.int32, device="gpu:0"), ValueError,
         "sharding='gpu:0' must be an instance of jax.sharding.Sharding"),
        (lambda: jnp.issubdtype("floot", jnp.floating), TypeError,
         "data type 'floot' not understood"),
        (lambda: jnp.linalg.solve(x23, jnp.ones(2)), ValueError,
         "inconsistent size for core dimension 'm': 3 vs 2 on vectorized function"),
        (lambda: meshjit.scipy.linalg.solve_triangular(jnp.eye(3), jnp.ones(2)), ValueError,
         "inconsistent size for core dimension 'n': 2 vs 3 on vectorized function"),
        (lambda: meshjit.jit(meshjit.scipy.special.bernoulli)(3), ConcretizationTypeError,
         "Abstract tracer value encountered where concrete value is expected"),
        (lambda: random.orthogonal(random.key(0), 2.5), TypeError,
         "'float' object cannot be interpreted as an integer"),
        (_defvjp_not_callable, TypeError, "the first argument must be callable"),
        (lambda: meshjit.checkpoint(jnp.sin, concrete=True), NotImplementedError,
         "The `concrete` option to `jax.checkpoint` was deprecated in JAX v0.8.2"),
        (lambda: meshjit.named_scope(jnp.sin), TypeError,
         "named_scope name argument must be a string"),
        (lambda: P("x", unreduced={"x"}), ValueError,
         "partitions cannot overlap with unreduced axes passed to PartitionSpec."),
        (lambda: P(None, unreduced={"x"}, reduced={"x"}), ValueError,
         "`unreduced` and `reduced` argument to PartitionSpec cannot overlap."),
        (lambda: P(None, unreduced="x"), TypeError,
         "unreduced argument of PartitionSpec should of type `frozenset` or `set`. Got type x"),
        (lambda: P((("x",),)), ValueError,
         "A tuple inside PartitionSpec cannot contain a nested tuple."),
        (lambda: meshjit.device_put(jnp.ones(2), donate=True, may_alias=True), ValueError,
         "may_alias and donate cannot be True at the same time."),
        (lambda: jnp.digitize(jnp.ones(3), jnp.ones((2, 2))), ValueError,
         "digitize: bins must be a 1-dimensional array"),
        (lambda: jnp.take(jnp.ones(3), 1, mode="raise"), NotImplementedError,
         "The 'raise' mode to jnp.take is not supported."),
        (lambda: jnp.tril_indices_from(jnp.ones(3)), ValueError, "Only 2-D inputs are accepted"),
        (lambda: jnp.rot90(jnp.ones(3)), ValueError,
         "rot90 requires its first argument to have ndim at least two"),
        (lambda: jnp.ravel(x23, order="A"), NotImplementedError,
         "np.reshape order=A is not implemented."),
        (lambda: jnp.vectorize(lambda a: a, signature="(n,m)->(n)")(jnp.ones(3)), ValueError,
         "input with shape (3,) does not have enough dimensions for all core dimensions"),
        (lambda: jnp.bitwise_count(jnp.ones(3)), TypeError,
         "population_count does not accept dtype float32."),
        (lambda: jnp.eye(3, k=0.5), ValueError, "k must be a scalar integer; got 0.5"),
        (lambda: jnp.fromfunction(lambda i: i, (2.5,)), TypeError,
         "Shapes must be 1D sequences of concrete values of integer type"),
        (lambda: jnp.tensordot(x23, x23, axes=[(0, 1), (0,)]), TypeError,
         "tensordot requires axes lists to have equal length, got (0, 1) and (0,)."),
        (lambda: jnp.matvec(x23, jnp.ones(2)), ValueError,
         "inconsistent size for core dimension 'm': 2 vs 3"),
        (lambda: jnp.vecmat(jnp.ones(3), x23), ValueError,
         "inconsistent size for core dimension 'n': 2 vs 3"),
        (lambda: lax.stop_gradient("a"), TypeError,
         "Argument 'a' of type <class 'str'> is not a valid JAX type"),
        (lambda: meshjit.local_devices(process_index=5), ValueError, "Unknown process_index 5"),
        (lambda: meshjit.closure_convert(3, 1.0), TypeError, "the first argument must be callable"),
        (lambda: meshjit.ShapeDtypeStruct((2,), jnp.float32, sharding="x"), ValueError,
         "sharding should be an instance of `jax.sharding.Sharding`"),
        (lambda: jnp.ones(3) + "1", TypeError,
         "unsupported operand type(s) for +: 'ArrayImpl' and 'str'"),
        (lambda: jnp.ones(3) * [1.0, 2.0, 3.0], TypeError,
         "unsupported operand type(s) for *: 'ArrayImpl' and 'list'"),
        (lambda: jnp.ones(3) - None, TypeError, "unsupported operand type(s) for -"),
        (lambda: meshjit.jit(lambda x: x + (1.0, 2.0, 3.0))(jnp.ones(3)), TypeError,
         "unsupported operand type(s) for +:"),
    ],
)  # fmt: skip
def test_jax_words(call, error, words):
    with pytest.raises(error, match=re.escape(words)):
        call()


def _last_frame(call):
    with pytest.raises(Exception) as info:
        call()
    return traceback.extract_tb(info.value.__traceback__)[-1]


@pytest.mark.parametrize(
    "call",
    [
        lambda: meshjit.named_scope(3),
        lambda: jnp.ones(2).__array_namespace__(api_version="2099.12"),
        lambda: jnp.ones(2).tobytes(order="X"),
        lambda: jnp.ones(2).to_device("cpu"),
        lambda: meshjit.jit(jnp.sin).lower(1.0).as_text(dialect="llvm"),
        lambda: meshjit.scipy.interpolate.RegularGridInterpolator(
            (jnp.arange(3.0),), jnp.ones(3), method="cubic"
        ),
        lambda: meshjit.scipy.signal.stft(jnp.ones(64), window="nope"),
        lambda: P("x", unreduced={"x"}),
        lambda: meshjit.export.symbolic_shape("a")[0] // 0,
    ],
)
def test_errors_end_on_the_users_line(call):
    """These raise from meshjit's (or SciPy's) frames: the filtered traceback ends here."""
    assert _last_frame(call).filename == __file__


def test_symbolic_dimension_divided_by_zero():
    (a,) = meshjit.export.symbolic_shape("a")
    with pytest.raises(ZeroDivisionError, match="integer division or modulo by zero"):
        a // 0
    assert (2 * a) // 2 == a


def test_partition_specs_with_unreduced_axes_still_build():
    spec = P(None, "y", unreduced=frozenset({"x"}))
    assert spec.unreduced == frozenset({"x"}) and P(None, reduced={"x"}).reduced == {"x"}
    sharding = NamedSharding(meshjit.make_mesh((2, 4), ("x", "y")), P(("x", "y")))
    assert sharding.spec == P(("x", "y"))


def test_fixed_functions_still_answer():
    assert jnp.unstack(x23, axis=-1)[0].shape == (2,)
    assert jnp.eye(3, k=np.int32(1))[0, 1] == 1
    assert lax.split(jnp.arange(6), (2, 4))[1].shape == (4,)
    assert lax.approx_max_k(jnp.arange(5.0), 5)[0].shape == (5,)
    assert jnp.take(jnp.arange(3), 5, mode="clip") == 2
    np.testing.assert_array_equal(jnp.matvec(x23, jnp.ones(3)), [3, 3])
    assert meshjit.device_put(jnp.ones(2), donate=True, may_alias=False).shape == (2,)


def test_eager_shard_map_names_an_output_needing_replication_without_its_path():
    """JAX checks an eager shard_map's outputs one by one: the first, with no out_specs path
    (under jit, every output by its path: tests/parallel/test_shard_map_errors.py)."""
    mesh = meshjit.make_mesh((2,), ("x",), axis_types=(AxisType.Auto,))
    f = meshjit.shard_map(lambda x: (x, x), mesh=mesh, in_specs=P("x"), out_specs=(P("x"), P()))
    with pytest.raises(ValueError, match=re.escape("\n\nout_specs is P() which implies")):
        f(jnp.ones(4))
