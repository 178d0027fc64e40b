"""compiler/lax/elementwise.py: behaviour not covered by the op tables of test_ops.py."""

import warnings

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp


def test_an_overflowing_python_scalar_warns_only_when_folded_under_a_trace_as_jax():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # eagerly JAX casts on the device: no NumPy warning
        assert np.isinf(np.asarray(jnp.float16(1) + 1e10))
    with pytest.warns(RuntimeWarning, match="overflow"):  # folded with NumPy, as JAX's jit
        assert np.isinf(np.asarray(meshjit.jit(lambda x: x + 1e10)(jnp.float16(1))))


def test_reciprocal_is_integer_pow_keeping_weak_types_as_jax():
    text = str(meshjit.make_jaxpr(lambda x: meshjit.lax.reciprocal(x) * x)(1.0))
    assert "integer_pow[y=-1] a" in text and "convert_element_type" not in text
    assert float(meshjit.lax.reciprocal(jnp.float32(4.0))) == 0.25
    assert float(meshjit.grad(meshjit.lax.reciprocal)(2.0)) == -0.25
