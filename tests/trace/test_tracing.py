"""Tracers are arrays to the user: every array method reaches them (no tracer attribute of its
own hides one), with the numbers an Array's method gives."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.compiler.trace import array_methods
from meshjit.compiler.trace.tracing import Tracer


def test_no_tracer_attribute_hides_an_array_method():
    # Tracer once kept its variable in a slot named `var`, which hid `x.var()` under jit:
    # "TypeError: 'Var' object is not callable".
    assert "var" in array_methods._METHODS
    assert set(array_methods._METHODS) & set(Tracer.__slots__) == set()


X = np.arange(12.0, dtype=np.float32).reshape(3, 4) ** 1.5


@pytest.mark.parametrize("method", ["var", "std", "mean", "sum"])
def test_statistics_methods_under_jit_vmap_grad(method):
    want = getattr(X, method)(-1, keepdims=True)
    got = meshjit.jit(lambda x: getattr(x, method)(-1, keepdims=True))(jnp.asarray(X))
    np.testing.assert_allclose(got, want, rtol=1e-5)
    got = meshjit.vmap(lambda x: getattr(x, method)())(jnp.asarray(X))
    np.testing.assert_allclose(got, getattr(X, method)(-1), rtol=1e-5)


def test_var_method_gradient():
    x = X[1]
    g = meshjit.grad(lambda x: x.var())(jnp.asarray(x))
    np.testing.assert_allclose(g, 2 * (x - x.mean()) / x.size, rtol=1e-5)
