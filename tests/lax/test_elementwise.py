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


def test_jvp_of_add_adds_two_tangents_with_add_as_jax():
    # JAX's _add_jvp: `add(xdot, ydot)` (add_any is the transpose's accumulation); mul's two
    # tangent terms are summed by add_any (defjvp's add_tangents)
    text = str(
        meshjit.make_jaxpr(lambda x: meshjit.jvp(lambda x: -jnp.sin(x) + x, (x,), (1.0,)))(3.0)
    )
    assert "= add f 1.0:f32[]" in text and "add_any" not in text
    text = str(meshjit.make_jaxpr(lambda x: meshjit.jvp(lambda x: x * x, (x,), (1.0,)))(3.0))
    assert "add_any" in text
    assert meshjit.jvp(lambda x: x + 2 * x, (3.0,), (1.0,))[1] == 3.0


def test_binary_operands_of_two_ranks_refused_in_jax_words():
    # JAX's _try_broadcast_shapes: operands of different ranks (neither rank 0) name the ranks
    with pytest.raises(
        TypeError, match=r"^div: arrays must have the same number of dimensions, got \{1, 2\}\n"
    ):
        meshjit.lax.div(jnp.ones((2, 3)), jnp.ones(3))
    with pytest.raises(
        TypeError, match=r"^add got incompatible shapes for broadcasting: \(2, 3\), \(3, 3\)\.\n"
    ):
        meshjit.lax.add(jnp.ones((2, 3)), jnp.ones((3, 3)))


def test_integer_pow_of_a_symbolic_shape_broadcasts_its_constant_dynamically():
    # x ** -2 and x ** 0 fill a constant into the operand's shape: with a symbolic batch that
    # is a dynamic_broadcast_in_dim (exporting a VJP with vjp_order=1 raised before)
    from meshjit import export

    (b,) = export.symbolic_shape("b")
    f = meshjit.jit(lambda x: jnp.sum(x**-2) + jnp.sum(x**0))
    exp = export.export(f)(meshjit.ShapeDtypeStruct((b, 3), jnp.float32))
    assert float(exp.call(jnp.full((2, 3), 2.0))) == 7.5
    restored = export.deserialize(exp.serialize(vjp_order=1))
    grads = meshjit.grad(restored.call)(jnp.full((2, 3), 2.0))
    np.testing.assert_allclose(np.asarray(grads), np.full((2, 3), -0.25, np.float32))
