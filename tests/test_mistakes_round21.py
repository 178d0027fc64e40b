"""meshjit's answers to the user mistakes of the catalogue's round 21: JAX's error types, words
and results (tests/support/mistakes_catalogue_round21.py runs them against JAX)."""

import pytest

import meshjit
import meshjit.numpy as jnp
import meshjit.scipy.special
import meshjit.scipy.stats
from meshjit import lax, random

_special = meshjit.scipy.special
_norm = meshjit.scipy.stats.norm


def _custom_jvp():
    f = meshjit.custom_jvp(lambda x, y: x)
    f.defjvp(lambda p, t: (p[0], t[0]))
    return f


def _custom_vjp():
    f = meshjit.custom_vjp(lambda x, y: x)
    f.defvjp(lambda x, y: (x, None), lambda r, g: (g, None))
    return f


_VALUE_A = "Value 'a' with dtype |S0 is not a valid JAX array type. Only arrays of numeric types"


@pytest.mark.parametrize(
    "call, error, words",
    [
        # JAX's promote_args_inexact takes a string (np.isscalar) and reads it as a dtype's name
        (lambda: _special.expit("a"), TypeError, _VALUE_A),
        (lambda: _special.gammaln("a"), TypeError, _VALUE_A),
        (lambda: _norm.logpdf("a"), TypeError, _VALUE_A),
        (lambda: _special.expit("abc"), TypeError, "data type 'abc' not understood"),
        (lambda: _special.expit(b"ab"), TypeError, "Cannot determine dtype of b'ab'"),
        (lambda: _special.expit(["a"]), TypeError,
         "expit requires ndarray or scalar arguments, got <class 'list'> at position 0."),
        # a custom function binds its differentiable arguments as values, also eagerly
        (lambda: _custom_jvp()(1.0, "a"), TypeError,
         "Error interpreting argument to custom_jvp_call as a JAX value. The problematic value "
         "is of type <class 'str'> and was passed to custom_jvp_call at position 1."),
        (lambda: _custom_jvp()(1.0, {"k": b"a"}), TypeError,
         "is of type <class 'bytes'> and was passed to custom_jvp_call at position 1."),
        (lambda: _special.xlogy("a", 1.0), TypeError,
         "is of type <class 'str'> and was passed to custom_jvp_call at position 0."),
        (lambda: meshjit.nn.relu("a"), TypeError,
         "is of type <class 'str'> and was passed to custom_jvp_call at position 0."),
        (lambda: _custom_vjp()(1.0, "a"), TypeError,
         "Argument 'a' of type <class 'str'> is not a valid JAX type"),
        # under grad a predicate or index with no tangent is printed by its value, as JAX's
        (lambda: meshjit.grad(lambda v: v + lax.cond(jnp.ones(2) > 0, lambda: 1.0,
                                                     lambda: 2.0))(1.0),
         TypeError, "Pred must be a scalar, got [ True  True] of shape (2,)."),
        (lambda: meshjit.grad(lambda v: lax.cond(jnp.ones(2) * v > 0, lambda: v, lambda: v))(1.0),
         TypeError, "Pred must be a scalar, got [ True  True] of shape (2,)."),
        (lambda: meshjit.grad(lambda v: lax.switch(jnp.ones(2, int), [lambda: v, lambda: v]))(1.0),
         TypeError, "Branch index must be scalar, got [1 1] of shape (2,)."),
        # a float shape given as a number: JAX's words for a non-integer dimension
        (lambda: jnp.zeros(2.5), TypeError,
         "Shapes must be 1D sequences of concrete values of integer type, got (2.5,)."),
        (lambda: jnp.full(2.5, 1.0), TypeError,
         "Shapes must be 1D sequences of concrete values of integer type, got (2.5,)."),
        # a typed key has no astype: a concrete one JAX's NotImplementedError, a traced one
        # convert_element_type's ValueError
        (lambda: random.key(0).astype(jnp.float32), NotImplementedError,
         "Cannot call abstract method astype"),
        (lambda: meshjit.jit(lambda: random.key(0).astype(jnp.float32))(), ValueError,
         "Cannot convert_element_type from key<fry> to float32"),
        (lambda: meshjit.vmap(lambda k: k.astype(jnp.float32))(random.split(random.key(0))),
         ValueError, "Cannot convert_element_type from key<fry> to float32"),
        (lambda: meshjit.grad(lambda v: random.key(0).astype(jnp.float32) * v)(1.0),
         NotImplementedError, "Cannot call abstract method astype"),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


def test_custom_functions_still_take_strings_as_nondiff_arguments():
    f = meshjit.custom_jvp(lambda s, x: x * 2, nondiff_argnums=(0,))
    f.defjvp(lambda s, p, t: (p[0] * 2, t[0] * 2))
    assert float(f("name", jnp.float32(1))) == 2.0
