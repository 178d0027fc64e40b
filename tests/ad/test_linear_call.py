"""`custom_derivatives.linear_call` (compiler/ad/linear_call.py): the call, its user-given
transpose in reverse mode and `linear_transpose`, transposing twice, and the values and errors
JAX 0.10.2 gives (its docstring's examples)."""

from functools import partial

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.custom_derivatives import linear_call


def _div(r, x):
    return x / r


def _div_t(r, t):
    return t / r


def div_add(x, denom):
    return x + linear_call(_div, _div_t, denom, x)


def transpose(f, x_example):
    return lambda y: meshjit.linear_transpose(f, x_example)(y)[0]


def custom_id(x):
    return linear_call(lambda _, x: x, lambda _, t: 7.0, (), x)


def test_the_call_and_its_custom_transpose_as_jax_docstring():
    assert float(div_add(9.0, 3.0)) == 12.0
    assert float(transpose(partial(div_add, denom=3.0), 1.0)(18.0)) == 24.0
    assert repr(custom_id(1.0)) == "TypedFloat(1.0, dtype=float32)"  # as JAX's eval_jaxpr
    assert str(custom_id(1.0)) == "1.0" and str(custom_id(2)) == "TypedInt(2, dtype=int32)"
    assert float(transpose(custom_id, 1.0)(1.0)) == 7.0  # the user's transpose, not identity
    assert float(transpose(transpose(custom_id, 1.0), 1.0)(1.0)) == 1.0
    assert float(transpose(transpose(transpose(custom_id, 1.0), 1.0), 1.0)(1.0)) == 7.0


def test_grad_uses_the_transpose_eagerly_and_under_jit():
    assert float(meshjit.grad(div_add)(2.0, 4.0)) == 1.25
    assert float(meshjit.jit(meshjit.grad(div_add))(2.0, 4.0)) == 1.25
    primal, tangent = meshjit.jvp(lambda x: div_add(x, 4.0), (2.0,), (1.0,))
    assert (float(primal), float(tangent)) == (2.5, 1.25)


def test_pytrees_of_outputs_and_a_custom_transpose_that_is_not_the_true_one():
    def f(x, w):
        out = linear_call(
            lambda w, x: (x @ w, x.sum()), lambda w, ct: ct[0] @ w.T + 2 * ct[1], w, x
        )
        return out[0].sum() + out[1]

    x = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    g = meshjit.grad(f)(x, jnp.ones((3, 4)))
    np.testing.assert_array_equal(g, np.full((2, 3), 4.0 + 2.0))


def test_printed_jaxpr_as_jax():
    text = str(meshjit.make_jaxpr(div_add)(1.0, 2.0))
    assert "c:f32[] = linear_call[" in text
    assert "callee={ lambda ; d:f32[] e:f32[]. let f:f32[] = div e d in (f,) }" in text
    assert "transpose_thunk=<function _memoize.<locals>.memoized at 0x" in text
    assert "] b a" in text


def test_errors_as_jax():
    with pytest.raises(AssertionError, match="residual arguments must not have tangents"):
        meshjit.jvp(div_add, (2.0, 4.0), (1.0, 0.0))
    bad = partial(linear_call, _div, lambda r, t: (t, t), 2.0)
    with pytest.raises(TypeError, match="transpose output pytree structure must match"):
        meshjit.linear_transpose(bad, 1.0)(1.0)
    with pytest.raises(NotImplementedError, match="Batching rule for 'linear_call'"):
        meshjit.vmap(partial(linear_call, _div, _div_t, 2.0))(jnp.ones(3))
