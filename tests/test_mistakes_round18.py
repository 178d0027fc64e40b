"""meshjit's answers to the user mistakes of the catalogue's round 18: JAX's error types and
words (tests/support/mistakes_catalogue_round18.py runs them against JAX)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random
from meshjit.sharding import AxisType, PartitionSpec

_MESH = meshjit.make_mesh((2,), ("x",), axis_types=(AxisType.Auto,))
_AUTO = meshjit.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


def _smap(f, in_specs, out_specs):
    return meshjit.shard_map(f, mesh=_MESH, in_specs=in_specs, out_specs=out_specs)


@pytest.mark.parametrize(
    "call, error, words",
    [
        # stack names the shapes as JAX does (tuples), in and out of transforms
        (lambda: jnp.stack([jnp.ones((2, 3)), jnp.ones((3, 2))]), ValueError,
         "All input arrays must have the same shape. Got (2, 3), (3, 2)."),
        (lambda: meshjit.jit(lambda a: jnp.stack([a, a.T]))(jnp.ones((2, 3))), ValueError,
         "All input arrays must have the same shape. Got (2, 3), (3, 2)."),
        # typeof quotes the type of any value that is not a JAX type (a string aside)
        (lambda: meshjit.typeof(None), TypeError,
         "Argument 'None' of type '<class 'NoneType'>' is not a valid JAX type"),
        (lambda: meshjit.typeof({1, 2}), TypeError,
         "Argument '{1, 2}' of type '<class 'set'>' is not a valid JAX type"),
        # ppermute: JAX wraps the indices, then finds repeats; a pair that is not a pair
        (lambda: _smap(lambda a: lax.ppermute(a, "x", [(0, 2), (2, 0)]), PartitionSpec("x"),
                       PartitionSpec("x"))(jnp.ones(8)), ValueError,
         "ppermute sources and destinations must be unique, got ((0, 2), (2, 0))."),
        (lambda: _smap(lambda a: lax.ppermute(a, "x", [1, 0]), PartitionSpec("x"),
                       PartitionSpec("x"))(jnp.ones(8)), TypeError,
         "'int' object is not iterable"),
        (lambda: _smap(lambda a: lax.psum_scatter(a, "x", scatter_dimension=2, tiled=True),
                       PartitionSpec(), PartitionSpec("x"))(jnp.ones(8)), IndexError,
         "tuple index out of range"),
        # flatten_up_to in jaxlib's words
        (lambda: meshjit.tree.structure((0, 0)).flatten_up_to((1, 2, 3)), ValueError,
         "Tuple arity mismatch: 3 != 2; tuple: (1, 2, 3)."),
        (lambda: meshjit.tree.structure([0, 0]).flatten_up_to([1]), ValueError,
         "List arity mismatch: 1 != 2; list: [1]."),
        (lambda: meshjit.tree.structure({"a": 0}).flatten_up_to({"b": 1}), ValueError,
         "Dict key mismatch; expected keys: ['a']; present keys: ['b']."),
        # dtypes named by a string NumPy reads as text
        (lambda: jnp.array([1, 2], dtype="U3"), TypeError,
         "JAX only supports number, bool, and string dtypes, got dtype U3 in array"),
        # negative sizes where JAX broadcasts static shapes
        (lambda: random.ball(random.key(0), -1), TypeError,
         "Only non-negative indices are allowed when broadcasting static shapes, but got shape "
         "(-1,)."),
        (lambda: lax.broadcast_shapes((2,), (-1,)), TypeError,
         "Only non-negative indices are allowed when broadcasting static shapes"),
        # lax.slice strides: JAX's shape rule divides by them
        (lambda: lax.slice(jnp.ones(4), (0,), (4,), (0,)), ZeroDivisionError,
         "integer division or modulo by zero"),
        (lambda: lax.slice(jnp.ones(4), (0,), (4,), (-1,)), TypeError,
         "slice strides must have every element be nonnegative, got (-1,)."),
        (lambda: lax.broadcast_in_dim(jnp.ones(3), (2, 3), (0, 1)), TypeError,
         "broadcast_in_dim broadcast_dimensions must have length equal to operand ndim; got "
         "broadcast_dimensions (0, 1) for operand ndim 1."),
        # NumPy's memory orders
        (lambda: jnp.ravel(jnp.ones((2, 3)), order="K"), NotImplementedError,
         "Ravel not implemented for order='K'."),
        (lambda: jnp.copy(jnp.ones((2, 3)), order="F"), NotImplementedError,
         "Only implemented for order='K'"),
        (lambda: jnp.roll(jnp.ones((2, 3)), (1, 2, 3), axis=(0, 1)), ValueError,
         "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between "
         "arg 0 with shape (2,) and arg 1 with shape (3,)."),
        # round 18's second part
        (lambda: jnp.repeat(jnp.ones((2, 3)), -2, axis=1), TypeError,
         "broadcast_in_dim shape must have every element be nonnegative, got (2, 3, -2)."),
        (lambda: lax.dynamic_index_in_dim(jnp.ones(4), 0, axis=1), IndexError,
         "list assignment index out of range"),
        (lambda: meshjit.linearize(lambda a: a * 2, 1.0)[1](1.0, 2.0), TypeError,
         "expected PyTreeDef((*,)), got PyTreeDef((*, *))"),
        (lambda: meshjit.eval_shape(jnp.ones(3), 1.0), TypeError,
         "the first argument must be callable"),
        (lambda: meshjit.jit(lambda a: a).lower(jnp.ones(3)).compile()(jnp.ones(3), b=1),
         TypeError, "Function compiled with input pytree does not match the input pytree it was "
         "called with."),
        (lambda: meshjit.make_array_from_single_device_arrays(
            (8,), meshjit.NamedSharding(_MESH, PartitionSpec("x")),
            [meshjit.device_put(jnp.ones(3), d) for d in _MESH.devices.flat]), ValueError,
         "Expected shard shape (4,) doesn't match the single device array shape (3,)."),
        # round 18's fourth part
        (lambda: meshjit.vmap(lambda a: lax.ppermute(a, "i", [(0, 1), (0, 2)]), axis_name="i")(
            jnp.ones(3)), AssertionError, "Permutation doesn't match the axis size!"),
        (lambda: jnp.ones(4).reshape(8), TypeError,
         "cannot reshape array of shape (4,) (size 4) into shape 8 (size 8)"),
        (lambda: jnp.ones(6).reshape([-1, 4]), TypeError, "into shape [-1, 4] because"),
        (lambda: meshjit.vmap(_smap(lambda a: a, PartitionSpec("x"), PartitionSpec("x")),
                              spmd_axis_name="q")(jnp.ones((2, 8))), KeyError, "'q'"),
        # round 18's fifth part
        (lambda: jnp.nonzero(jnp.ones(3), size=-1), TypeError,
         "broadcast_in_dim shape must have every element be nonnegative, got (-1,)."),
        (lambda: jnp.unique(jnp.ones(3), size=-1), TypeError,
         "broadcast_in_dim shape must have every element be nonnegative, got (-1,)."),
        (lambda: lax.integer_pow(jnp.ones(3), 1.5), TypeError,
         "unsupported operand type(s) for &: 'float' and 'int'"),
        (lambda: meshjit.jit(lambda a: meshjit.experimental.checkify.checkify(
            lambda v: meshjit.experimental.checkify.check(v < 0, "positive"))(a)[0].throw())(1.0),
         ValueError, "Cannot abstractly evaluate a checkify.check which was not functionalized."),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


@pytest.mark.parametrize(
    "make, name",
    [(lambda: jnp.arange(8, out_sharding=PartitionSpec("x")), "jnp.arange"),
     (lambda: jnp.einsum("ij,jk->ik", jnp.ones((8, 8)), jnp.ones((8, 8)),
                         out_sharding=PartitionSpec("x")), "einsum"),
     (lambda: jnp.empty(8, out_sharding=PartitionSpec("x")), "jnp.zeros"),
     (lambda: jnp.full(8, 1.0, out_sharding=PartitionSpec("x")), "full")],
)  # fmt: skip
def test_out_sharding_over_auto_axes_names_jaxs_function(make, name):
    with meshjit.set_mesh(_AUTO), pytest.raises(ValueError) as e:
        make()
    assert str(e.value).startswith(f"PartitionSpec passed to {name} cannot contain axis names")


def test_the_checks_keep_what_jax_accepts():
    assert meshjit.typeof(1.5).shape == ()
    assert jnp.array([1, 2], dtype="float32").dtype == np.float32
    assert jnp.ones(5)[::2].shape == (3,)
    assert meshjit.eval_shape(lambda k: random.ball(k, 2), random.key(0)).shape == (2,)
    assert jnp.copy(jnp.ones(2), order="K").shape == (2,)
    assert jnp.ones(4).reshape(np.int64(4)).shape == jnp.ones(4).reshape(np.array(4)).shape == (4,)
    f = _smap(lambda a: lax.ppermute(a, "x", [(0, 1), (1, 0)]), PartitionSpec("x"),
              PartitionSpec("x"))  # fmt: skip
    np.testing.assert_array_equal(f(jnp.arange(4.0)), [2.0, 3.0, 0.0, 1.0])


def test_traced_values_stay_traced_under_ensure_compile_time_eval():
    def f(a):
        with meshjit.ensure_compile_time_eval():
            traced, concrete = a.sum() * 2, jnp.ones(3) * 3
        return traced + concrete

    np.testing.assert_array_equal(meshjit.jit(f)(jnp.ones(3)), [9.0, 9.0, 9.0])

    def g(a):
        with meshjit.ensure_compile_time_eval():
            return int(a.sum())

    with pytest.raises(meshjit.errors.ConcretizationTypeError, match="Abstract tracer value"):
        meshjit.jit(g)(jnp.ones(3))
