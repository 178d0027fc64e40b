"""meshjit.Array prints as JAX's Array: weak types, empty arrays, the dtype's own line."""

import meshjit.numpy as jnp


def test_weak_typed_values_say_so():
    assert repr(jnp.asarray(42)) == "Array(42, dtype=int32, weak_type=True)"
    assert repr(jnp.ones(2)) == "Array([1., 1.], dtype=float32)"


def test_empty_arrays_show_their_shape():
    assert repr(jnp.zeros((1, 0), jnp.int32)) == "Array([], shape=(1, 0), dtype=int32)"


def test_the_dtype_moves_to_its_own_line_past_the_line_width():
    text = repr(jnp.array([60, 90, 120, 180]) * jnp.pi / 180)  # int * weak float: weak float
    assert text.endswith("],      dtype=float32, weak_type=True)") and "\n" not in text
