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


# Tests of a minute or more of one worker (a fixture running JAX and meshjit over the doc
# programs, trainings across processes, the fuzzer's slice, XLA compiles of many programs): they
# run first, so that `--dist worksteal` balances the shorter tests around them instead of one
# worker finishing a long test alone at the end. A stable sort: modules stay contiguous and
# keep their order, so module fixtures are set up once.
LONG_FIRST = (
    "tests/doc_programs/",
    "tests/distributed/test_training.py",
    "tests/distributed/test_faults.py",
    "tests/passes/test_differential.py",
    "tests/fuzz/",
    "tests/examples/test_explicit.py",
    "tests/distributed/test_programs.py",
    "tests/scipy/test_ode.py",
)


def pytest_collection_modifyitems(config, items):
    def rank(item):
        return next(
            (i for i, prefix in enumerate(LONG_FIRST) if item.nodeid.startswith(prefix)),
            len(LONG_FIRST),
        )

    items.sort(key=rank)
