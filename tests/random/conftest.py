"""JAX's results on the cases, computed in the background (while the other random tests run)
when the cases change, and shared by the pytest workers."""

import pytest

from tests.random.cases import CASES, HARNESS
from tests.support import campaign
from tests.support.jax_oracle import have_jax, start_jax_oracle


@pytest.fixture(scope="session")
def jax_oracle(tmp_path_factory, pytestconfig):
    return start_jax_oracle(CASES, HARNESS, tmp_path_factory, pytestconfig, every=campaign.SWEEP)


@pytest.fixture(scope="session", autouse=True)
def _start_jax_early(request):
    """Starts JAX with the first random test of each worker, so it runs alongside them."""
    if have_jax():
        request.getfixturevalue("jax_oracle")
