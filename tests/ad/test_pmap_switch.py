"""Gradients through lax.switch and through pmap with collectives, against NumPy/finite diffs."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.test_util import check_grads

f32 = np.float32


@pytest.mark.parametrize("index", [0, 1, 2, 7])
def test_switch_grads(index):
    branches = [lambda v: jnp.sin(v) * 2, lambda v: v * v * v, lambda v: jnp.exp(-v)]
    x = np.linspace(-1.0, 1.0, 5).astype(f32)

    def f(v):
        return lax.switch(index, branches, v).sum()

    check_grads(f, (x,), order=2)
    g = np.asarray(meshjit.jit(meshjit.grad(f))(x))
    k = min(index, 2)
    expected = [2 * np.cos(x), 3 * x * x, -np.exp(-x)][k]
    np.testing.assert_allclose(g, expected, rtol=1e-5, atol=1e-5)


def test_switch_with_traced_index_grads():
    branches = [lambda v: v * 3.0, lambda v: v * v]
    x = np.arange(1.0, 4.0, dtype=f32)

    def f(i, v):
        return lax.switch(i, branches, v).sum()

    g = meshjit.jit(meshjit.grad(f, argnums=1))(np.int32(1), x)
    np.testing.assert_allclose(np.asarray(g), 2 * x, rtol=1e-6)


def _pmap_loss(collective):
    def per_device(v):
        return (collective(v) * jnp.sin(v)).sum()

    mapped = meshjit.pmap(per_device, axis_name="i")
    return lambda x: mapped(x).sum()


@pytest.mark.parametrize(
    "collective",
    [
        lambda v: lax.psum(v, "i"),
        lambda v: lax.pmean(v, "i"),
        lambda v: lax.ppermute(v, "i", [(k, (k + 1) % 8) for k in range(8)]),
        lambda v: lax.all_gather(v, "i").sum(0),
        lambda v: lax.psum_scatter(lax.all_gather(v, "i"), "i", scatter_dimension=0),
    ],
    ids=["psum", "pmean", "ppermute", "all_gather", "psum_scatter"],
)
def test_pmap_collective_grads(collective):
    x = (np.arange(8 * 3, dtype=f32).reshape(8, 3) / 10.0).astype(f32)
    check_grads(_pmap_loss(collective), (x,), order=1, modes=("rev",))


def test_pmap_psum_grad_matches_numpy():
    x = np.linspace(-1, 1, 8 * 2).astype(f32).reshape(8, 2)
    loss = _pmap_loss(lambda v: lax.psum(v, "i"))
    g = np.asarray(meshjit.jit(meshjit.grad(loss))(x))
    total = x.sum(0)
    # d/dx_k sum_j (S * sin x_j) with S = sum_j x_j: sum_j sin x_j + S cos x_k
    expected = np.sin(x).sum(0) + total * np.cos(x)
    np.testing.assert_allclose(g, expected, rtol=1e-5, atol=1e-5)
