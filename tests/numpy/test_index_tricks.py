"""jnp's index helpers (compiler/numpy/index_tricks.py) as JAX 0.10.2's."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp


def test_ravel_multi_index_mode_raise_needs_concrete_indices_as_jax():
    """JAX checks the bounds of mode="raise" on the values: under jit it raises a
    ConcretizationTypeError naming mode="wrap" / "clip" (a periodic neighbour table in a
    real_* program; meshjit clipped silently)."""
    idx = (np.int32([0, 1]), np.int32([2, 3]))
    with pytest.raises(meshjit.errors.ConcretizationTypeError) as e:
        meshjit.jit(lambda i, j: jnp.ravel_multi_index((i, j), (3, 4)))(*idx)
    assert str(e.value).splitlines()[0] == (
        "Abstract tracer value encountered where concrete value is expected: traced array with "
        "shape int32[2]"
    )
    assert "jit-compiled with mode='raise'. Use mode='wrap' or mode='clip' instead." in str(e.value)
    got = meshjit.jit(lambda i, j: jnp.ravel_multi_index((i, j), (3, 4), mode="wrap"))(*idx)
    np.testing.assert_array_equal(got, [2, 7])


def test_ravel_multi_index_ignore_mode_and_integer_indices_as_jax():
    """mode="ignore" computes the flat index unchecked; float indices are JAX's ValueError (their
    dtype) or, given an integer dtype, its TypeError."""
    got = jnp.ravel_multi_index((np.int32([1, 5]), np.int32([2, -1])), (3, 4), mode="ignore")
    np.testing.assert_array_equal(got, [6, 19])
    floats = (np.float32([1.0]), np.int32([2]))
    with pytest.raises(ValueError, match=r"dtype=dtype\('float32'\) is not an integer type"):
        jnp.ravel_multi_index(floats, (3, 4))
    with pytest.raises(TypeError, match="only int indices permitted"):
        jnp.ravel_multi_index(floats, (3, 4), dtype=np.int32)
    assert jnp.ravel_multi_index((np.uint8([1]), np.uint8([2])), (3, 4)).dtype == np.uint8
