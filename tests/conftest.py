"""pytest setup: 8 CPU devices, and a typecheck after every trace."""

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

from meshjit.compiler.jit import api  # noqa: E402

api.TYPECHECK["enabled"] = True


@pytest.fixture
def counters():
    """The trace / lower / compile counters, reset to zero."""
    api.COUNTERS.clear()
    return api.COUNTERS


# CI runs the same examples every time (a red CI must be reproducible); local runs explore.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
