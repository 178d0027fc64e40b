"""JAX's results on the cases, computed in the background (while the other random tests run)
when the cases change, and shared by the pytest workers."""

import os

import pytest

from tests.random.cases import CASES, HARNESS
from tests.support.jax_oracle import JaxOracle, have_jax


@pytest.fixture(scope="session")
def jax_oracle(tmp_path_factory, pytestconfig):
    if not have_jax():
        pytest.skip("jax is not installed")
    base = tmp_path_factory.getbasetemp()
    run_dir = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # one per run
    cache = getattr(pytestconfig, "cache", None)  # None under -p no:cacheprovider
    cache_dir = cache.mkdir("jax_oracle") if cache else run_dir  # kept between runs
    return JaxOracle(CASES, HARNESS, str(run_dir), str(cache_dir))


@pytest.fixture(scope="session", autouse=True)
def _start_jax_early(request):
    """Starts JAX with the first random test of each worker, so it runs alongside them."""
    if have_jax():
        request.getfixturevalue("jax_oracle")
