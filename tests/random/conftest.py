"""JAX's results on the cases, computed once per test run in the background (while the other
random tests run) and shared by the pytest workers."""

import os

import pytest

from tests.random.cases import CASES, HARNESS
from tests.support.jax_oracle import JaxOracle, have_jax


@pytest.fixture(scope="session")
def jax_oracle(tmp_path_factory):
    if not have_jax():
        pytest.skip("jax is not installed")
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # one per run
    return JaxOracle(CASES, HARNESS, str(shared))


@pytest.fixture(scope="session", autouse=True)
def _start_jax_early(request):
    """Starts JAX with the first random test of each worker, so it runs alongside them."""
    if have_jax():
        request.getfixturevalue("jax_oracle")
