"""Bad input to meshjit.scipy: a meshjit error naming the user's line."""

import numpy as np
import pytest

import meshjit
from meshjit.scipy import special, stats


def _line(marker: str) -> int:
    with open(__file__) as f:
        return next(i for i, line in enumerate(f, 1) if marker in line and "_line(" not in line)


def test_logsumexp_b_that_does_not_broadcast():
    with pytest.raises(meshjit.MeshjitValueError) as ei:
        special.logsumexp(np.ones((2, 4)), b=np.ones(3))  # L:lse-b
    assert "b of shape (3,) does not broadcast against a of shape (2, 4)" in str(ei.value)
    assert ei.value.source.line == _line("L:lse-b")


def test_ndtr_of_integers_and_log_ndtr_series_order():
    with pytest.raises(meshjit.MeshjitTypeError, match="x.dtype=int32 is not supported"):
        special.ndtr(np.arange(3, dtype=np.int32))
    with pytest.raises(meshjit.MeshjitValueError, match="series_order must be in"):
        special.log_ndtr(np.ones(2, np.float32), series_order=31)
    with pytest.raises(meshjit.MeshjitTypeError, match="series_order must be a Python integer"):
        special.log_ndtr(np.ones(2, np.float32), series_order=2.0)


def test_multivariate_normal_shapes():
    with pytest.raises(meshjit.MeshjitValueError, match="incompatible shapes") as ei:
        stats.multivariate_normal.logpdf(np.zeros(3), np.zeros(3), np.eye(2))  # L:mvn
    assert ei.value.source.line == _line("L:mvn")


def test_grads_under_jit():
    x = np.linspace(-3, 3, 7).astype(np.float32)
    g = meshjit.jit(meshjit.grad(lambda v: special.log_ndtr(v).sum()))(x)
    np.testing.assert_allclose(
        np.asarray(g), np.exp(-(x**2) / 2) / np.sqrt(2 * np.pi) / special.ndtr(x), rtol=1e-5
    )
