"""jnp.repeat along a dimension sharded over Explicit axes, without out_sharding, is JAX 0.10.2's
ValueError "Please pass sharding to `jnp.repeat` via `out_sharding` parameter." (meshjit
repeated it, typing the result itself); with out_sharding, or along an unsharded dimension, it
repeats as NumPy does."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.sharding import NamedSharding
from meshjit.sharding import PartitionSpec as P

A = np.arange(64.0, dtype=np.float32).reshape(8, 8)


@pytest.fixture(scope="module")
def mesh():
    return meshjit.make_mesh((2, 4), ("a", "b"))


@pytest.mark.parametrize("axis", [0, 1])
def test_repeat_along_a_sharded_dimension_asks_for_out_sharding(mesh, axis):
    x = meshjit.device_put(A, NamedSharding(mesh, P("a", "b")))
    with meshjit.set_mesh(mesh), pytest.raises(ValueError) as info:
        jnp.repeat(x, 2, axis=axis)
    assert str(info.value) == "Please pass sharding to `jnp.repeat` via `out_sharding` parameter."
    assert any("out_sharding=" in n for n in info.value.__notes__)


def test_repeat_with_out_sharding_or_an_unsharded_dimension_repeats(mesh):
    x = meshjit.device_put(A, NamedSharding(mesh, P("a", "b")))
    with meshjit.set_mesh(mesh):
        out = jnp.repeat(x, 2, axis=1, out_sharding=P("a", None))
        assert str(meshjit.typeof(out)) == "float32[8@a,16]"
        np.testing.assert_array_equal(np.asarray(out), np.repeat(A, 2, axis=1))
        y = meshjit.sharding.reshard(x, P("a", None))
        out = jnp.repeat(y, 3, axis=1)
        assert str(meshjit.typeof(out)) == "float32[8@a,24]"
        np.testing.assert_array_equal(np.asarray(out), np.repeat(A, 3, axis=1))
