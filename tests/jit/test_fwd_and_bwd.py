"""meshjit.fwd_and_bwd: the forward and backward passes as two jitted functions, each traced
once across calls, giving vjp's values."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.compiler.jit.api import COUNTERS


def f(x, w):
    return jnp.sin(x @ w)


def test_matches_vjp_and_traces_once():
    x = jnp.arange(16.0).reshape(4, 4) / 10
    w = jnp.ones((4, 4))
    ct = jnp.full((4, 4), 0.5)
    fwd, bwd = meshjit.fwd_and_bwd(f, argnums=(0, 1))
    y, res = fwd(x, w)
    before = COUNTERS["trace"]
    for _ in range(3):
        y, res = fwd(x, w)
        got = bwd(res, ct)
    assert COUNTERS["trace"] == before + 1  # bwd's one trace; fwd's was before
    want_y, pullback = meshjit.vjp(f, x, w)
    np.testing.assert_allclose(np.asarray(y), np.asarray(want_y), rtol=1e-6)
    for g, h in zip(got, pullback(ct)):
        np.testing.assert_allclose(np.asarray(g), np.asarray(h), rtol=1e-6)


def test_one_argnum_with_aux_unjitted():
    fwd, bwd = meshjit.fwd_and_bwd(
        lambda a, b: (a * b, a + b), argnums=1, has_aux=True, jitted=False
    )
    y, res, aux = fwd(2.0, 3.0)
    assert float(y) == 6.0 and float(aux) == 5.0
    assert float(bwd(res, 1.0)) == pytest.approx(2.0)
