"""JAX's results on the oracle cases, computed in the background and shared by the workers."""

import os

import pytest

from tests.batching.oracle_cases import CASES, HARNESS
from tests.support.jax_oracle import JaxOracle, have_jax


@pytest.fixture(scope="session")
def jax_vmap_oracle(tmp_path_factory, pytestconfig):
    if not have_jax():
        pytest.skip("jax is not installed")
    base = tmp_path_factory.getbasetemp()
    run_dir = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    cache = getattr(pytestconfig, "cache", None)
    cache_dir = cache.mkdir("jax_oracle") if cache else run_dir
    return JaxOracle(CASES, HARNESS, str(run_dir), str(cache_dir))
