"""Every case of `cases.py` gives JAX 0.10.2's bits, eagerly and under jit."""

import numpy as np
import pytest

from tests.random.cases import CASES, CLOSE, HARNESS
from tests.support import campaign
from tests.support.jax_oracle import meshjit_results


# one in 48 in make test
@pytest.mark.parametrize("case", campaign.every(campaign.SWEEP, CASES, ids=lambda c: c[0]))
def test_bits_equal_jax(jax_oracle, case):
    got = meshjit_results(HARNESS, case)  # first: JAX may still be running
    want = {k: v for k, v in jax_oracle.results().items() if k.split("|")[0] == case[0]}
    assert sorted(got) == sorted(want), case[0]
    for key, (dtype, bits) in want.items():
        got_dtype, got_bits = got[key]
        assert got_dtype == dtype, f"{key}: dtype {got_dtype} != JAX's {dtype}"
        assert got_bits.shape == bits.shape, f"{key}: shape {got_bits.shape} != JAX's {bits.shape}"
        if case[0] in CLOSE:
            got_f, want_f = (_as_float(b, dtype) for b in (got_bits, bits))
            np.testing.assert_allclose(got_f, want_f, rtol=CLOSE[case[0]], err_msg=key)
            continue
        differ = np.flatnonzero(got_bits.ravel() != bits.ravel())
        assert differ.size == 0, (
            f"{key}: {differ.size} of {bits.size} values differ from JAX's, first at flat "
            f"index {differ[0]}: {got_bits.ravel()[differ[0]]} != {bits.ravel()[differ[0]]}"
        )


def _as_float(bits, dtype):
    """Float bits (as unsigned ints) back to their values, in float64."""
    return bits.view(dtype).astype(np.float64)
