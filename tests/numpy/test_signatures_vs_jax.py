"""jax.numpy's signatures as JAX 0.10.2's (one JAX subprocess): NumPy's positional `out` slot
(so keepdims / ddof / mode passed by position land where they do in JAX), `out=` refused with
JAX's NotImplementedError, and the newer keywords: `promote_integers`, var / std `mean=`,
stacking `dtype=`, `array(ndmin=)`, `asarray(order=)`, `take`'s hints, `astype(copy=)`."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
X = np.array([[1.5, -2., 4.], [3., 0.5, -1.]], np.float32)
I8 = np.array([100, 100, 27], np.int8)
I8S = np.array([[100, 100, 27], [-100, 90, 3]], np.int8)
NAN = np.array([[1., np.nan, 3.], [np.nan, 2., 8.]], np.float32)

CASES = {
    "keepdims_by_position": lambda: [
        jnp.sum(X, 0, None, None, True), jnp.prod(X, 1, None, None, True),
        jnp.max(X, 1, None, True), jnp.min(X, 0, None, True), jnp.mean(X, 0, None, None, True),
        jnp.any(X > 2, 0, None, True), jnp.all(X > 0, 1, None, True),
        jnp.argmax(X, 1, None, True), jnp.argmin(X, 0, None, True), jnp.ptp(X, 1, None, True),
        jnp.nansum(NAN, 0, None, None, True), jnp.nanmax(NAN, 1, None, True),
        jnp.nanmean(NAN, 1, None, None, True), jnp.nanargmin(NAN, 1, None, True)],
    "ddof_by_position": lambda: [
        jnp.var(X, 0, None, None, 1), jnp.std(X, 1, None, None, 1, True),
        jnp.nanvar(NAN, 1, None, None, 1), jnp.nanstd(NAN, 0, None, None, 0, True)],
    "initial_where_by_position": lambda: [
        jnp.sum(X, 1, None, None, False, 10.0, X > 0),
        jnp.max(X, 0, None, False, -100.0, X < 3)],
    "promote_integers": lambda: [
        jnp.sum(I8), jnp.sum(I8, promote_integers=False), jnp.prod(I8, promote_integers=False),
        jnp.sum(I8 > 50, promote_integers=False)],
    "mean_given": lambda: [
        jnp.var(X, axis=1, mean=jnp.array([[1.], [0.]], np.float32)),
        jnp.std(X, axis=0, ddof=1, mean=X.mean(0, keepdims=True)),
        jnp.nanvar(NAN, axis=1, mean=np.array([[2.], [5.]], np.float32))],
    "cumulative_trace_round_take": lambda: [
        jnp.cumsum(X, 1, None, None), jnp.nancumprod(NAN, 0, None, None),
        jnp.trace(X, 0, 0, 1, None, None), jnp.round(X * 1.234, 2, None),
        jnp.around(X, 0, None), jnp.take(X, np.array([5, -1, 2]), None, None, "clip"),
        jnp.take(X, np.array([0, 2]), 1, unique_indices=True, indices_are_sorted=True),
        jnp.outer(X[0], X[1], None)],
    "stacking_dtype": lambda: [
        jnp.stack([X[0], X[1]], 1, None, jnp.int32), jnp.hstack([X, X], dtype=jnp.float16),
        jnp.vstack([X[0], X[1]], jnp.int8), jnp.dstack([X, X], dtype=jnp.bfloat16),
        jnp.corrcoef(X, dtype=jnp.float32)],
    "creation": lambda: [
        jnp.array([1, 2], ndmin=3), jnp.array(X, jnp.int32, True, "K", 4),
        jnp.asarray([1.5, 2.5], None, "K"), jnp.asarray(X, order=None),
        jnp.astype(X, jnp.int32, copy=True), jnp.eye(2, device=jax.devices()[0]),
        jnp.linspace(0, 1, 5, device=jax.devices()[0])],
    # An int8 product with int32 preferred accumulates in int32 (it wrapped at 127: 48, not 30000)
    "products_preferred": lambda: [
        jnp.matmul(I8S, I8S.T, preferred_element_type=jnp.int32),
        jnp.dot(I8S, I8S.T, preferred_element_type=jnp.int32),
        jnp.tensordot(I8S, I8S.T, 1, preferred_element_type=jnp.int32, precision="highest"),
        jnp.inner(I8S, I8S, preferred_element_type=jnp.int32, precision=None),
        jnp.vdot(I8S, I8S, preferred_element_type=jnp.int32),
        jnp.linalg.vecdot(I8S, I8S, preferred_element_type=jnp.int32),
        jnp.linalg.matmul(X.astype(jnp.bfloat16), X.T.astype(jnp.bfloat16),
                          preferred_element_type=jnp.float32),
        jnp.linalg.tensordot(X, X.T, axes=1, preferred_element_type=jnp.float16)],
    "more_keywords": lambda: [
        jnp.argsort(X[0], dtype=jnp.int16), jnp.argsort(X, 0, descending=True, dtype=jnp.uint8),
        jnp.unique(np.array([3, 1, 3, 2]), sorted=True),
        jnp.isin(np.arange(5), np.array([1, 3]), method="sort"),
        jnp.isin(np.arange(5), np.array([4]), invert=True, method="binary_search"),
        jnp.digitize(X[0], np.array([-1., 0., 2.]), method="compare_all"),
        jnp.fft.fftfreq(5, 0.5, device=jax.devices()[0]), jnp.fft.rfftfreq(6, device=None)],
    "out_refused": lambda: [
        np.frombuffer((_kind(e) + ": " + str(e).splitlines()[0].split(" (")[0].rstrip(".")).encode(), np.uint8)
        for e in _errors(
            lambda: jnp.sum(X, out=X), lambda: jnp.max(X, 0, X), lambda: jnp.var(X, 0, None, X),
            lambda: jnp.cumsum(X, 0, None, X), lambda: jnp.round(X, 0, X),
            lambda: jnp.take(X, 0, None, X), lambda: jnp.asarray(X, order="F"))],
}


def _kind(e):
    return "NotImplementedError" if isinstance(e, NotImplementedError) else type(e).__name__


def _errors(*thunks):
    out = []
    for thunk in thunks:
        try:
            thunk()
        except Exception as e:
            out.append(e)
    return out
"""
    + RUN_CASES
)

CASES = [
    "keepdims_by_position",
    "ddof_by_position",
    "initial_where_by_position",
    "promote_integers",
    "mean_given",
    "cumulative_trace_round_take",
    "stacking_dtype",
    "creation",
    "products_preferred",
    "more_keywords",
    "out_refused",
]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_same_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)


def test_out_is_refused_by_name():
    with pytest.raises(NotImplementedError, match="The 'out' argument to jnp.nanstd"):
        jnp.nanstd(np.ones(3, np.float32), 0, None, np.ones(3))
    with pytest.raises(NotImplementedError, match="The 'out' argument to jnp.isposinf"):
        jnp.isposinf(np.ones(3, np.float32), np.ones(3))
    assert meshjit.numpy.array(2.0, ndmin=2).shape == (1, 1)
