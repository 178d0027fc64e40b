"""Fixtures of the parallel tests: the 8 CPU devices and a (4, 2) mesh over them."""

import pytest

import meshjit

# Auto axes: these programs leave layouts to propagation (make_mesh defaults to Explicit).
AUTO2 = (meshjit.sharding.AxisType.Auto,) * 2


@pytest.fixture(scope="module")
def devs():
    return meshjit.devices()


@pytest.fixture(scope="module")
def mesh():
    """A (4, 2) mesh with axes ("x", "y")."""
    return meshjit.make_mesh((4, 2), ("x", "y"), axis_types=AUTO2)
