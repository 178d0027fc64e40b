"""Derivatives of the shape and indexing functions of meshjit.numpy and lax."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.test_util import check_grads

# ---------------------------------------------------------------------------------------------
# Gradients.

GRAD_CASES = {
    "pad_constant": (lambda x: jnp.pad(x, ((1, 2), (0, 1)), constant_values=1.5), (3, 4)),
    "pad_reflect": (lambda x: jnp.pad(x, ((2, 1), (3, 3)), mode="reflect"), (3, 4)),
    "pad_wrap": (lambda x: jnp.pad(x, 2, mode="wrap"), (3, 4)),
    "roll": (lambda x: jnp.roll(x, (1, -3), (0, 1)), (3, 4)),
    "tile": (lambda x: jnp.tile(x, (2, 1, 3)), (3, 4)),
    "repeat": (lambda x: jnp.repeat(x, 2, 1), (3, 4)),
    "repeat_array": (lambda x: jnp.repeat(x, np.array([2, 0, 1]), 0), (3, 4)),
    "flip": (lambda x: jnp.flip(x, 1), (3, 4)),
    "rot90": (lambda x: jnp.rot90(x), (3, 4)),
    "diag_vector": (lambda x: jnp.diag(x[0], -1), (3, 4)),
    "diagonal": (lambda x: jnp.diagonal(x, 1), (3, 4)),
    "trace": (lambda x: jnp.trace(x), (3, 4)),
    "diff": (lambda x: jnp.diff(x, 2, axis=1), (3, 4)),
    "cross": (lambda x: jnp.cross(x[:, :3], x[:, 1:]), (3, 4)),
    "kron": (lambda x: jnp.kron(x, x[:2, :2]), (3, 4)),
    "median": (lambda x: jnp.median(x, axis=1), (3, 4)),
    "quantile": (lambda x: jnp.quantile(x, np.array([0.2, 0.7], np.float32), axis=0), (3, 4)),
    "top_k": (lambda x: lax.top_k(x, 2)[0], (3, 4)),
}


@pytest.mark.parametrize("name", sorted(GRAD_CASES))
def test_gradients(name):
    fn, shape = GRAD_CASES[name]
    x = np.random.RandomState(1).permutation(np.prod(shape)).reshape(shape).astype(np.float32)
    check_grads(fn, (x / 3 + 0.1,), order=1, atol=3e-2, rtol=3e-2)


def test_broadcast_in_dim_transpose_sums_unit_dims_then_expands_as_jax():
    # JAX's transpose sums the operand's size-1 dimensions too and puts them back by
    # expand_dims (meshjit summed only the broadcast ones and reshaped)
    f = lambda b: jnp.sum(lax.broadcast_in_dim(b, (4, 3), (0, 1)))
    text = str(meshjit.make_jaxpr(meshjit.grad(f))(jnp.ones((1, 3))))
    assert "f32[3] = reduce_sum[axes=(0,)" in text
    assert "f32[1,3] = broadcast_in_dim[broadcast_dimensions=(1,)] d" in text
    assert "reshape" not in text
    np.testing.assert_array_equal(meshjit.grad(f)(jnp.ones((1, 3))), np.full((1, 3), 4.0))
