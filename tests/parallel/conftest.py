"""Fixtures of the parallel tests: the 8 CPU devices and a (4, 2) mesh over them."""

import pytest

import meshjit


@pytest.fixture(scope="module")
def devs():
    return meshjit.devices()


@pytest.fixture(scope="module")
def mesh():
    """A (4, 2) mesh with axes ("x", "y")."""
    return meshjit.make_mesh((4, 2), ("x", "y"))
