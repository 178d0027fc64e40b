"""x64 tests leave the mode as they found it (off), whatever they toggle."""

import pytest

import meshjit


@pytest.fixture(autouse=True)
def _x64_off_after():
    yield
    meshjit.config.update("jax_enable_x64", False)
