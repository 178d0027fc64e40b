"""A representative set of vmapped programs gives JAX 0.10.2's numbers."""

import numpy as np
import pytest

from tests.batching.oracle_cases import CASES, HARNESS
from tests.support.jax_oracle import meshjit_results


@pytest.mark.parametrize("case", CASES)
def test_matches_jax(jax_vmap_oracle, case):
    got = meshjit_results(HARNESS, case)
    want = {k: v for k, v in jax_vmap_oracle.results().items() if k.split("/")[0] == case}
    assert sorted(got) == sorted(want)
    for key, (dtype, bits) in want.items():
        got_dtype, got_bits = got[key]
        assert got_dtype == dtype, key
        assert got_bits.shape == bits.shape, key
        if dtype.startswith("float"):
            got_bits, bits = got_bits.view(dtype), bits.view(dtype)
            np.testing.assert_allclose(got_bits, bits, rtol=2e-5, atol=2e-6, err_msg=key)
        else:
            np.testing.assert_array_equal(got_bits, bits, err_msg=key)
