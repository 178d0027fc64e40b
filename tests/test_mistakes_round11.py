"""meshjit's answers to the user mistakes of the catalogue's round 11: JAX's error types and
words (tests/support/mistakes_catalogue_round11.py runs them against JAX), and the behaviour
those fixes changed."""

import operator

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random
from meshjit.compiler.errors import (
    ConcretizationTypeError,
    TracerBoolConversionError,
    UnexpectedTracerError,
)
from meshjit.flatten_util import ravel_pytree


def _custom_jvp_branching_on_its_tangent():
    f = meshjit.custom_jvp(lambda x: x * 2)

    def rule(primals, tangents):
        return primals[0], tangents[0] if tangents[0] > 0 else -tangents[0]

    f.defjvp(rule)
    return meshjit.grad(f)(1.0)


def _custom_vjp_given_a_traced_nondiff_argument():
    f = meshjit.custom_vjp(lambda n, x: x * n, nondiff_argnums=(0,))
    f.defvjp(lambda n, x: (x * n, None), lambda n, r, g: (g * n,))
    return meshjit.grad(f, argnums=0)(2.0, 1.0)


def _keyed_node_without_pairs():
    class Node:
        pass

    meshjit.tree_util.register_pytree_with_keys(Node, lambda t: ([1], None), lambda a, c: Node())
    return meshjit.tree_util.tree_flatten_with_path(Node())


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: meshjit.grad(lambda x: float(x) * x)(1.0), ConcretizationTypeError,
         "The problem arose with the `float` function"),
        (_custom_jvp_branching_on_its_tangent, TracerBoolConversionError,
         "Attempted boolean conversion of traced array with shape bool[]."),
        (_custom_vjp_given_a_traced_nondiff_argument, UnexpectedTracerError,
         "Found a JAX Tracer object passed as an argument to a custom_vjp function"),
        (lambda: meshjit.jit(lambda x, k: jnp.triu(x, k))(jnp.ones((3, 3)), 1), ValueError,
         "Non-hashable static arguments are not supported"),
        (lambda: lax.ragged_dot(jnp.ones((6, 3)), jnp.ones((2, 3, 4)), jnp.array([3.0, 3.0])),
         TypeError, "ragged_dot_general requires that group_sizes.dtype is subtype of np.integer."),
        (lambda: lax.ragged_dot(jnp.ones((6, 3)), jnp.ones((2, 3, 4)),
                                jnp.array([3, 2, 1], jnp.int32)),
         TypeError, "expected rhs group dimension size to be 3, got 2."),
        (lambda: lax.ragged_dot(jnp.ones((6, 3)), jnp.ones((2, 5, 4)), jnp.array([3, 3], jnp.int32)),
         TypeError, "contracting dimensions to have the same shape, got (3,) and (5,)."),
        (lambda: jnp.result_type(), ValueError, "at least one array or dtype is required"),
        (lambda: lax.concatenate([], 0), ValueError,
         "concatenate requires a non-empty sequences of arrays"),
        (lambda: lax.rng_uniform(0.0, 1.0, (3.5,)), TypeError,
         "Shapes must be 1D sequences of concrete values of integer type, got (3.5,)."),
        (lambda: random.normal(random.key(0), jnp.ones(3)), TypeError,
         "Shapes must be 1D sequences of concrete values of integer type"),
        (lambda: operator.index(jnp.float32(1.0)), TypeError,
         "Only integer scalar arrays can be converted to a scalar index."),
        (_keyed_node_without_pairs, ValueError,
         "The to_iterable_with_keys function for a custom PyTree node should return a "
         "(key_leaf_pairs, aux_data) tuple"),
        (lambda: lax.scan(lambda c, x: c + x, 0.0, jnp.arange(3.0)), TypeError,
         "scan body output must be a pair, got float32[]."),
        (lambda: lax.scan(lambda c, x: (c, x), 0.0, jnp.float32(1.0)), IndexError,
         "tuple index out of range"),
        (lambda: lax.slice_in_dim(jnp.ones(3), 0, 2, axis=3), IndexError,
         "tuple index out of range"),
        (lambda: lax.dynamic_slice_in_dim(jnp.ones((2, 3)), 0, 1, axis=2), IndexError,
         "list assignment index out of range"),
        (lambda: jnp.swapaxes(jnp.ones((2, 3)), 0, 2), IndexError,
         "index 2 is out of bounds for axis 0 with size 2"),
        (lambda: meshjit.nn.standardize(jnp.ones(3), axis=2), IndexError,
         "tuple index out of range"),
        (lambda: random.categorical(random.key(0), jnp.ones((2, 3)), axis=2), IndexError,
         "index 2 is out of bounds for axis 0 with size 2"),
        (lambda: meshjit.vmap(lambda a: lax.ppermute(a, "j", [(0, 1)]), axis_name="i")(
            jnp.ones(3)), NotImplementedError, "Evaluation rule for 'ppermute' not implemented"),
        (lambda: lax.cumprod(jnp.ones(3, bool)), TypeError,
         "cumprod does not accept dtype bool. Accepted dtypes are subtypes of number."),
        (lambda: lax.bessel_i0e(jnp.arange(3)), TypeError,
         "bessel_i0e does not accept dtype int32. Accepted dtypes are subtypes of floating."),
        (lambda: jnp.bincount(jnp.arange(3), weights=jnp.ones(4)), ValueError,
         "type of weights must match type of x"),
        (lambda: jnp.ravel_multi_index((jnp.array([0]), jnp.array([1])), (2, 3), mode="wrapx"),
         ValueError, "invalid mode='wrapx'. Expected 'raise', 'wrap', 'clip', or 'ignore'."),
        (lambda: jnp.linalg.pinv(jnp.ones(3)), ValueError,
         "not enough values to unpack (expected 2, got 1)"),
        (lambda: lax.conj("a"), TypeError, "is not a valid JAX array type"),
        (lambda: lax.optimization_barrier("x"), TypeError,
         "Error interpreting argument to optimization_barrier as a JAX value"),
        (lambda: jnp.ones(3).at[0].power("a"), TypeError, "is not a valid JAX array type"),
        (lambda: meshjit.export.symbolic_args_specs((jnp.ones(2), jnp.ones(3)), ("n", "m", "k")),
         ValueError, "pytree structure error: different lengths of tuple at key path"),
        (lambda: ravel_pytree({"a": jnp.ones(2), "b": jnp.ones(3)})[1](jnp.ones(4)), ValueError,
         "Sum of sizes 5 must be equal to dimension 0 of the operand shape [4]"),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: jnp.kron(jnp.ones(2), "a"), "<function kron> as an abstract array"),
        (lambda: jnp.sin("a"), "<function sin> as an abstract array"),
        (lambda: jnp.trace("a"), "<function trace> as an abstract array"),
    ],
)
def test_a_string_given_to_a_jnp_function_in_jaxs_words(call, words):
    # JAX jits these functions: its jit refuses the string as an argument, in these words.
    with pytest.raises(TypeError, match="^Error interpreting argument to ") as e:
        call()
    assert words in str(e.value) and "was passed to the function at path" in str(e.value)


def test_int_bool_and_index_still_take_a_known_value_under_grad():
    def f(x):
        n = int(x) + [0, 1, 2][jnp.int32(1)]
        return x * n if x > 0 else -x

    assert meshjit.grad(f)(2.0) == 3.0


def test_unravel_splits_along_the_first_axis_as_jax():
    flat, unravel = ravel_pytree([jnp.ones(2), jnp.ones(3)])
    assert [a.shape for a in unravel(jnp.ones((5, 1)))] == [(2,), (3,)]
    np.testing.assert_array_equal(np.asarray(unravel(flat)[1]), np.ones(3))
