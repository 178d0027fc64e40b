"""`jax.memory.Space` in device_put, as JAX 0.10.2's on the CPU for device memory (the value
stays on its device, also under jit); host memory is not implemented (as a host memory_kind)
and Space.Any, which JAX fails on with an AssertionError, is a clear error."""

import numpy as np
import pytest

import meshjit

SPACE = meshjit.memory.Space


def test_device_space_keeps_the_value_in_device_memory():
    assert [s.name for s in SPACE] == ["Device", "Host", "Any"]
    x = meshjit.numpy.ones(3)
    assert meshjit.device_put(x, SPACE.Device).sharding.memory_kind == "device"
    doubled = meshjit.jit(lambda x: meshjit.device_put(x, SPACE.Device) * 2)(x)
    np.testing.assert_array_equal(np.asarray(doubled), [2.0, 2.0, 2.0])


def test_host_and_any_spaces_are_refused_clearly():
    x = meshjit.numpy.ones(3)
    with pytest.raises(NotImplementedError, match="memory_kind='pinned_host'"):
        meshjit.device_put(x, SPACE.Host)
    with pytest.raises(ValueError, match="Space.Any: Any names no memory"):
        meshjit.device_put(x, SPACE.Any)
