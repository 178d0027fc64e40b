"""Explicit-axes refusals of sort, top_k and the cumulative reductions say JAX 0.10.2's sentence
alone (recorded from JAX: `jnp.sort` / `lax.top_k` / `jnp.cumsum` along a sharded axis under
`jax.set_mesh`); meshjit's advice (reshard first) is an exception note."""

import re

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler.errors import ShardingTypeError
from meshjit.sharding import NamedSharding
from meshjit.sharding import PartitionSpec as P


@pytest.fixture(scope="module")
def mesh():
    return meshjit.make_mesh((2, 4), ("a", "b"))


@pytest.fixture(scope="module")
def x(mesh):
    return meshjit.device_put(
        np.arange(64.0, dtype=np.float32).reshape(8, 8), NamedSharding(mesh, P("a", "b"))
    )


def _refusal(mesh, f):
    with meshjit.set_mesh(mesh), pytest.raises(ShardingTypeError) as info:
        f()
    return str(info.value), getattr(info.value, "__notes__", [])


def test_sort_along_a_sharded_axis_says_jaxs_sentence(mesh, x):
    message, notes = _refusal(mesh, lambda: jnp.sort(x, axis=1))
    assert message == (
        "Arguments to sort must be unsharded over the sorting dimension. Got arg sharding="
        "NamedSharding(mesh=AbstractMesh('a': 2, 'b': 4, axis_types=(Explicit, Explicit), "
        "device_kind=cpu, num_cores=None, platform=cpu), spec=P('a', 'b')) and sorting dimension=1"
    )
    assert any("reshard dimension 1 to None first" in n for n in notes)


def test_top_k_along_a_sharded_axis_says_jaxs_sentence(mesh, x):
    message, notes = _refusal(mesh, lambda: lax.top_k(x, 2))
    assert message == (
        "The input should be unsharded over the axis along which to compute the top_k values. "
        "Got input type=float32[8@a,8@b] and axis=1"
    )
    assert any("reshard axis 1" in n for n in notes)


@pytest.mark.parametrize("axis", [0, 1])
def test_cumsum_along_a_sharded_axis_says_jaxs_sentence(mesh, x, axis):
    message, notes = _refusal(mesh, lambda: jnp.cumsum(x, axis=axis))
    assert message == (
        "Input should be unsharded over the axis being reduced. Got input "
        f"type=float32[8@a,8@b] and axis={axis}"
    )
    assert not re.search("reshard", message) and any("reshard" in n for n in notes)
