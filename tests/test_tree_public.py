"""The public pytree functions see typed PRNG key arrays as leaves (as JAX's users do), while
jit / vmap still trace the key data inside them."""

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import random

KEY = random.key(1)
STATE = {"dropout": KEY, "init": random.split(KEY, 2), "scale": 2.0}


def _is_key(x):
    return getattr(x, "dtype", None) is not None and meshjit.dtypes.issubdtype(
        x.dtype, meshjit.dtypes.prng_key
    )


def test_keys_are_leaves_of_the_public_functions():
    assert str(meshjit.tree.structure(STATE)) == "PyTreeDef({'dropout': *, 'init': *, 'scale': *})"
    leaves = meshjit.tree.leaves(STATE)
    assert [type(x).__name__ for x in leaves] == ["PRNGKeyArray", "PRNGKeyArray", "float"]
    shapes = meshjit.tree.map(lambda x: getattr(x, "shape", None), STATE)
    assert shapes == {"dropout": (), "init": (2,), "scale": None}
    paths = meshjit.tree_util.tree_flatten_with_path(STATE)[0]
    assert [meshjit.tree_util.keystr(p) for p, _ in paths] == [
        "['dropout']",
        "['init']",
        "['scale']",
    ]
    # is_leaf given positionally or by keyword still applies
    assert len(meshjit.tree_util.tree_leaves([STATE], lambda x: isinstance(x, dict))) == 1
    assert meshjit.tree.reduce(lambda a, b: a + int(_is_key(b)), STATE, 0) == 2


def test_transforms_trace_the_keys_of_a_mapped_state():
    def draw(state):
        return meshjit.tree.map(lambda k: random.normal(k) if _is_key(k) else k, state)

    eager = draw({"a": KEY, "b": 3.0})
    jitted = meshjit.jit(draw)({"a": KEY, "b": 3.0})
    np.testing.assert_array_equal(np.asarray(eager["a"]), np.asarray(jitted["a"]))
    batched = meshjit.vmap(lambda k: draw({"a": k})["a"])(random.split(KEY, 3))
    assert batched.shape == (3,)
    np.testing.assert_array_equal(
        np.asarray(batched[1]), np.asarray(random.normal(random.split(KEY, 3)[1]))
    )
    leaves, tree = meshjit.tree.flatten(STATE)
    rebuilt = meshjit.jit(lambda *xs: meshjit.tree.unflatten(tree, xs))(*leaves)
    np.testing.assert_array_equal(
        np.asarray(random.key_data(rebuilt["init"])), np.asarray(random.key_data(STATE["init"]))
    )
    assert float(jnp.asarray(rebuilt["scale"])) == 2.0


def test_transpose_keeps_typed_keys_whole():
    # JAX 0.10.2: a list of dicts of keys transposes into a dict of lists of the same keys
    # (dtype key<fry>); meshjit once split each key into its uint32 data first.
    history = [{"rng": random.key(0), "loss": 1.0}, {"rng": random.key(1), "loss": 2.0}]
    outer = meshjit.tree.structure([0, 0])
    inner = meshjit.tree.structure({"rng": 0, "loss": 0})
    for transpose in (meshjit.tree.transpose, meshjit.tree_util.tree_transpose):
        out = transpose(outer, inner, history)
        assert out["loss"] == [1.0, 2.0]
        assert [str(k.dtype) for k in out["rng"]] == ["key<fry>", "key<fry>"]
        np.testing.assert_array_equal(
            np.asarray(random.key_data(out["rng"][1])), np.asarray(random.key_data(KEY))
        )
