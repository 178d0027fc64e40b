"""Sharding.has_addressable_devices and check_compatible_aval as JAX 0.10.2's (its words)."""

import pytest

import meshjit
from meshjit.sharding import NamedSharding, SingleDeviceSharding
from meshjit.sharding import PartitionSpec as P


def test_has_addressable_devices():
    assert NamedSharding(meshjit.make_mesh((2, 4), ("a", "b")), P("a")).has_addressable_devices
    assert SingleDeviceSharding(meshjit.devices()[0]).has_addressable_devices


def test_check_compatible_aval_as_jax():
    mesh = meshjit.make_mesh((2, 4), ("a", "b"))
    NamedSharding(mesh, P("a")).check_compatible_aval((4, 2, 3))
    SingleDeviceSharding(meshjit.devices()[0]).check_compatible_aval((2,))
    with pytest.raises(ValueError, match="is only valid for values of rank at least 3, but was"):
        NamedSharding(mesh, P("a", "b", None)).check_compatible_aval((4,))
