"""Array attributes JAX's arrays have: is_ready, clone, tobytes, global_shards,
on_device_size_in_bytes, and `flat` refused as JAX refuses it; device_put's hints."""

import numpy as np
import pytest

import meshjit
from meshjit.sharding import NamedSharding
from meshjit.sharding import PartitionSpec as P


def _sharded():
    mesh = meshjit.make_mesh((4, 2), ("x", "y"))
    x = np.arange(32, dtype=np.float32).reshape(8, 4)
    return x, meshjit.device_put(x, NamedSharding(mesh, P("x")))


def test_ready_clone_bytes_and_sizes():
    x, a = _sharded()
    assert a.block_until_ready().is_ready() is True
    b = a.clone()
    assert b is not a and b.sharding == a.sharding
    np.testing.assert_array_equal(np.asarray(b), x)
    a.delete()
    np.testing.assert_array_equal(np.asarray(b), x)  # its own buffers
    assert b.tobytes() == x.tobytes()
    assert [s.index for s in b.global_shards] == [s.index for s in b.addressable_shards]
    # 8 devices: 4 row blocks of 2 x 4 floats, each held by 2 devices
    assert b.on_device_size_in_bytes() == 8 * 2 * 4 * 4


def test_flat_is_refused_as_in_jax():
    with pytest.raises(NotImplementedError, match="consider arr.flatten"):
        _ = meshjit.numpy.ones(3).flat


def test_device_put_takes_jaxs_hints():
    x = np.ones(4, np.float32)
    out = meshjit.device_put(x, meshjit.devices()[1], donate=True, may_alias=False, src=None)
    assert out.devices() == {meshjit.devices()[1]}
    np.testing.assert_array_equal(np.asarray(out), x)


def test_unsafe_buffer_pointer_addresses_the_single_buffer():
    import ctypes

    a = meshjit.numpy.arange(4.0)
    view = (ctypes.c_float * 4).from_address(a.unsafe_buffer_pointer())
    np.testing.assert_array_equal(np.ctypeslib.as_array(view), [0.0, 1.0, 2.0, 3.0])
    _, sharded = _sharded()
    with pytest.raises(ValueError, match="supported only for unsharded arrays"):  # JAX's words
        sharded.unsafe_buffer_pointer()
