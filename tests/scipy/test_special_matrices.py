"""scipy.linalg's special matrices against JAX 0.10.2 (bit for bit but for rounding in
invhilbert / pascal's products) and scipy.linalg's own values."""

import numpy as np
import pytest

import meshjit
from meshjit.scipy import linalg
from tests.support.jax_cases import RUN_THUNK, jax_case_tests

HARNESS = r'''
import importlib

sl = importlib.import_module(jax.__name__ + ".scipy.linalg")
C = np.array([1.0, 2.5, -3.0, 4.0], np.float32)
R = np.array([1.0, -1.0, 0.5], np.float32)
B = np.arange(12, dtype=np.float32).reshape(3, 4)
CASES = {
    "block_diag": lambda: sl.block_diag(np.ones((2, 2), np.float32), np.arange(3), np.float32(7.0), np.zeros((1, 0))),
    "toeplitz": lambda: (sl.toeplitz(C), sl.toeplitz(C, R), sl.toeplitz(B), sl.toeplitz(C + 1j * C)),
    "hankel": lambda: (sl.hankel(C), sl.hankel(C, R), sl.hankel(B, R)),
    "circulant": lambda: (sl.circulant(C), sl.circulant(B)),
    "companion": lambda: (sl.companion(C), sl.companion(B)),
    "leslie": lambda: sl.leslie(C, R),
    "fiedler": lambda: (sl.fiedler(C), sl.fiedler_companion(C), sl.fiedler_companion(C[:2]), sl.fiedler_companion(B)),
    "convolution_matrix": lambda: tuple(sl.convolution_matrix(C, n, mode) for n in (2, 5) for mode in ("full", "same", "valid")),
    "hilbert": lambda: (sl.hilbert(5), sl.invhilbert(5)),
    "pascal": lambda: tuple(f(5, kind) for f in (sl.pascal, sl.invpascal) for kind in (None, "lower", "upper")),
    "helmert": lambda: (sl.helmert(5), sl.helmert(4, full=True)),
    "hadamard": lambda: (sl.hadamard(8), sl.hadamard(4, jnp.float32)),
    "dft": lambda: (sl.dft(6), sl.dft(5, "sqrtn"), sl.dft(4, "n")),
}
''' + RUN_THUNK

NAMES = [
    "block_diag", "toeplitz", "hankel", "circulant", "companion", "leslie", "fiedler",
    "convolution_matrix", "hilbert", "pascal", "helmert", "hadamard", "dft",
]  # fmt: skip


jax_results, test_same_as_jax = jax_case_tests(NAMES, HARNESS, 1e-6)



def test_against_scipy():
    sl = pytest.importorskip("scipy.linalg")
    c, r = np.array([1.0, 2.0, 3.0]), np.array([1.0, 5.0, 6.0, 7.0])
    np.testing.assert_allclose(np.asarray(linalg.toeplitz(c, r)), sl.toeplitz(c, r))
    np.testing.assert_allclose(np.asarray(linalg.hankel(c, r)), sl.hankel(c, r))
    np.testing.assert_allclose(np.asarray(linalg.invhilbert(4)), sl.invhilbert(4), rtol=1e-4)
    np.testing.assert_allclose(np.asarray(linalg.helmert(4, True)), sl.helmert(4, True), rtol=1e-6)


def test_bad_input():
    with pytest.raises(meshjit.MeshjitValueError, match="at most 2 dimensions"):
        linalg.block_diag(np.ones((2, 2, 2)))
    with pytest.raises(meshjit.MeshjitValueError, match="power of 2"):
        linalg.hadamard(6)
    with pytest.raises(meshjit.MeshjitValueError, match="one less than the length of f"):
        linalg.leslie(np.ones(3), np.ones(3))
    with pytest.raises(meshjit.MeshjitValueError, match="mode must be one of"):
        linalg.convolution_matrix(np.ones(3), 4, "middle")
