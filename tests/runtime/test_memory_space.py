"""`jax.memory.Space` and memory kinds in device_put and jit, as JAX 0.10.2's on the CPU: the
CPU's host memories (pinned_host, unpinned_host) are its device memory, so an array in them
is labelled by its sharding's memory_kind; Space.Any, which JAX fails on with an
AssertionError, is a clear error."""

import numpy as np
import pytest

import meshjit
from meshjit.sharding import NamedSharding
from meshjit.sharding import PartitionSpec as P

SPACE = meshjit.memory.Space


def test_device_space_keeps_the_value_in_device_memory():
    assert [s.name for s in SPACE] == ["Device", "Host", "Any"]
    x = meshjit.numpy.ones(3)
    assert meshjit.device_put(x, SPACE.Device).sharding.memory_kind == "device"
    doubled = meshjit.jit(lambda x: meshjit.device_put(x, SPACE.Device) * 2)(x)
    np.testing.assert_array_equal(np.asarray(doubled), [2.0, 2.0, 2.0])


def test_host_memory_kinds_label_arrays_as_jaxs():
    mesh = meshjit.make_mesh((8,), ("x",))
    s_host = NamedSharding(mesh, P("x"), memory_kind="pinned_host")
    assert "memory_kind=pinned_host" in repr(s_host) and s_host != s_host.with_memory_kind("device")
    x = meshjit.device_put(np.arange(16.0, dtype=np.float32), s_host)
    assert x.sharding.memory_kind == "pinned_host" and x.sharding == s_host
    back = meshjit.device_put(x, s_host.with_memory_kind("device"))
    assert back.sharding.memory_kind == "device"
    out = meshjit.jit(lambda x: x * 2, out_shardings=s_host)(back)
    assert out.sharding.memory_kind == "pinned_host"
    np.testing.assert_array_equal(np.asarray(out), np.arange(16.0) * 2)
    assert meshjit.jit(lambda x: x + 1)(x).sharding.memory_kind == "device"
    assert meshjit.device_put(back, SPACE.Host).sharding.memory_kind == "pinned_host"
    assert meshjit.device_put(x, SPACE.Device).sharding.memory_kind == "device"


def test_the_any_space_is_refused_clearly():
    x = meshjit.numpy.ones(3)
    with pytest.raises(ValueError, match="Space.Any: Any names no memory"):
        meshjit.device_put(x, SPACE.Any)


def test_a_single_device_array_moves_between_memory_kinds():
    device = meshjit.devices()[0]
    host = meshjit.sharding.SingleDeviceSharding(device, memory_kind="pinned_host")
    x = meshjit.device_put(np.arange(4.0, dtype=np.float32), host)
    assert x.sharding == host
    y = meshjit.device_put(x, SPACE.Device)
    assert y.sharding.memory_kind == "device" and y.sharding == host.with_memory_kind("device")
    assert meshjit.device_put(x, device).sharding.memory_kind == "device"
