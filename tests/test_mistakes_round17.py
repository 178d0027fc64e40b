"""meshjit's answers to the user mistakes of the catalogue's round 17: JAX's error types and
words (tests/support/mistakes_catalogue_round17.py runs them against JAX)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random

_X = np.arange(6, dtype=np.float32).reshape(2, 3)
_MESH = meshjit.make_mesh((2,), ("x",), axis_types=(meshjit.sharding.AxisType.Auto,))
_GATHER = lax.GatherDimensionNumbers(offset_dims=(3,), collapsed_slice_dims=(),
                                     start_index_map=(0,))  # fmt: skip
_SCATTER = lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,),
                                       scatter_dims_to_operand_dims=(0, 1))  # fmt: skip


@pytest.mark.parametrize(
    "call, error, words",
    [
        # random's functions bind their arguments as Python does, under their own names
        (lambda: random.normal(shape=(2,)), TypeError,
         "normal() missing 1 required positional argument: 'key'"),
        (lambda: random.split(num=2), TypeError,
         "split() missing 1 required positional argument: 'key'"),
        (lambda: random.gamma(random.key(0)), TypeError,
         "gamma() missing 1 required positional argument: 'a'"),
        (lambda: random.exponential(random.key(0), (2,), rate=2.0), TypeError,
         "exponential() got an unexpected keyword argument 'rate'"),
        (lambda: random.key(random.key(0)), TypeError,
         "key accepts a scalar seed, but was given a PRNG key."),
        # JAX's words for shapes, dimension numbers and subscripts
        (lambda: lax.dynamic_update_slice(jnp.ones(3), jnp.ones(4), (0,)), TypeError,
         "dynamic_update_slice update shape must be smaller than operand shape, got update "
         "shape (4,) for operand shape (3,)."),
        (lambda: lax.gather(_X, jnp.array([[0]]), _GATHER, (1, 3)), TypeError,
         "Offset dimension 0 in gather op is out of bounds; got 3, but should have been in "
         "[0, 2)"),
        (lambda: lax.gather(_X, jnp.array([[0]]), {"offset_dims": (1,)}, (1, 3)), TypeError,
         "unhashable type: 'dict'"),
        (lambda: lax.scatter_add(_X, jnp.array([[0]]), jnp.ones((1, 3)), _SCATTER), TypeError,
         "Scatter op has 2 elements in scatter_dims_to_operand_dims and the bound of dimension "
         "index_vector_dim=1 of indices is 1. These two numbers must be equal"),
        (lambda: lax.conv_general_dilated(jnp.ones((1, 4, 4, 1)), jnp.ones((2, 2, 1, 1)), (1, 1),
                                          "SAME", dimension_numbers=("NHWC", "HWIO", "NHWX")),
         TypeError, "convolution dimension_numbers[2] must contain the characters 'N' and 'C' "
         "exactly once, got NHWX."),
        (lambda: jnp.ones(6).reshape(-1, 4), TypeError,
         "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of "
         "specified axis sizes (4) does not evenly divide 6"),
        (lambda: jnp.einsum("ij,ij->i", _X, _X.T), ValueError,
         "Size of label 'i' for operand 1 (2) does not match previous terms (3)."),
        (lambda: jnp.einsum("ijk->i", _X), ValueError,
         "Einstein sum subscript 'ijk' does not contain the correct number of indices for "
         "operand 0."),
        (lambda: jnp.einsum("ij->j->i", _X), ValueError, "Subscripts can only contain one '->'."),
        # control flow shows the predicate / index as JAX does
        (lambda: meshjit.jit(lambda p: lax.cond(p, lambda: 1.0, lambda: 2.0))(
            jnp.array([True, False])), TypeError,
         "Pred must be a scalar, got JitTracer(bool[2]) of shape (2,)."),
        (lambda: lax.switch(jnp.array([0, 1]), [lambda: 1.0, lambda: 2.0]), TypeError,
         "Branch index must be scalar, got [0 1] of shape (2,)."),
        # grad names the output it refuses
        (lambda: meshjit.grad(lambda a: None)(1.0), TypeError,
         "Gradient only defined for scalar-output functions. Output was None."),
        (lambda: meshjit.grad(lambda a: (a, a))(1.0), TypeError,
         "Gradient only defined for scalar-output functions. Output was "
         "(TypedFloat(1.0, dtype=float32), TypedFloat(1.0, dtype=float32))."),
        # a list given to a lax function or to typeof
        (lambda: lax.add([1.0], [2.0]), TypeError,
         "Error interpreting argument to add as a JAX value. The problematic value is of type "
         "<class 'list'> and was passed to add at position 0."),
        (lambda: lax.exp([1.0]), TypeError, "Error interpreting argument to exp as a JAX value."),
        (lambda: meshjit.jit(lambda: lax.exp([1.0]))(), TypeError,
         "Error interpreting argument to exp as a JAX value."),
        (lambda: meshjit.typeof([1.0]), TypeError,
         "Argument '[1.0]' of type '<class 'list'>' is not a valid JAX type"),
        # registration and symbolic shapes
        (lambda: meshjit.tree_util.register_pytree_node(type("Box17", (), {}), 1, 2), TypeError,
         "register_node(): incompatible function arguments. The following argument types are "
         "supported"),
        (lambda: meshjit.export.symbolic_shape("a // 2"), ValueError,
         "syntax error in symbolic shape 'a // 2' in dimension 0: expecting one of {STAR} but "
         "found DOUBLESLASH"),
        (lambda: meshjit.export.symbolic_shape("a % 2"), ValueError, "but found PERCENT"),
        # round 17's second part
        (lambda: jnp.add(_X, _X, _X), TypeError, "add() takes 2 positional arguments but 3"),
        (lambda: jnp.maximum(_X, _X, _X), TypeError, "maximum() takes 2 positional arguments"),
        (lambda: jnp.sum(_X, 0, None, None, False, 1, 2, 3), ValueError,
         "jnp.sum: where must be None or a boolean array; got where.dtype=dtype('int32')."),
        (lambda: jnp.mean(_X, where=1), ValueError, "jnp.mean: where must be None or a boolean"),
        (lambda: jnp.concatenate(_X, _X), TypeError,
         "only integer scalar arrays can be converted to a scalar index"),
        (lambda: jnp.stack(jnp.ones(2), jnp.ones(2)), TypeError,
         "Only integer scalar arrays can be converted to a scalar index."),
        (lambda: random.uniform(random.key(0), 0.0, 1.0), TypeError,
         "Cannot interpret '1.0' as a data type"),
        (lambda: meshjit.jvp(lambda a: a * 2, 1.0, 1.0), TypeError,
         "primal and tangent arguments to jax.jvp must be tuples or lists; found float and "
         "float."),
        (lambda: meshjit.jvp(lambda a: a * 2, (jnp.ones(3),), (jnp.ones(2),)), ValueError,
         "jvp called with different primal and tangent shapes;Got primal shape (3,) and "
         "tangent shape as (2,)"),
        (lambda: meshjit.vjp(lambda a: (a, a), jnp.ones(3))[1](jnp.ones(3)), ValueError,
         "unexpected tree structure."),
        (lambda: jnp.zeros(3).__setitem__(0, 1.0), TypeError,
         "JAX arrays are immutable and do not support in-place item assignment. Instead of "
         "x[idx] = y"),
        (lambda: meshjit.jit(lambda a, n: a[:n])(jnp.ones(4), 2), IndexError,
         "Slice entries must be static integers. Got slice(None, JitTracer(~int32[]), None) at "
         "position 0"),
        (lambda: jnp.array({"a": 1}), TypeError,
         "Value '{'a': 1}' with dtype object is not a valid JAX array type."),
        (lambda: jnp.linalg.eigh(jnp.ones((2, 3))), TypeError,
         "add got incompatible shapes for broadcasting: (2, 3), (3, 2)."),
        (lambda: meshjit.export.symbolic_shape("a / 2"), ValueError, "but found SLASH"),
        (lambda: meshjit.export.symbolic_shape("max2(a, 2)"), ValueError, "but found LPAR"),
        (lambda: meshjit.export.symbolic_shape("floordiv(a)"), ValueError,
         "expecting one of {COMMA} but found RPAR"),
        (lambda: meshjit.shard_map(lambda a: lax.add(a, [1.0, 2.0]), mesh=_MESH,
                                   in_specs=meshjit.sharding.PartitionSpec("x"),
                                   out_specs=meshjit.sharding.PartitionSpec("x"))(jnp.ones(4)),
         TypeError, "Argument '[1.0, 2.0]' of type '<class 'list'>' is not a valid JAX type"),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


def test_random_functions_still_take_their_key_by_name():
    assert random.normal(key=random.key(0), shape=(2,)).shape == (2,)
    assert meshjit.eval_shape(lambda k: random.gamma(k, 1.0, (2,)), random.key(0)).shape == (2,)
    assert random.exponential(random.key(0), (3,)).shape == (3,)


def test_symbolic_shapes_spell_division_as_jax_does():
    (d,) = meshjit.export.symbolic_shape("floordiv(a, 2) + mod(a, 3)")
    assert str(d) == "mod(a, 3) + floordiv(a, 2)"


def test_strict_promotion_refuses_promote_types_of_two_types():
    with meshjit.numpy_dtype_promotion("strict"):
        assert jnp.promote_types(jnp.float32, jnp.float32) == np.float32
        with pytest.raises(ValueError, match="have no available implicit dtype promotion path"):
            jnp.promote_types(jnp.int32, jnp.float32)


def test_typeof_of_a_string_keeps_jaxs_other_words():
    with pytest.raises(TypeError, match=r"Argument 'a' of type <class 'str'> is not a valid JAX"):
        meshjit.typeof("a")


@pytest.mark.parametrize(
    "name, checked",
    [("abs", "absolute"), ("amax", "max"), ("around", "round"), ("conj", "conjugate"),
     ("flatnonzero", "ravel"), ("log10", "log10"), ("degrees", "rad2deg"),
     ("radians", "deg2rad")],
)  # fmt: skip
def test_a_list_is_refused_by_the_function_jaxs_check_names(name, checked):
    with pytest.raises(TypeError, match=rf"^{checked} requires ndarray or scalar arguments"):
        getattr(jnp, name)([1.0, 2.0])


@pytest.mark.parametrize("name", ["relu", "relu6"])
def test_nn_activations_refuse_a_list_in_maximums_words(name):
    with pytest.raises(TypeError, match="^maximum requires ndarray or scalar arguments"):
        getattr(meshjit.nn, name)([1.0, -1.0])


def test_einsum_interleaved_labels_must_be_hashable():
    with pytest.raises(TypeError, match="lists must contain either Ellipsis or hashable"):
        jnp.einsum(0, _X)
    np.testing.assert_allclose(jnp.einsum(_X, [0, 1], _X, [0, 1], [0]), (_X * _X).sum(1))


def test_clip_needs_its_input_and_broadcast_arrays_takes_none():
    with pytest.raises(ValueError, match="No input was provided to the clip function."):
        jnp.clip(max=1.0)
    assert jnp.broadcast_arrays() == []


def test_keys_of_two_implementations_do_not_stack():
    with pytest.raises(ValueError, match="is not a valid dtype for JAX type promotion."):
        jnp.stack([random.key(0), random.key(0, impl="rbg")])
    assert jnp.stack([random.key(0), random.key(1)]).shape == (2,)


@pytest.mark.parametrize("transform", [meshjit.grad, meshjit.jacrev, meshjit.jacfwd])
def test_autodiff_refuses_a_string_output_in_jaxs_words(transform):
    with pytest.raises(TypeError, match="^Argument 's' of type <class 'str'> is not a valid JAX"):
        transform(lambda a: "s")(1.0)
    with pytest.raises(TypeError, match="traced for jit returned a value of type <class 'str'>"):
        meshjit.jit(lambda a: "s")(1.0)


def test_lax_igamma_names_itself_in_pythons_errors():
    with pytest.raises(TypeError, match=r"^igamma\(\) missing 2 required positional arguments"):
        lax.igamma()
    with pytest.raises(TypeError, match=r"^igammac\(\) missing 1 required positional argument"):
        lax.igammac(1.0)
