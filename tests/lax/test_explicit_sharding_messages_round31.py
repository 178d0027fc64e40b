"""Explicit-axes refusals of sort, top_k and the cumulative reductions say JAX 0.10.2's sentence
alone (recorded from JAX: `jnp.sort` / `lax.top_k` / `jnp.cumsum` along a sharded axis under
`jax.set_mesh`); meshjit's advice (reshard first) is an exception note."""

import re

import pytest

import meshjit.numpy as jnp
from meshjit import lax
from tests.support.explicit_refusals import explicit_mesh, refusal, sharded_square


@pytest.fixture(scope="module")
def mesh():
    return explicit_mesh()


@pytest.fixture(scope="module")
def x(mesh):
    return sharded_square(mesh)


def test_sort_along_a_sharded_axis_says_jaxs_sentence(mesh, x):
    message, notes = refusal(mesh, lambda: jnp.sort(x, axis=1))
    assert message == (
        "Arguments to sort must be unsharded over the sorting dimension. Got arg sharding="
        "NamedSharding(mesh=AbstractMesh('a': 2, 'b': 4, axis_types=(Explicit, Explicit), "
        "device_kind=cpu, num_cores=None, platform=cpu), spec=P('a', 'b')) and sorting dimension=1"
    )
    assert any("reshard dimension 1 to None first" in n for n in notes)


def test_top_k_along_a_sharded_axis_says_jaxs_sentence(mesh, x):
    message, notes = refusal(mesh, lambda: lax.top_k(x, 2))
    assert message == (
        "The input should be unsharded over the axis along which to compute the top_k values. "
        "Got input type=float32[8@a,8@b] and axis=1"
    )
    assert any("reshard axis 1" in n for n in notes)


@pytest.mark.parametrize("axis", [0, 1])
def test_cumsum_along_a_sharded_axis_says_jaxs_sentence(mesh, x, axis):
    message, notes = refusal(mesh, lambda: jnp.cumsum(x, axis=axis))
    assert message == (
        "Input should be unsharded over the axis being reduced. Got input "
        f"type=float32[8@a,8@b] and axis={axis}"
    )
    assert not re.search("reshard", message) and any("reshard" in n for n in notes)
