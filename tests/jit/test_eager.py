"""Eager execution: meshjit.numpy ops outside jit match NumPy."""

import numpy as np

import meshjit
import meshjit.numpy as jnp
from tests.support.numerics import TRANSCENDENTAL_TOL, assert_close, f32

# ---------------------------------------------------------------------------------------------
# Eager (outside jit).


def test_eager_ops_match_numpy():
    x = np.arange(6, dtype=f32).reshape(2, 3)
    assert_close(jnp.add(x, 1), x + 1, f32)
    assert_close(jnp.sum(x, axis=0), x.sum(0), f32)
    assert_close(jnp.matmul(x, x.T), x @ x.T, f32)
    assert_close(jnp.exp(jnp.asarray(x)) * 2, np.exp(x) * 2, f32, TRANSCENDENTAL_TOL)
    assert_close(jnp.zeros((2,)) + jnp.arange(2), np.arange(2.0), f32)
    assert isinstance(jnp.add(x, 1), meshjit.Array)
