"""meshjit.scipy.signal against JAX 0.10.2: every mode of the direct and FFT convolutions and
correlations (operands swapped, complex, batched axes) and detrend, values and gradients."""

import numpy as np
import pytest

import meshjit
from meshjit.scipy import signal
from tests.support.jax_cases import RUN_CASE, jax_case_tests

HARNESS = r'''
import importlib

sig = importlib.import_module(jax.__name__ + ".scipy.signal")
rng = np.random.default_rng(0)
f32 = np.float32
X1 = rng.standard_normal(9).astype(f32)
K1 = rng.standard_normal(4).astype(f32)
X2 = rng.standard_normal((6, 5)).astype(f32)
K2 = rng.standard_normal((3, 2)).astype(f32)
KC = (rng.standard_normal((3, 2)) + 1j * rng.standard_normal((3, 2))).astype(np.complex64)
XB = rng.standard_normal((3, 8)).astype(f32)
KB = rng.standard_normal((3, 3)).astype(f32)
TRACE = (np.arange(20) * 0.3 + rng.standard_normal(20)).astype(f32).reshape(2, 10)

CASES = {}
for mode in ("full", "same", "valid"):
    CASES[f"convolve_{mode}"] = (lambda x, m=mode: sig.convolve(x, K1, m), X1)
    CASES[f"convolve_swap_{mode}"] = (lambda x, m=mode: sig.convolve(K1, x, m), X1)
    CASES[f"correlate_{mode}"] = (lambda x, m=mode: sig.correlate(x, K1, m), X1)
    CASES[f"convolve2d_{mode}"] = (lambda x, m=mode: sig.convolve2d(x, K2, m), X2)
    CASES[f"correlate2d_{mode}"] = (lambda x, m=mode: sig.correlate2d(x, K2, m), X2)
    CASES[f"correlate2d_swap_{mode}"] = (lambda x, m=mode: sig.correlate2d(K2, x, m), X2)
    CASES[f"fftconvolve_{mode}"] = (lambda x, m=mode: sig.fftconvolve(x, K2, m), X2)
    CASES[f"convolve_fft_{mode}"] = (lambda x, m=mode: sig.convolve(x, K1, m, method="fft"), X1)
CASES["fftconvolve_axes"] = (lambda x: sig.fftconvolve(x, KB, axes=1), XB)
CASES["fftconvolve_complex"] = (lambda x: jnp.abs(sig.fftconvolve(x, KC, "same")), X2)
CASES["detrend_linear"] = (lambda x: sig.detrend(x), TRACE)
CASES["detrend_bp"] = (lambda x: sig.detrend(x, axis=1, bp=[3, 7]), TRACE)
CASES["detrend_constant"] = (lambda x: sig.detrend(x, axis=0, type="constant"), TRACE)
''' + RUN_CASE

MODES = ("full", "same", "valid")
FAMILIES = (
    "convolve", "convolve_swap", "correlate", "convolve2d", "correlate2d", "correlate2d_swap",
    "fftconvolve", "convolve_fft",
)  # fmt: skip
NAMES = [f"{f}_{m}" for f in FAMILIES for m in MODES] + [
    "fftconvolve_axes", "fftconvolve_complex", "detrend_linear", "detrend_bp", "detrend_constant",
]  # fmt: skip
# FFTs and least squares: XLA's rounding, not JAX's formula, sets the last bits.
LOOSE = ("fft", "detrend")


jax_results, test_same_as_jax = jax_case_tests(
    NAMES, HARNESS, 2e-6, {n: 2e-5 for n in NAMES if any(word in n for word in LOOSE)}
)



def test_bad_input():
    with pytest.raises(meshjit.MeshjitValueError, match="mode must be one of"):
        signal.convolve(np.ones(3), np.ones(2), mode="middle")
    with pytest.raises(meshjit.MeshjitValueError, match="smaller than the other"):
        signal.convolve(np.ones((3, 2)), np.ones((2, 3)))
    with pytest.raises(meshjit.MeshjitValueError, match="same number of dimensions"):
        signal.convolve(np.ones((3, 2)), np.ones(2))
    with pytest.raises(NotImplementedError, match="boundary='fill'"):
        signal.convolve2d(np.ones((3, 3)), np.ones((2, 2)), boundary="wrap")
    with pytest.raises(meshjit.MeshjitValueError, match="method="):
        signal.convolve(np.ones(3), np.ones(2), method="winograd")
    with pytest.raises(meshjit.MeshjitValueError, match="Trend type"):
        signal.detrend(np.ones(3), type="quadratic")


def test_matches_scipy_on_integers():
    sp_signal = pytest.importorskip("scipy.signal")
    x, k = np.arange(12).reshape(3, 4), np.array([[1, 2], [3, 5]])
    for mode in MODES:
        got = np.asarray(signal.convolve2d(x, k, mode))
        np.testing.assert_allclose(got, sp_signal.convolve2d(x, k, mode), rtol=1e-6)
