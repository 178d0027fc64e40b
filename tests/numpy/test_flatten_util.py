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
    with pytest.raises(ValueError, match="Sum of sizes 6 must be equal to dimension 0"):
        unravel(jnp.ones(5))  # JAX's: lax.split's check of the sizes
    # As JAX's: the array is split along its first axis, then each piece reshaped.
    assert unravel(jnp.ones((6, 1)))["w"].shape == (2, 2)
    # One leaf dtype: unravel is dtype-polymorphic, as JAX's (no conversion either way).
    ints = unravel(jnp.ones(6, jnp.int32))
    assert ints["w"].dtype == jnp.int32 and ints["b"].shape == (2,)
    _, mixed = ravel_pytree({"w": jnp.ones((2, 2)), "i": jnp.zeros(2, jnp.int32)})
    with pytest.raises(TypeError, match="expected dtype float32"):
        mixed(jnp.ones(6, jnp.int32))


def test_one_dtype_is_raveled_without_conversion_as_jax():
    """Weak leaves give a weak vector (no convert_element_type), so a gradient through
    ravel_pytree keeps the type its cotangent has (odeint's strong adjoint at a Python float)."""
    flat, unravel = ravel_pytree((2.0, 3.0))
    assert flat.weak_type and unravel(flat)[0].weak_type
    g = meshjit.grad(lambda t: jnp.sum(ravel_pytree(t)[0] ** 2))((2.0, 3.0))
    assert g[0].weak_type and g[1].weak_type
    # A strong leaf makes the vector strong: JAX 0.10.2 gives both cotangents strong.
    g = meshjit.grad(lambda t: jnp.sum(ravel_pytree(t)[0] ** 2))((2.0, jnp.float32(3.0)))
    assert not g[0].weak_type and not g[1].weak_type
    np.testing.assert_allclose(g, [4.0, 6.0])
