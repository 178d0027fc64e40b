"""jax.experimental.layout's Layout and Format, as Array.format and Compiled.input_formats /
output_formats report them (JAX 0.10.2 on CPU: row-major, untiled), and
Compiled.runtime_executable()."""

import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental.layout import Format, Layout


def test_array_format_is_its_layout_and_sharding():
    x = jnp.arange(6.0).reshape(2, 3)
    assert repr(x.format.layout) == (
        "Layout(major_to_minor=(0, 1), tiling=(), sub_byte_element_size_in_bits=0)"
    )
    assert x.format.sharding == x.sharding and x.format == jnp.ones((2, 3)).format
    assert jnp.zeros(()).format.layout.major_to_minor == ()
    assert hash(x.format) == hash(jnp.ones((2, 3)).format)


def test_compiled_formats_runtime_executable():
    x = jnp.arange(6.0).reshape(2, 3)
    compiled = meshjit.jit(lambda a, b: (a @ b.T, a.sum())).lower(x, x).compile()
    args, kwargs = compiled.input_formats
    assert args == (x.format, x.format) and kwargs == {}
    out = compiled.output_formats
    assert out[0].layout == Layout((0, 1), ()) and out[1].layout.major_to_minor == ()
    assert type(compiled.runtime_executable()).__name__ == "LoadedExecutable"
    unused = meshjit.jit(lambda a, b: a * 2).lower(x, x).compile().input_formats
    assert unused[0][1] == Format()  # an argument the program drops: Format(None, None)


def test_format_and_layout_constructors():
    assert repr(Format()) == "Format(layout=None, sharding=None)"
    assert repr(Format(Layout.AUTO)) == "Format(layout=AUTO, sharding=None)"
    assert Layout((0, 1)).update(major_to_minor=(1, 0)).major_to_minor == (1, 0)
    with pytest.raises(ValueError, match="Sharding has to be concrete"):
        Format(Layout((0, 1)))
    with pytest.raises(TypeError, match="Invalid value received for the layout argument"):
        Format("row-major")


def test_with_layout_constraint_lowers_to_jax_custom_call_and_keeps_values():
    from meshjit.experimental.layout import with_layout_constraint

    f = meshjit.jit(lambda v: with_layout_constraint(v * 2, Layout((0, 1))) + 1)
    x = jnp.ones((2, 3))
    text = f.lower(x).as_text()
    assert (  # JAX 0.10.2's op (meshjit adds a pointwise sdy.sharding_rule)
        'stablehlo.custom_call @LayoutConstraint(%1) {backend_config = "", operand_layouts = '
        "[dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]"
    ) in text
    assert f(x).tolist() == [[3.0] * 3] * 2
    assert "layout_constraint[" in str(meshjit.make_jaxpr(f)(x))
    grad = meshjit.grad(lambda v: with_layout_constraint(v, Layout((1, 0))).sum())(x)
    assert grad.tolist() == [[1.0] * 3] * 2
    assert with_layout_constraint([x], Layout((1, 0)))[0] is not None
    assert meshjit.vmap(lambda v: with_layout_constraint(v, Layout((0,))))(x).shape == (2, 3)


def test_with_layout_constraint_refuses_what_jax_refuses():
    from meshjit.experimental.layout import with_layout_constraint

    x = jnp.ones((2, 3))
    with pytest.raises(ValueError, match="must be a tree prefix"):
        with_layout_constraint(x, (0, 1))
    with pytest.raises(ValueError, match="Length of major_to_minor and the rank"):
        meshjit.jit(lambda v: with_layout_constraint(v, Layout((0,))))(x)
    with pytest.raises(ValueError, match="must be of type `Layout`"):
        with_layout_constraint([x], ["C"])
