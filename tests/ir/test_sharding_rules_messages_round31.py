"""The sharding rules' refusals under Explicit axes say JAX 0.10.2's sentence alone (recorded
from JAX under `jax.set_mesh` on a 2x4 mesh): a slice or pad whose sharded dimension stops
dividing prints the input type with JAX's short dtype (`f32[8@a,8@b]`), and an elementwise result
using a mesh axis twice ends at the illegal type; meshjit's advice is an exception note."""

import pytest

import meshjit.numpy as jnp
from tests.support.explicit_refusals import explicit_mesh, refusal, sharded_square


@pytest.fixture(scope="module")
def mesh():
    return explicit_mesh()


@pytest.fixture(scope="module")
def x(mesh):
    return sharded_square(mesh)


def test_a_slice_that_stops_dividing_says_jaxs_sentence(mesh, x):
    message, notes = refusal(mesh, lambda: jnp.roll(x, 1, axis=0))
    assert message == (
        "slicing on sharded dims where out dim (1) is not divisible by mesh axes (2) with spec (a) "
        "is not implemented. Got input type=f32[8@a,8@b] and output shape=(1, 8)"
    )
    assert any("reshard the dimension to None first" in n for n in notes)


def test_a_result_using_a_mesh_axis_twice_says_jaxs_sentence(mesh, x):
    message, notes = refusal(mesh, lambda: x[:, :, None] * x[:, None, :])
    assert message == (
        "mul operation with inputs: f32[8@a,8@b,1], f32[8@a,1,8@b] produces an illegally sharded "
        "result: f32[8@a,8@b,8@b]"
    )
    assert any("uses a mesh axis twice" in n for n in notes)
