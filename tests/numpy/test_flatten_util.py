"""meshjit.flatten_util.ravel_pytree as JAX's: the flat vector (promoted dtype, leaf order),
unravel back to the structure, shapes and dtypes, and its errors."""

from __future__ import annotations

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.flatten_util import ravel_pytree
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = """
from jax.flatten_util import ravel_pytree
tree = {"a": jnp.ones((2, 3)), "b": [jnp.arange(3), 2.0], "c": jnp.zeros(2, jnp.bfloat16)}
flat, unravel = ravel_pytree(tree)
out["flat"] = flat
back = unravel(flat * 2)
out["back_a"], out["back_b0"] = back["a"], back["b"][0]
out["back_c"] = back["c"].astype(jnp.float32)  # bfloat16 restored (saved as float32 here)
out["back_c_dtype"] = np.array(str(back["c"].dtype))
out["ints"] = ravel_pytree([jnp.arange(3), jnp.ones(2, jnp.int8)])[0]
out["empty"] = ravel_pytree(())[0]
"""


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    return jax_on_8_devices(PROGRAM, tmp_path_factory.mktemp("ravel"))


@pytest.fixture(scope="module")
def ours():
    out = meshjit_on_program(PROGRAM, ravel_pytree=ravel_pytree)
    return {k: np.asarray(v) for k, v in out.items()}


@pytest.mark.parametrize(
    "key", ["flat", "back_a", "back_b0", "back_c", "back_c_dtype", "ints", "empty"]
)
def test_matches_jax(key, ours, jax_out):
    assert (ours[key].dtype, ours[key].shape) == (jax_out[key].dtype, jax_out[key].shape)
    np.testing.assert_array_equal(ours[key], jax_out[key])


def test_unravel_in_jit_and_errors():
    flat, unravel = ravel_pytree({"w": jnp.ones((2, 2)), "b": jnp.zeros(2)})
    back = meshjit.jit(unravel)(flat + 1)
    np.testing.assert_array_equal(np.asarray(back["w"]), np.full((2, 2), 2.0))
    with pytest.raises(ValueError, match="expected shape"):
        unravel(jnp.ones(5))
    with pytest.raises(TypeError, match="expected dtype float32"):
        unravel(jnp.ones(6, jnp.int32))
