"""shard_alike (compiler/parallel/shard_alike.py): both values end with one sharding that
propagation picks, under jit, grad and vmap, against JAX's output shardings and numbers; the
lowering as JAX's with Shardy (two `sdy.sharding_group`s of one fresh group); its errors."""

from __future__ import annotations

import re

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental.shard_alike import shard_alike
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = """
from jax.experimental.shard_alike import shard_alike
AT = jax.sharding.AxisType
mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(AT.Auto, AT.Auto))
inp = jax.device_put(np.arange(16.0).reshape(8, 2), jax.sharding.NamedSharding(mesh, P("x", "y")))
def f(x):
    z = x * x * 2
    _, z = shard_alike(x, z)
    return z * 2
def spec(a):
    return np.array(str(a.sharding.spec))
out["f"] = jax.jit(f)(inp)
out["f_spec"] = spec(out["f"])
o1, o2 = jax.jit(lambda x, y: tuple(v * 2 for v in shard_alike(x, y)))(inp, np.ones((8, 2)))
out["pair"], out["pair_spec"] = o2, spec(o2)
g = jax.grad(lambda x: jnp.sum(f(x)))(inp)
out["grad"], out["grad_spec"] = g, spec(g)
out["vmap"] = jax.vmap(lambda a, b: shard_alike(a, b)[1] * a, in_axes=(0, None))(np.arange(12.0).reshape(3, 4), np.ones(4))
out["vmap_moved"] = jax.vmap(lambda a, b: sum(shard_alike(a, b)), in_axes=(1, 0))(np.ones((4, 3)), np.arange(12.0).reshape(3, 4))
tree = jax.jit(lambda x: shard_alike({"a": x}, {"a": x + 1}))(inp)[1]["a"]
out["tree"], out["tree_spec"] = tree, spec(tree)
"""

CASES = ["f", "f_spec", "pair", "pair_spec", "grad", "grad_spec", "vmap", "vmap_moved", "tree",
         "tree_spec"]  # fmt: skip


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    return jax_on_8_devices(PROGRAM, tmp_path_factory.mktemp("shard_alike"))


@pytest.fixture(scope="module")
def ours():
    return meshjit_on_program(PROGRAM, shard_alike=shard_alike)


@pytest.mark.parametrize("case", CASES)
def test_matches_jax(case, ours, jax_out):
    np.testing.assert_array_equal(np.asarray(ours[case]), jax_out[case])


def test_lowers_to_two_members_of_one_fresh_group():
    text = meshjit.jit(lambda x: shard_alike(x, x + 1)[1] + shard_alike(x, x * 2)[0]).lower(
        jnp.ones(8)
    ).as_text()
    groups = re.findall(r"sdy.sharding_group %\S+ group_id=(\d+)", text)
    assert len(groups) == 4 and groups[0] == groups[1] and groups[2] == groups[3]
    assert groups[0] != groups[2]


def test_eager_values_are_returned_as_they_are():
    a, b = shard_alike(jnp.ones(2), jnp.zeros(2))
    assert a.tolist() == [1.0, 1.0] and b.tolist() == [0.0, 0.0]


def test_mismatched_trees_and_shapes_are_value_errors():
    with pytest.raises(ValueError, match="Trees should be equal"):
        shard_alike((jnp.ones(2),), [jnp.ones(2)])
    with pytest.raises(ValueError, match="leaves shapes of `x` and `y` should match"):
        shard_alike(jnp.ones(2), jnp.ones(3))
