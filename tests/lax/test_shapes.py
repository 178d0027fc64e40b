"""lax's shape family (compiler/lax/shapes.py): shape rules against NumPy."""

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax


def test_pad_with_numpy_integer_params_gives_python_int_dims():
    # Regression: a slice's transpose pads with np.int64 params (as JAX's jaxprs print them);
    # the padded shape kept them, and grad(det)'s shape printed as (np.int64(3), np.int64(3)).
    out = lax.pad(jnp.ones((1, 2)), 0.0, [(np.int64(1), np.int64(1), 0), (0, np.int64(1), 0)])
    assert out.shape == (3, 3) and all(type(d) is int for d in out.shape)
    g = meshjit.grad(lambda m: jnp.linalg.det(m))(jnp.eye(3))
    assert all(type(d) is int for d in g.shape)
