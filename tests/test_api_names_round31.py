"""Public names JAX 0.10.2 has that meshjit lacked, behaving as JAX's (one JAX subprocess):
`tree_util.default_registry` (flatten with it, ask it whether a type is a node, register node
types in it), `debug.DebugEffect` / `debug.OrderedDebugEffect` (the classes of the effects in
`jaxpr.effects`: ordered=True prints and callbacks have the ordered one) and
`experimental.multihost_utils.live_devices` outside a distributed run."""

import numpy as np

from meshjit.experimental import multihost_utils
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
import dataclasses
from jax.experimental import multihost_utils

r = jax.tree_util.default_registry
leaves, tree = r.flatten([1, (2, None), {"b": 3, "a": 4}])
out["flatten"] = np.array([repr(leaves), repr(tree)])
out["flatten_pred"] = np.array(repr(r.flatten([1, [2]], lambda x: isinstance(x, list))))
out["with_path"] = np.array(repr(r.flatten_with_path([1, [2]], lambda p, x: len(p) == 1)))
out["one_level"] = np.array([repr(r.flatten_one_level(t)) for t in (3, None, [1, 2], {"b": 1, "a": 2}, (1,))])
out["one_level_keys"] = np.array([repr(r.flatten_one_level_with_keys(t)) for t in (3, {"a": 1}, [5])])
out["is_node"] = np.array([r.is_node(t) for t in (list, tuple, dict, type(None), int, float)])


class Box:
    def __init__(self, x):
        self.x = x


out["register"] = np.array(repr(r.register_node(Box, lambda b: ((b.x,), None), lambda _, c: Box(*c))))
out["registered"] = np.array([r.is_node(Box)] + jax.tree_util.tree_leaves([Box(5), Box(6)]))


@dataclasses.dataclass
class Pair:
    a: int
    b: int


r.register_dataclass_node(Pair, ["a"], ["b"])
out["dataclass"] = np.array(jax.tree_util.tree_leaves([Pair(1, 2), Pair(3, 4)]))
out["key_leaf"] = np.array([r.is_node(type(jax.random.key(0))), r.flatten_one_level(jax.random.key(0)) is None])


def printing(x):
    jax.debug.print("{}", x)
    return x


effects = jax.make_jaxpr(printing)(1.0).effects
out["debug_effect"] = np.array(
    [len(effects)]
    + [isinstance(e, jax.debug.DebugEffect) for e in effects]
    + [isinstance(e, jax.debug.OrderedDebugEffect) for e in effects]
    + [str(e) for e in effects]
)
out["pure"] = np.array(len(jax.make_jaxpr(lambda x: x * 2)(1.0).effects))


def ordered_print(x):
    jax.debug.print("{}", x, ordered=True)
    return x


def ordered_callback(x):
    jax.debug.callback(lambda v: None, x, ordered=True)
    return x


for name, f in (("ordered_print", ordered_print), ("ordered_callback", ordered_callback)):
    effects = jax.make_jaxpr(f)(1.0).effects
    out[name] = np.array(
        [isinstance(e, jax.debug.OrderedDebugEffect) for e in effects] + [str(e) for e in effects]
    )
try:
    with multihost_utils.live_devices(jax.devices()):
        pass
    out["live_devices"] = np.array("no error")
except Exception as e:
    out["live_devices"] = np.array(type(e).__name__ + ": " + str(e))
"""


def test_new_names_behave_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM, multihost_utils=multihost_utils)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        np.testing.assert_array_equal(np.asarray(got[name]), value, err_msg=name)
