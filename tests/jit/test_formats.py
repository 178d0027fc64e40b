"""jax.experimental.layout's Format / Layout as JAX 0.10.2 reports them (the reprs below read
off JAX on one CPU device): `Array.format`, `Compiled.input_formats` / `output_formats` in the
call's structure (a typed key standing for itself), `ShapeDtypeStruct.format`, and Format's
checks of its arguments."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental.layout import Format, Layout

CPU0 = "SingleDeviceSharding(device=CpuDevice(id=0), memory_kind=device)"


def fmt(major_to_minor) -> str:
    layout = f"Layout(major_to_minor={major_to_minor}, tiling=(), sub_byte_element_size_in_bits=0)"
    return f"Format(layout={layout}, sharding={CPU0})"


def test_array_format_as_jax():
    assert repr(jnp.ones((4, 2)).format) == fmt((0, 1))
    assert repr(jnp.ones(()).format) == fmt(())


def test_compiled_formats_as_jax():
    compiled = meshjit.jit(lambda x, y: (x * 2, y.sum())).lower(jnp.ones((4, 2)), y=3).compile()
    assert repr(compiled.input_formats) == f"(({fmt((0, 1))},), {{'y': {fmt(())}}})"
    assert repr(compiled.output_formats) == f"({fmt((0, 1))}, {fmt(())})"
    nested = meshjit.jit(lambda d: d["a"]).lower({"a": jnp.ones(2)}).compile()
    assert repr(nested.input_formats) == f"(({{'a': {fmt((0,))}}},), {{}})"


def test_typed_key_formats_and_shardings_are_no_key_arrays():
    compiled = meshjit.jit(lambda: meshjit.random.key(0)).lower().compile()
    assert repr(compiled.output_formats) == fmt((0,))  # the key data's layout, as JAX's
    assert repr(compiled.output_shardings) == CPU0


def test_shape_dtype_struct_format_as_jax():
    assert repr(meshjit.ShapeDtypeStruct((2,), np.float32).format) == (
        "Format(layout=None, sharding=None)"
    )


def test_layout_and_format_values_as_jax():
    assert Layout((1, 0)) == Layout((1, 0)) and hash(Layout((1, 0))) == hash(Layout((1, 0)))
    assert repr(Format(Layout.AUTO)) == "Format(layout=AUTO, sharding=None)"
    assert Layout((0,)).update(tiling=((8,),)).tiling == ((8,),)
    with pytest.raises(ValueError, match="Sharding has to be concrete when layout is of type"):
        Format(Layout((0,)))
    with pytest.raises(TypeError, match="Invalid value received for the layout argument"):
        Format(3)
    with pytest.raises(TypeError, match="Invalid value received for the sharding argument"):
        Format(None, 3)
