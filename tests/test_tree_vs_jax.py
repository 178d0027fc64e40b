"""meshjit.tree / meshjit.tree_util against JAX 0.10.2: structures, key paths, keystr, registered
classes, Partial, and the messages for mismatched structures (the same text, plus the user's
line)."""

import dataclasses

import numpy as np
import pytest

import meshjit
from meshjit import tree_util
from tests.support.jax_oracle import meshjit_results, message_of, start_jax_oracle

HARNESS = r"""
import collections, dataclasses, functools, sys, types

sys.modules.setdefault("h", types.ModuleType("h"))

def message_of(e):
    kind = "ValueError" if isinstance(e, ValueError) else "TypeError" if isinstance(e, TypeError) else type(e).__name__
    return kind + ": " + str(e).rsplit("\n  at ", 1)[0]

Pt = collections.namedtuple("Pt", "x y", module="h")
tu = jax.tree_util


@tu.register_dataclass
@dataclasses.dataclass
class DC:
    __module__ = "h"
    a: object
    b: object
    n: int = jax.tree.static(default=0)


class Box:
    __module__ = "h"
    def __init__(self, a, b):
        self.a, self.b = a, b


tu.register_pytree_node(Box, lambda c: ((c.a, c.b), "box"), lambda aux, k: Box(*k))


@tu.register_pytree_with_keys_class
class Named:
    def __init__(self, items):
        self.items = dict(items)

    def tree_flatten_with_keys(self):
        keys = sorted(self.items)
        return [(tu.GetAttrKey(k), self.items[k]) for k in keys], tuple(keys)

    @classmethod
    def tree_unflatten(cls, keys, kids):
        return cls(zip(keys, kids))


@tu.register_static
class Tag:
    def __init__(self, s):
        self.s = s

    def __eq__(self, other):
        return isinstance(other, Tag) and other.s == self.s

    def __hash__(self):
        return hash(self.s)

    def __repr__(self):
        return f"Tag({self.s})"


TREE = {"a": [1, (2, 3)], "b": Pt(4, None), "c": DC(5, [6], 7), "d": Box(8, 9),
        "e": collections.OrderedDict(z=10, y=11), "f": Named({"q": 12, "p": 13}),
        "g": Tag("t"), "h": collections.defaultdict(list, {"k": 14})}


def paths(tree, **kw):
    return [(tu.keystr(p), tu.keystr(p, simple=True, separator="/"), x)
            for p, x in jax.tree.flatten_with_path(tree, **kw)[0]]


def rebuilt(tree):
    leaves, td = jax.tree.flatten(tree)
    back = jax.tree.unflatten(td, [x * 10 for x in leaves])
    return jax.tree.leaves(back), str(jax.tree.structure(back))


CASES = {
    "structure": lambda: str(jax.tree.structure(TREE)),
    "leaves": lambda: jax.tree.leaves(TREE),
    "unflatten": lambda: rebuilt(TREE),
    "paths": lambda: paths(TREE),
    "paths_is_leaf": lambda: paths(TREE, is_leaf=lambda x: isinstance(x, tuple)),
    "leaves_with_path": lambda: [tu.keystr(p) for p, _ in jax.tree.leaves_with_path([{"x": 1}, Pt(2, 3)])],
    "map_with_path": lambda: jax.tree.leaves(jax.tree.map_with_path(lambda p, x, y: f"{tu.keystr(p)}={x + y}", TREE, TREE)),
    "tree_map_with_path": lambda: tu.tree_leaves(tu.tree_map_with_path(lambda p, x: len(p) * x, {"u": [1, 2]})),
    "map_is_leaf": lambda: jax.tree.map(lambda x: x is None, [None, (1, None)], is_leaf=lambda x: x is None),
    "reduce": lambda: (jax.tree.reduce(lambda a, b: a + b, TREE), jax.tree.reduce(max, [3, [1, 4]], 10)),
    "reduce_assoc": lambda: jax.tree.reduce_associative(lambda a, b: a * b, [1, [2, 3], 4]),
    "all": lambda: (jax.tree.all([1, (2, 3)]), jax.tree.all([1, 0]), tu.tree_all({"a": True, "b": None})),
    "transpose": lambda: jax.tree.transpose(jax.tree.structure([0, 0, 0]), jax.tree.structure((0, 0)), [(1, 2), (3, 4), (5, 6)]),
    "transpose_infer": lambda: jax.tree.transpose(jax.tree.structure([0, 0]), None, [{"a": 1, "b": 2}, {"a": 3, "b": 4}]),
    "broadcast": lambda: jax.tree.broadcast([1, 2], [(0, 0), {"a": 0}]),
    "keys": lambda: [repr(k) for k in (tu.SequenceKey(0), tu.DictKey("a"), tu.GetAttrKey("x"), tu.FlattenedIndexKey(1))],
    "treedef_api": lambda: (tu.treedef_is_leaf(tu.tree_structure(1)), tu.treedef_is_leaf(tu.tree_structure(None)),
                            [str(c) for c in tu.treedef_children(tu.tree_structure({"a": [1, 2], "b": 3}))],
                            str(tu.treedef_tuple([tu.tree_structure(1), tu.tree_structure([1])])),
                            tu.tree_structure([1, (2,)]).num_nodes, tu.tree_structure([1, (2,)]).num_leaves,
                            tu.all_leaves([1, 2]), tu.all_leaves([[1], 2])),
    "partial": lambda: (str(tu.tree_structure(tu.Partial(max, 1, key=None))), tu.tree_leaves(tu.Partial(max, 1, 2)),
                        tu.Partial(tu.Partial(max, 1), 5)(3)),
    "dataclass_roundtrip": lambda: (lambda d: (d.a, d.b, d.n))(jax.tree.map(lambda x: x + 1, DC(1, [2], 9))),
    "static": lambda: (jax.tree.leaves([Tag("a"), 1]), str(jax.tree.structure(Tag("a")))),
    "one_level": lambda: tu.flatten_one_level({"b": [1, 2], "a": 3}),
    "err_length": lambda: jax.tree.map(lambda x, y: x, [1, 2], [1, 2, 3]),
    "err_type": lambda: jax.tree.map(lambda x, y: x, (1, 2), [1, 2]),
    "err_keys": lambda: jax.tree.map(lambda x, y: x, {"a": 1}, {"b": 1}),
    "err_nkeys": lambda: jax.tree.map(lambda x, y: x, {"a": 1, "b": 2}, {"a": 1}),
    "err_nested": lambda: jax.tree.map(lambda x, y: x, {"p": [1, Pt(2, 3)]}, {"p": [1, (2, 3)]}),
    "err_path_map": lambda: jax.tree.map_with_path(lambda p, x, y: x, [1, [2]], [1, [2, 3]]),
    "err_meta": lambda: jax.tree.map(lambda x, y: x, Box(1, 2), DC(1, 2)),
    "err_transpose": lambda: jax.tree.transpose(jax.tree.structure([0, 0]), jax.tree.structure((0, 0)), [(1, 2), (3,)]),
    "err_dataclass": lambda: tu.register_dataclass(dataclasses.make_dataclass("Q", ["u", "v"]), ["u"], []),
    "err_dataclass_half": lambda: tu.register_dataclass(Box, ["a"]),
}


def run_case(case, record):
    try:
        out = repr(CASES[case]())
    except Exception as e:
        out = message_of(e)
    record(case, np.asarray(out))
"""

NAMES = [
    "structure", "leaves", "unflatten", "paths", "paths_is_leaf", "leaves_with_path",
    "map_with_path", "tree_map_with_path", "map_is_leaf", "reduce", "reduce_assoc", "all",
    "transpose", "transpose_infer", "broadcast", "keys", "treedef_api", "partial",
    "dataclass_roundtrip", "static", "one_level", "err_length", "err_type", "err_keys",
    "err_nkeys", "err_nested", "err_path_map", "err_meta", "err_transpose", "err_dataclass",
    "err_dataclass_half",
]  # fmt: skip


@pytest.fixture(scope="module")
def jax_results(tmp_path_factory, pytestconfig):
    return start_jax_oracle(NAMES, HARNESS, tmp_path_factory, pytestconfig)


@pytest.mark.parametrize("name", NAMES)
def test_same_as_jax(jax_results, name):
    got = str(meshjit_results(HARNESS, name)[name][1])
    want = str(jax_results.results()[name][1])
    assert got == want


def test_mismatch_names_the_users_line():
    with pytest.raises(meshjit.MeshjitValueError) as ei:
        meshjit.tree.map(lambda x, y: x + y, {"w": [1, 2]}, {"w": [1]})  # L:map-mismatch
    assert "different lengths of list at key path\n    tree_map tree['w']" in str(ei.value)
    assert ei.value.source.line == _line("L:map-mismatch")


def test_partial_passes_through_jit():
    add = tree_util.Partial(meshjit.numpy.add, np.float32(1.0))
    out = meshjit.jit(lambda f, x: f(x))(add, np.arange(3, dtype=np.float32))
    np.testing.assert_array_equal(np.asarray(out), [1.0, 2.0, 3.0])


def test_dataclass_and_static_through_jit():
    @tree_util.register_dataclass
    @dataclasses.dataclass
    class Params:
        w: object
        scale: float = dataclasses.field(metadata=dict(static=True))

    out = meshjit.jit(lambda p: Params(p.w * p.scale, p.scale))(Params(np.ones(2, np.float32), 3.0))
    assert out.scale == 3.0
    np.testing.assert_array_equal(np.asarray(out.w), [3.0, 3.0])


def test_message_of_strips_the_line():
    assert message_of(meshjit.MeshjitValueError("boom")) == "boom"


def _line(marker: str) -> int:
    with open(__file__) as f:
        return next(i for i, line in enumerate(f, 1) if marker in line and "_line(" not in line)
