"""With x64 on, each program of cases.py gives JAX's dtypes, weak types and values (bit for bit
for the random draws and most math; within a few ulps of float64 for LAPACK-backed linalg)."""

import numpy as np
import pytest

from tests.support import campaign
from tests.support.jax_oracle import meshjit_results, start_jax_oracle
from tests.x64.cases import CASES, HARNESS

# Cases whose floats may differ from JAX's in the last bits (different LAPACK call sequences).
_CLOSE = {"inv", "solve", "cholesky", "det", "eigh", "svd_values", "qr_r", "norm", "lstsq"}
_CLOSE |= {"pinv", "eigvals_abs", "roots", "gammaln", "norm_cdf", "erf", "ifft2", "rfft_irfft"}
# ... or in the order of their additions (as in x64-off tests of these functions).
_CLOSE |= {"var_std", "grad", "polyval", "median_percentile", "cov", "expm_lu", "special_more"}
_CLOSE |= {"stats_more", "nn_more"}
# random.orthogonal is a QR: LAPACK's last bits differ between CPUs (AMD vs Intel kernels).
_CLOSE |= {"random_more"}


# One case in eight in `make test` (JAX runs them eagerly, an XLA compile per op; one in four
# no longer fit its 15 minutes), all in `make test-campaigns`.
EVERY = 8


@pytest.fixture(scope="session")
def jax_x64_oracle(tmp_path_factory, pytestconfig):
    return start_jax_oracle(
        list(CASES), "CASES = " + repr(CASES) + HARNESS, tmp_path_factory, pytestconfig, EVERY
    )


@pytest.mark.parametrize("case", campaign.every(EVERY, CASES))
def test_x64_matches_jax(jax_x64_oracle, case):
    got = meshjit_results("CASES = " + repr(CASES) + HARNESS, case)
    want = {k: v for k, v in jax_x64_oracle.results().items() if k.split("/")[0] == case}
    assert sorted(got) == sorted(want), case
    for key, (dtype, bits) in want.items():
        got_dtype, got_bits = got[key]
        assert got_dtype == dtype, f"{key}: dtype {got_dtype} != JAX's {dtype}"
        if key.endswith("/weak") or dtype.startswith("str"):
            assert got_bits.tolist() == bits.tolist(), f"{key}: {got_bits} != JAX's {bits}"
            continue
        g, w = got_bits.view(dtype), bits.view(dtype)
        assert g.shape == w.shape, key
        if case in _CLOSE and g.dtype.kind in "fc":
            rtol = 1e-12 if g.dtype.itemsize >= 8 and g.dtype != np.complex64 else 1e-5
            np.testing.assert_allclose(g, w, rtol=rtol, atol=rtol, err_msg=key)
        else:
            np.testing.assert_array_equal(got_bits, bits, err_msg=key)
