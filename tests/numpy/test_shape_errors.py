"""Bad input to the shape functions: a meshjit error naming the problem and the line."""

import os

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import MeshjitError, lax

THIS_FILE = os.path.basename(__file__)


# ---------------------------------------------------------------------------------------------
# Errors.


def _raises(fn, *args, words):
    with pytest.raises(MeshjitError) as info:
        fn(*args)
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert THIS_FILE in info.value.located(), message


def test_error_bad_pad_mode():
    _raises(
        meshjit.jit(lambda a: jnp.pad(a, 1, mode="bogus")),
        np.ones(3, np.float32),
        words=["pad", "'bogus'"],
    )


def test_error_unique_without_size_under_jit():
    _raises(
        meshjit.jit(lambda a: jnp.unique(a)),
        np.ones(3, np.float32),
        words=["unique", "size argument"],
    )
    _raises(
        meshjit.jit(lambda a: jnp.nonzero(a)),
        np.ones(3, np.float32),
        words=["nonzero", "size argument"],
    )


def test_error_top_k_too_large():
    _raises(
        meshjit.jit(lambda a: lax.top_k(a, 5)), np.ones((2, 4), np.float32), words=["top_k", "k=5"]
    )


def test_error_repeat_traced_without_total():
    f = meshjit.jit(lambda a, r: jnp.repeat(a, r))
    _raises(
        f, np.ones(3, np.float32), np.ones(3, np.int32), words=["repeat", "total_repeat_length"]
    )


def test_reshape_minus_one_beside_a_zero_size_axis_is_jaxs_zero_division_error():
    # JAX's size % 0 (fuzz x64 seed 260265: unpackbits of a zero-size value reshapes to -1)
    for shape in ((0, 16, 4), (2, 3)):
        with pytest.raises(ZeroDivisionError) as info:
            jnp.zeros(shape, jnp.uint8).reshape(0, 16, -1)
        assert isinstance(info.value, MeshjitError), info.value
    assert jnp.unpackbits(jnp.zeros((2, 0), jnp.uint8), axis=-1).shape == (2, 0)
