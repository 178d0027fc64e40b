"""Autodiff of ordinary Python outside jit: branching on the values of the inputs (`if x < 3`,
`while x > 1`, `int(x)`, `float(x)`, `x.item()`) works eagerly, as in JAX, and under jit raises
the concretization error naming the line."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import grad, jacfwd, jacrev, jit, jvp, value_and_grad, vjp
from meshjit.compiler.errors import ConcretizationTypeError
from tests.support.error_checks import ErrorChecker

check = ErrorChecker(__file__)


def piecewise(x):
    if x < 3:
        return x**2
    return 3 * x


def halve_until_small(x):
    while x > 1:
        x = x / 2
    return x


def test_if_on_an_input():
    assert grad(piecewise)(2.0) == 4.0
    assert grad(piecewise)(4.0) == 3.0
    assert jvp(piecewise, (2.0,), (1.0,))[1] == 4.0
    assert vjp(piecewise, 4.0)[1](1.0)[0] == 3.0
    assert jacfwd(piecewise)(2.0) == 4.0 and jacrev(piecewise)(4.0) == 3.0


def test_while_on_an_input():
    value, g = value_and_grad(halve_until_small)(10.0)
    np.testing.assert_allclose([value, g], [0.625, 0.0625])


def test_int_and_item():
    def f(x):
        n = int(x.sum())
        return jnp.sum(x * n) + x[1].item()

    np.testing.assert_allclose(grad(f)(np.array([1.0, 2.0], np.float32)), [3.0, 3.0])


@pytest.mark.parametrize("convert", [float, complex])
def test_float_and_complex_are_refused_even_with_a_known_value(convert):
    # As JAX's Tracer.__float__ / __complex__: no concrete-value shortcut (int, bool and
    # __index__ take one), so grad of a function calling float() on its input fails.
    with pytest.raises(ConcretizationTypeError, match=f"the `{convert.__name__}` function"):
        grad(lambda x: convert(x) * x)(1.0)


def test_under_jit_the_concretization_error_names_the_line():
    def f(x):
        if x < 3:  # branch
            return x**2
        return 3 * x

    with pytest.raises(TypeError) as e:
        jit(grad(f))(2.0)
    check(e, "branch", "Attempted boolean conversion of traced array with shape bool[].")


def test_numpy_conversion_still_raises():
    with pytest.raises(TypeError):
        grad(lambda x: jnp.sum(np.asarray(x)))(np.ones(2, np.float32))


def test_grad_of_a_jitted_inner_function_with_python_branches_outside():
    inner = jit(jnp.sin)

    def f(x):
        y = inner(x)
        return y * 2 if y > 0 else y

    np.testing.assert_allclose(grad(f)(1.0), 2 * np.cos(1.0), rtol=1e-6)
    np.testing.assert_allclose(grad(f)(-1.0), np.cos(-1.0), rtol=1e-6)
    assert meshjit.grad(piecewise)(np.float32(2.5)) == 5.0


@meshjit.custom_jvp
def clipped(x):
    return jnp.minimum(x, 1.0)


@clipped.defjvp
def _clipped_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    if x < 1.0:  # the rule branches on its primal: fine outside jit
        return clipped(x), t
    return clipped(x), 0.0 * t


def test_a_custom_jvp_rule_branching_on_its_primal():
    assert grad(clipped)(0.5) == 1.0
    assert grad(clipped)(2.0) == 0.0
    assert jvp(clipped, (0.5,), (2.0,))[1] == 2.0


def test_branching_on_a_tangent_is_an_error():
    @meshjit.custom_jvp
    def f(x):
        return x

    @f.defjvp
    def _f_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        return x, t if t > 0 else -t  # on-tangent

    with pytest.raises(TypeError) as e:
        grad(f)(1.0)
    check(e, "on-tangent", "Attempted boolean conversion of traced array with shape bool[].")
    assert str(e.value) == (  # JAX's: a tangent's tracer says no more
        "Attempted boolean conversion of traced array with shape bool[].\n"
        "See https://docs.jax.dev/en/latest/errors.html#jax.errors.TracerBoolConversionError"
    )
