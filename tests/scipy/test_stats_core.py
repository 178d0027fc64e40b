"""scipy.stats.mode / rankdata / sem against JAX 0.10.2: every rank method, along an axis and
flattened, ties, nans, keepdims."""

import numpy as np
import pytest

import meshjit
from meshjit.scipy import stats
from tests.support.jax_cases import RUN_THUNK, jax_case_tests

HARNESS = r'''
import importlib

st = importlib.import_module(jax.__name__ + ".scipy.stats")
A = np.array([[3.0, 1, 2, 2, np.nan], [5, 5, 1, 1, 1], [0, 0, 0, 7, 7]], np.float32)
B = np.array([[3, 1, 2, 2, 9], [5, 5, 1, 1, 1], [0, 0, 0, 7, 7]], np.int32)
METHODS = ("average", "min", "max", "dense", "ordinal")
CASES = {
    "mode": lambda: (st.mode(B), st.mode(B, axis=1), st.mode(B, axis=None, keepdims=True), st.mode(A[1:], axis=-1, keepdims=True)),
    "rankdata": lambda: tuple(st.rankdata(B, m) for m in METHODS) + tuple(st.rankdata(B, m, axis=1) for m in METHODS),
    "rankdata_nan": lambda: st.rankdata(A),
    "sem": lambda: (st.sem(A[1:]), st.sem(A, axis=1, ddof=0, nan_policy="omit"), st.sem(B, axis=None, keepdims=True)),
}
''' + RUN_THUNK

NAMES = ["mode", "rankdata", "rankdata_nan", "sem"]


jax_results, test_same_as_jax = jax_case_tests(NAMES, HARNESS, 1e-7)



def test_bad_input():
    with pytest.raises(meshjit.MeshjitValueError, match="unknown method 'median'"):
        stats.rankdata(np.ones(3), "median")
    with pytest.raises(meshjit.MeshjitValueError, match="Illegal nan_policy"):
        stats.mode(np.ones(3), nan_policy="ignore")
    with pytest.raises(NotImplementedError, match="nan_policy='omit' is not implemented"):
        stats.rankdata(np.ones(3), nan_policy="omit")
