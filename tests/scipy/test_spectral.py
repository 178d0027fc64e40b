"""scipy.signal's stft / istft / csd / welch against JAX 0.10.2 (values and gradients): windows
by name and as arrays, boundaries, padding, detrending, one- and two-sided, mean and median
averaging, and istft inverting stft."""

import numpy as np
import pytest

import meshjit
from meshjit.scipy import signal
from tests.support.jax_cases import RUN_CASE, jax_case_tests

HARNESS = r'''
import importlib

sig = importlib.import_module(jax.__name__ + ".scipy.signal")
rng = np.random.default_rng(0)
X = rng.standard_normal((2, 200)).astype(np.float32)
Y = rng.standard_normal((2, 200)).astype(np.float32)
NO_GRAD = {"welch_median", "axes"}
CASES = {
    "stft": (lambda x: jnp.abs(sig.stft(x, nperseg=64)[2]), X),
    "stft_even": (lambda x: jnp.abs(sig.stft(x[0], fs=10.0, nperseg=50, noverlap=20, boundary="even", padded=False)[2]), X),
    "stft_odd": (lambda x: jnp.abs(sig.stft(x, nperseg=16, boundary="odd")[2]), X),
    "welch": (lambda x: sig.welch(x, nperseg=64)[1], X),
    "welch_median": (lambda x: sig.welch(x, nperseg=64, average="median", scaling="spectrum", detrend="linear")[1], X),
    "welch_twosided": (lambda x: sig.welch(x[0], nperseg=40, nfft=64, return_onesided=False, window=np.hanning(40))[1], X),
    "csd": (lambda x: jnp.abs(sig.csd(x, Y, nperseg=32)[1]), X),
    "istft": (lambda x: sig.istft(sig.stft(x, nperseg=64)[2], nperseg=64)[1], X),
    "axes": (lambda x: sig.stft(x[0], fs=10.0, nperseg=50, noverlap=20, boundary="even", padded=False)[:2] + sig.welch(x, nperseg=40, nfft=64, return_onesided=False)[:1] + sig.istft(sig.stft(x, nperseg=64)[2], fs=2.0, nperseg=64)[:1], X),
}
''' + RUN_CASE

NAMES = [
    "stft", "stft_even", "stft_odd", "welch", "welch_median", "welch_twosided", "csd", "istft", "axes",
]  # fmt: skip


jax_results, test_same_as_jax = jax_case_tests(NAMES, HARNESS, 2e-6)



def test_istft_inverts_stft_and_errors():
    x = np.random.default_rng(1).standard_normal(256).astype(np.float32)
    _, back = signal.istft(signal.stft(x, nperseg=32)[2], nperseg=32)
    np.testing.assert_allclose(np.asarray(back)[:256], x, atol=1e-5)
    with pytest.raises(meshjit.MeshjitValueError, match="noverlap must be less than nperseg"):
        signal.welch(x, nperseg=16, noverlap=16)
    with pytest.raises(meshjit.MeshjitValueError, match="Unknown boundary option"):
        signal.stft(x, boundary="wrap")
    with pytest.raises(meshjit.MeshjitValueError, match="at least 2d"):
        signal.istft(np.ones(4, np.complex64))
