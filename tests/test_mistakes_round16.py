"""meshjit's answers to the user mistakes of the catalogue's round 16: JAX's error types and
words (tests/support/mistakes_catalogue_round16.py runs them against JAX), and the programs
JAX accepts that those fixes made meshjit accept too (JAX's signatures)."""

import warnings

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random
from meshjit.sharding import PartitionSpec as P

_X = np.arange(6, dtype=np.float32).reshape(2, 3)
_MESH = meshjit.make_mesh((2,), ("x",), axis_types=(meshjit.sharding.AxisType.Auto,))


class _Opaque:
    pass


@pytest.mark.parametrize(
    "call, error, words",
    [
        # operands JAX takes by position only: Python's words for them given by name
        (lambda: jnp.sin(x=1.0), TypeError,
         "sin() got some positional-only arguments passed as keyword arguments: 'x'"),
        (lambda: jnp.abs(x=-1.0), TypeError,
         "abs() got some positional-only arguments passed as keyword arguments: 'x'"),
        (lambda: jnp.fmod(x1=1.0, x2=2.0), TypeError,
         "fmod() got some positional-only arguments passed as keyword arguments: 'x1, x2'"),
        (lambda: jnp.greater(x=1.0, y=2.0), TypeError,
         "greater() got some positional-only arguments passed as keyword arguments: 'x, y'"),
        (lambda: jnp.real(val=1.0), TypeError,
         "real() got some positional-only arguments passed as keyword arguments: 'val'"),
        (lambda: jnp.permute_dims(a=_X, axes=(1, 0)), TypeError,
         "permute_dims() got some positional-only arguments passed as keyword arguments: 'a'"),
        (lambda: jnp.einsum(subscripts="i->", operands=jnp.ones(3)), TypeError,
         "einsum() got some positional-only arguments passed as keyword arguments: "
         "'subscripts'"),
        (lambda: meshjit.jit(fun=lambda a: a), TypeError,
         "jit() got some positional-only arguments passed as keyword arguments: 'fun'"),
        (lambda: meshjit.sharding.auto_axes(fun=lambda a: a), TypeError,
         "auto_axes() got an unexpected keyword argument 'fun'"),
        (lambda: meshjit.sharding.explicit_axes(f=lambda a: a), TypeError,
         "explicit_axes() got some positional-only arguments passed as keyword arguments: 'f'"),
        # required, renamed and absent parameters, as JAX's
        (lambda: random.rayleigh(random.key(0)), TypeError,
         "rayleigh() missing 1 required positional argument: 'scale'"),
        (lambda: meshjit.make_jaxpr(lambda a: a, static_argnames="a"), TypeError,
         "make_jaxpr() got an unexpected keyword argument 'static_argnames'"),
        (lambda: jnp.empty_like(_X, out_sharding=None), TypeError,
         "empty_like() got an unexpected keyword argument 'out_sharding'"),
        (lambda: jnp.broadcast_shapes((2,), (2,), op="add"), TypeError,
         "broadcast_shapes() got an unexpected keyword argument 'op'"),
        (lambda: jnp.broadcast_to(x=jnp.ones(3), shape=(2, 3)), TypeError,
         "broadcast_to() got an unexpected keyword argument 'x'"),
        (lambda: lax.convert_element_type(_X, np.int32, weak_type=True), TypeError,
         "convert_element_type() got an unexpected keyword argument 'weak_type'"),
        (lambda: lax.scatter_sub(jnp.ones(3), jnp.array([[0]]), jnp.ones(1),
                                 lax.ScatterDimensionNumbers((), (0,), (0,)), bogus=1),
         TypeError, "scatter_sub() got an unexpected keyword argument 'bogus'"),
        (lambda: meshjit.block_until_ready(tree=jnp.ones(2)), TypeError,
         "block_until_ready() got an unexpected keyword argument 'tree'"),
        (lambda: lax.reduce_max(x=jnp.ones(4), axes=(0,)), TypeError,
         "reduce_max() got an unexpected keyword argument 'x'"),
        (lambda: jnp.compress(jnp.array([True, False]), jnp.ones(2), out=jnp.ones(1)),
         NotImplementedError, "The 'out' argument to jnp.compress is not supported"),
        (lambda: meshjit.sharding.reshard(jnp.ones(8), None), ValueError,
         "Reshard should only be used with out_shardings which are non-None and have a "
         "non-empty mesh. Got sharding None."),
        (lambda: random.key(0, impl="rbg", dtype="rbg"), ValueError,
         "Cannot specify both `impl` and `dtype` arguments to jax.random.key"),
        # a traced axis of dynamic_index_in_dim: JAX's jit hashes it as a static argument
        (lambda: meshjit.jit(lambda x, a: lax.dynamic_index_in_dim(x, 0, a))(_X, 0), ValueError,
         "Non-hashable static arguments are not supported. An error occurred while trying to "
         "hash an object of type"),
        (lambda: meshjit.jit(lambda x, a: lax.dynamic_update_index_in_dim(x, x[0], 0, a))(_X, 0),
         ValueError, "Non-hashable static arguments are not supported"),
        (lambda: jnp.arctan2(x1=1.0, x2=2.0), TypeError,
         "arctan2() got some positional-only arguments passed as keyword arguments: 'x1, x2'"),
        (lambda: jnp.acos(x=1.0), TypeError,
         "acos() got some positional-only arguments passed as keyword arguments: 'x'"),
        (lambda: jnp.equal(x=1.0, y=2.0), TypeError,
         "equal() got some positional-only arguments passed as keyword arguments: 'x, y'"),
        # JAX's words for what it refuses
        (lambda: meshjit.jit(lambda a: a + 1)(2**40), OverflowError,
         "An overflow was encountered while parsing an argument to a jitted computation, whose "
         "argument path is a. Got <class 'int'> with value 1099511627776"),
        (lambda: jnp.array(np.datetime64("2020-01-01")), TypeError,
         "Value '2020-01-01' with dtype datetime64[D] is not a valid JAX array type. Only arrays "
         "of numeric types are supported by JAX."),
        (lambda: meshjit.device_put(_Opaque()), TypeError,
         "Cannot interpret value of type <class 'tests.test_mistakes_round16._Opaque'> as an "
         "abstract array; it does not have a dtype attribute"),
        (lambda: meshjit.sharding.NamedSharding(None, P("x")), TypeError,
         "__init__(): incompatible function arguments. The following argument types are "
         "supported"),
        (lambda: meshjit.tree.map(lambda a: a, [1.0], is_leaf=True), TypeError,
         "flatten(): incompatible function arguments. The following argument types are "
         "supported"),
        (lambda: meshjit.tree.unflatten(meshjit.tree.structure([1, 2]), 5), TypeError,
         "unflatten(): incompatible function arguments. The following argument types are "
         "supported"),
        (lambda: meshjit.shard_map(jnp.ones(2), mesh=_MESH, in_specs=P("x"), out_specs=P("x")),
         TypeError, "shard_map requires a callable for its first argument, but got [1. 1.] of "
         "type <class"),
        (lambda: meshjit.shard_map(lambda a: a, mesh=_MESH, in_specs=P("y"), out_specs=P("y"))(
            jnp.ones(4)), ValueError,
         "shard_map in_specs argument must refer to an axis marked as manual (frozenset({'x'}))"),
        (lambda: meshjit.device_put({"a": jnp.ones(4)}, [meshjit.sharding.NamedSharding(
            _MESH, P("x"))]), ValueError,
         "device_put device specification must be a tree prefix of the corresponding value;\n"
         "  Mismatch details (1 found):\n  pytree structure error: different types at key path"),
        (lambda: meshjit.export.export(meshjit.jit(lambda a: a))(
            meshjit.ShapeDtypeStruct("3", np.float32)), TypeError,
         "Error interpreting argument to"),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


@pytest.mark.parametrize(
    "context", ["numpy_dtype_promotion", "numpy_rank_promotion", "default_matmul_precision"]
)
def test_a_non_boolean_options_context_needs_its_value(context):
    with pytest.raises(TypeError) as e:
        with getattr(meshjit, context)():
            pass
    assert f"Context manager for {context} config option requires an argument" in str(e.value)


def test_a_boolean_options_context_defaults_to_true():
    with meshjit.debug_key_reuse():
        assert meshjit.config.jax_debug_key_reuse is True


def test_lax_parameters_take_jaxs_names():
    np.testing.assert_array_equal(lax.transpose(operand=_X, permutation=(1, 0)), _X.T)
    np.testing.assert_array_equal(lax.slice(operand=_X, start_indices=(0, 1),
                                            limit_indices=(2, 3)), _X[:, 1:])  # fmt: skip
    assert lax.squeeze(array=np.ones((1, 4)), dimensions=(0,)).shape == (4,)
    assert lax.expand_dims(array=np.ones(4), dimensions=(0,)).shape == (1, 4)
    assert lax.reshape(operand=np.ones(4), new_sizes=(2, 2)).shape == (2, 2)
    assert lax.broadcast_in_dim(operand=np.ones(4), shape=(2, 4),
                                broadcast_dimensions=(1,)).shape == (2, 4)  # fmt: skip
    assert lax.dynamic_slice(operand=np.ones(4), start_indices=(1,), slice_sizes=(2,)).shape == (2,)
    assert jnp.broadcast_to(array=jnp.ones(3), shape=(2, 3)).shape == (2, 3)


def test_keywords_jax_takes():
    np.testing.assert_array_equal(jnp.take_along_axis(_X, np.zeros((2, 1), np.int32)), _X[:, :1])
    assert meshjit.make_jaxpr(lambda a, n: a * n, 1)(1.0, 2).jaxpr.eqns  # static_argnums
    np.testing.assert_allclose(lax.mul(_X, _X, out_dtype=np.float32), _X * _X)
    assert float(lax.reduce_sum(_X, (0, 1), out_sharding=None)) == 15.0
    assert lax.broadcast(np.ones(3), (2,), out_sharding=None).shape == (2, 3)
    assert lax.broadcasted_iota(np.int32, (3,), 0, out_sharding=None).shape == (3,)
    assert float(lax.reduce(np.ones(3), 0.0, lax.add, (0,), out_sharding=None)) == 3.0
    assert jnp.repeat(jnp.ones(3), 2, out_sharding=None).shape == (6,)
    np.testing.assert_array_equal(jnp.bincount(jnp.arange(3), out_sharding=None), [1, 1, 1])
    assert float(jnp.percentile(jnp.ones(3), 50, out_sharding=None)) == 1.0
    assert jnp.compress(jnp.array([True, False]), jnp.ones(2), out=None).shape == (1,)
    index = jnp.ravel_multi_index((jnp.array([1]),), (2,), dtype=jnp.int16)
    assert index.dtype == np.int16
    assert random.key(0, dtype="rbg").dtype == random.key(0, impl="rbg").dtype
    assert meshjit.process_index("cpu") == 0 and meshjit.process_count(backend="cpu") == 1
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert meshjit.local_devices(host_id=0) == meshjit.local_devices()
    assert "renamed from `host_id` to `process_index`" in str(caught[0].message)


def test_dynamic_slices_without_negative_indices_clamp_them():
    x = jnp.arange(5.0)
    np.testing.assert_array_equal(lax.dynamic_slice(x, (-1,), (2,)), [3.0, 4.0])
    got = lax.dynamic_slice(x, (-1,), (2,), allow_negative_indices=False)
    np.testing.assert_array_equal(got, [0.0, 1.0])
    got = lax.dynamic_slice_in_dim(x, -1, 2, allow_negative_indices=False)
    np.testing.assert_array_equal(got, [0.0, 1.0])
    got = lax.dynamic_update_slice(jnp.zeros(3), jnp.ones(1), (-1,), allow_negative_indices=False)
    np.testing.assert_array_equal(got, [1.0, 0.0, 0.0])


def test_vmap_sum_match_sums_a_mapped_output_whose_out_axes_is_none():
    got = meshjit.vmap(lambda a: a * 2, out_axes=None, sum_match=True)(jnp.ones(3))
    assert float(got) == 6.0
    with pytest.raises(ValueError, match="got axis spec None but output was batched on axis 0"):
        meshjit.vmap(lambda a: a * 2, out_axes=None)(jnp.ones(3))


def test_checkpoint_takes_arguments_by_name():
    assert float(meshjit.checkpoint(lambda a, n: a * n, static_argnames="n")(1.0, n=2)) == 2.0
    assert float(meshjit.grad(meshjit.checkpoint(lambda a, n: a * n))(1.0, n=3.0)) == 3.0


def test_random_key_dtype_names_the_implementation():
    assert random.key(0, dtype=random.key_dtype("rbg")).dtype == random.key(0, impl="rbg").dtype


def test_out_sharding_types_the_result_in_explicit_mode():
    mesh = meshjit.make_mesh(
        (2, 4), ("x", "y"), axis_types=(meshjit.sharding.AxisType.Explicit,) * 2
    )
    with meshjit.set_mesh(mesh):
        assert str(meshjit.typeof(jnp.repeat(jnp.ones(4), 2, out_sharding=P("x")))) == (
            "float32[8@x]"
        )
        assert str(meshjit.typeof(lax.broadcast(jnp.ones(4), (2,), out_sharding=P("x")))) == (
            "float32[2@x,4]"
        )


def test_jax_accepts_these_and_so_does_meshjit():
    keys = jnp.array([random.key(0), random.key(1)])  # typed keys: a key array
    assert keys.shape == (2,) and keys.dtype == random.key(0).dtype
    meshjit.tree_util.register_pytree_node("not a class", lambda p: ((), None), lambda a, c: 0)
    s = meshjit.sharding.SingleDeviceSharding(meshjit.devices()[0])
    got = meshjit.make_array_from_single_device_arrays((1,), s, [jnp.ones(1)], dtype=np.float32)
    np.testing.assert_array_equal(got, [1.0])
    with pytest.raises(ValueError, match="it must match the dtype of the addressable shards"):
        meshjit.make_array_from_single_device_arrays((1,), s, [jnp.ones(1)], dtype=np.int32)


@pytest.mark.parametrize(
    "name",
    ["absolute", "amax", "amin", "true_divide", "conjugate", "bitwise_not", "radians", "degrees",
     "bitwise_left_shift", "bitwise_right_shift", "acos", "atan2", "pow", "mod", "acosh"],
)  # fmt: skip
def test_an_alias_names_itself_in_python_errors(name):
    with pytest.raises(TypeError, match=rf"^{name}\(\) got an unexpected keyword argument"):
        getattr(jnp, name)(1, 1, bogus=1) if name in _BINARY else getattr(jnp, name)(1, bogus=1)


_BINARY = {"true_divide", "bitwise_left_shift", "bitwise_right_shift", "atan2", "pow", "mod"}


@pytest.mark.parametrize("name", ["exp", "sin", "neg", "add", "mul"])
def test_lax_functions_name_themselves_in_python_errors(name):
    fn = getattr(lax, name)
    with pytest.raises(TypeError, match=rf"^{name}\(\) got an unexpected keyword argument"):
        fn(1.0, 1.0, bogus=1) if name in ("add", "mul") else fn(1.0, bogus=1)


def test_aliases_are_functions_of_their_own_that_compute_the_same():
    assert jnp.acos is not jnp.arccos and jnp.acos.__name__ == "acos"
    assert jnp.arccos.__name__ == "arccos" and jnp.atan2.__name__ == "atan2"
    np.testing.assert_allclose(jnp.acos(0.5), jnp.arccos(0.5))
    np.testing.assert_allclose(jnp.pow(2.0, 3), 8.0)
    np.testing.assert_array_equal(jnp.bitwise_invert(jnp.int8(0)), -1)
    np.testing.assert_array_equal(jnp.equal(jnp.ones(2), 1.0), [True, True])
    # as JAX's: mod and acosh call the jitted remainder and arccosh (their jaxprs' names)
    assert meshjit.make_jaxpr(jnp.mod)(5, 3).jaxpr.eqns[0].params["name"] == "remainder"
    assert meshjit.make_jaxpr(jnp.acosh)(2.0).jaxpr.eqns[0].params["name"] == "arccosh"


def test_debug_callback_takes_jaxs_two_call_form():
    seen = []

    def f(a):
        meshjit.debug.callback(ordered=True)(lambda v: seen.append(float(v.sum())), a)
        return a * 2

    meshjit.jit(f)(jnp.ones(2))
    assert seen == [2.0]
    with pytest.raises(TypeError, match="debug_callback received unexpected arguments in the "
                       "two-call form"):  # fmt: skip
        meshjit.jit(lambda a: meshjit.debug.callback(None, a))(jnp.ones(2))


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: meshjit.tree.map(lambda a: a, [1], leaf=1),
         "map() got an unexpected keyword argument 'leaf'"),
        (lambda: meshjit.tree_util.tree_map(lambda a: a, [1], leaf=1),
         "tree_map() got an unexpected keyword argument 'leaf'"),
        (lambda: meshjit.tree.leaves(), "leaves() missing 1 required positional argument: 'tree'"),
        (lambda: meshjit.tree.unflatten(meshjit.tree.structure([1]), [1], bogus=1),
         "unflatten() got an unexpected keyword argument 'bogus'"),
        (lambda: meshjit.tree.transpose(bogus=1),
         "transpose() got an unexpected keyword argument 'bogus'"),
    ],
)  # fmt: skip
def test_tree_functions_name_themselves_as_jax_tree_does(call, words):
    with pytest.raises(TypeError) as e:
        call()
    assert str(e.value).startswith(words)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: meshjit.enable_x64(enable=True), "State.__call__() got an unexpected keyword"),
        (lambda: meshjit.debug_nans(value=True), "State.__call__() got an unexpected keyword"),
        (lambda: meshjit.transfer_guard(bogus=1), "transfer_guard() got an unexpected keyword"),
        (lambda: meshjit.nn.initializers.glorot_normal(scale=2.0),
         "glorot_normal() got an unexpected keyword"),
        (lambda: meshjit.nn.initializers.kaiming_normal(mode="fan_out"),
         "he_normal() got an unexpected keyword"),
        (lambda: meshjit.scipy.stats.norm.sf(1.0, mean=0.0), "sf() got an unexpected keyword"),
        (lambda: meshjit.jacobian(lambda a: a, argnum=0), "jacobian() got an unexpected keyword"),
        (lambda: meshjit.remat(lambda a: a, policy_fn=None), "remat() got an unexpected keyword"),
        (lambda: meshjit.host_count(platform="cpu"), "host_count() got an unexpected keyword"),
        (lambda: meshjit.closure_convert(lambda a: a, args=(1.0,)),
         "closure_convert() got an unexpected keyword"),
        (lambda: meshjit.dtypes.itemsize_bits(bogus=1), "itemsize_bits() got an unexpected"),
        (lambda: meshjit.debug.visualize_sharding(bogus=1), "visualize_sharding() got an"),
    ],
)  # fmt: skip
def test_public_functions_name_themselves_as_jaxs_do(call, words):
    with pytest.raises(TypeError) as e:
        call()
    assert str(e.value).startswith(words)
