"""Pytrees: flattening arguments and results, registered classes, aux data in cache keys."""

import collections

import numpy as np
import pytest

import meshjit
from meshjit.tree_util import (
    register_pytree_node,
    register_pytree_node_class,
    tree_flatten,
    tree_leaves,
    tree_map,
    tree_structure,
    tree_unflatten,
)

f32, i32, i8 = np.float32, np.int32, np.int8


def text(fn, *args, **kwargs):
    return str(meshjit.make_jaxpr(fn)(*args, **kwargs))


# ---------------------------------------------------------------------------------------------
# Pytrees.

Point = collections.namedtuple("Point", ["x", "y"])


@register_pytree_node_class
class Scaled:
    """A value with static metadata: `scale` is aux data, `value` a leaf."""

    def __init__(self, value, scale):
        self.value, self.scale = value, scale

    def tree_flatten(self):
        return [self.value], self.scale

    @classmethod
    def tree_unflatten(cls, scale, children):
        return cls(children[0], scale)


class Pair:
    def __init__(self, first, second):
        self.first, self.second = first, second


register_pytree_node(Pair, lambda p: ([p.first, p.second], None), lambda _, kids: Pair(*kids))


def test_pytree_arguments_flatten_in_order():
    args = (
        (np.ones(2, f32), [np.ones(3, i32), None]),
        {"b": np.ones(4, i8), "a": np.ones(5, f32)},
        Point(np.ones(6, f32), 1.5),
    )
    closed = meshjit.make_jaxpr(lambda t, d, p: (t[0], t[1][0], d["a"], d["b"], p.x, p.y))(*args)
    shapes = [a.str_short() for a in closed.in_avals]
    # dict keys are sorted; None has no leaves.
    assert shapes == ["f32[2]", "i32[3]", "f32[5]", "i8[4]", "f32[6]", "f32[]"]


def test_pytree_results_keep_structure():
    def f(x):
        return {"sum": x.sum(), "pair": (x, [x * 2, None]), "point": Point(x, -x)}

    out = meshjit.jit(f)(np.ones(3, f32))
    assert set(out) == {"sum", "pair", "point"}
    assert isinstance(out["pair"], tuple) and isinstance(out["pair"][1], list)
    assert out["pair"][1][1] is None
    assert isinstance(out["point"], Point)
    np.testing.assert_array_equal(np.asarray(out["point"].y), -np.ones(3))
    assert float(out["sum"]) == 3.0


def test_registered_classes_as_arguments_and_results():
    def f(s, p):
        return Scaled(s.value * s.scale, s.scale + 1), Pair(p.second, p.first)

    s, p = meshjit.jit(f)(Scaled(np.ones(2, f32), 3), Pair(np.int8(1), np.zeros(2, f32)))
    assert isinstance(s, Scaled) and s.scale == 4
    np.testing.assert_array_equal(np.asarray(s.value), [3.0, 3.0])
    assert isinstance(p, Pair) and p.second.dtype == np.int8
    text_out = text(lambda s: s.value * s.scale, Scaled(np.ones(2, f32), 3))
    assert "3.0:f32[]" in text_out  # aux data is static: it is baked in


def test_aux_data_is_part_of_the_cache_key(counters):
    f = meshjit.jit(lambda s: s.value * s.scale)
    np.testing.assert_array_equal(np.asarray(f(Scaled(np.ones(2, f32), 2))), [2, 2])
    np.testing.assert_array_equal(np.asarray(f(Scaled(np.ones(2, f32), 5))), [5, 5])
    assert counters["trace"] == 2


def test_tree_util_roundtrip_and_map():
    tree = {"b": 1, "a": (2, None, [3, Point(4, 5)]), "c": Scaled(6, "aux")}
    leaves, treedef = tree_flatten(tree)
    assert leaves == [2, 3, 4, 5, 1, 6]
    rebuilt = tree_unflatten(treedef, leaves)
    assert rebuilt["a"][2][1] == Point(4, 5) and rebuilt["c"].scale == "aux"
    doubled = tree_map(lambda v: v * 2, tree)
    assert tree_leaves(doubled) == [4, 6, 8, 10, 2, 12]
    assert tree_structure(doubled) == treedef
    assert tree_structure((1, 2)) != tree_structure([1, 2])
    with pytest.raises(meshjit.MeshjitValueError, match="Too few leaves for PyTreeDef"):
        tree_unflatten(treedef, [1, 2])


def test_transpose_takes_jax_keyword_names_and_unflatten_counts_leaves():
    import pytest

    import meshjit as jax

    steps = [dict(t=1, obs=3), dict(t=2, obs=4)]
    out = jax.tree.transpose(
        outer_treedef=jax.tree.structure([0, 0]),
        inner_treedef=jax.tree.structure(steps[0]),
        pytree_to_transpose=steps,
    )
    assert out == {"obs": [3, 4], "t": [1, 2]}
    treedef = jax.tree.structure({"a": [1, 2], "b": (3, None)})
    with pytest.raises(ValueError, match="Too few leaves for PyTreeDef; expected 3, got 2"):
        jax.tree.unflatten(treedef, [1, 2])


def test_register_pytree_node_takes_nodetype_by_keyword():
    from meshjit import tree_util

    class Pair:
        def __init__(self, a, b):
            self.a, self.b = a, b

    tree_util.register_pytree_node(
        nodetype=Pair,
        flatten_func=lambda p: ((p.a, p.b), None),
        unflatten_func=lambda _, c: Pair(*c),
    )
    assert tree_util.tree_leaves(Pair(1, [2, 3])) == [1, 2, 3]


def test_registering_a_type_twice_and_bad_flatten_results_raise_jaxs_value_errors():
    class Twice:
        pass

    register_pytree_node(Twice, lambda t: ((), None), lambda _, c: Twice())
    with pytest.raises(ValueError, match="Duplicate custom PyTreeDef type registration"):
        register_pytree_node(Twice, lambda t: ((), None), lambda _, c: Twice())

    class NotAPair:
        pass

    register_pytree_node(NotAPair, lambda t: 3, lambda _, c: NotAPair())
    with pytest.raises(ValueError, match=r"should return a \(children, aux_data\) tuple, got 3"):
        tree_leaves(NotAPair())


def test_partial_of_a_non_callable_round5():
    import meshjit

    with pytest.raises(TypeError, match="the first argument must be callable"):
        meshjit.tree_util.Partial(3)


def test_node_data_is_jaxs():
    # As JAX's PyTreeDef.node_data: a dict's keys as a list, a namedtuple's aux data None.
    Pt = collections.namedtuple("Pt", "x y")
    assert meshjit.tree_util.tree_structure({"b": 1, "a": 2}).node_data() == (dict, ["a", "b"])
    assert meshjit.tree_util.tree_structure(Pt(1, 2)).node_data() == (Pt, None)
    assert meshjit.tree_util.tree_structure((1, 2)).node_data() == (tuple, None)
    od = collections.OrderedDict(b=1, a=2)
    assert meshjit.tree_util.tree_structure(od).node_data() == (collections.OrderedDict, ("b", "a"))
    assert meshjit.tree_util.tree_structure(1).node_data() is None


def test_a_flatten_rule_with_non_iterable_children_is_refused():
    # Regression: Python's "'int' object is not iterable" from deep in meshjit.
    class Cell:
        pass

    meshjit.tree_util.register_pytree_node(Cell, lambda b: (5, None), lambda a, c: Cell())
    with pytest.raises(ValueError, match="where 'children' is iterable"):
        meshjit.tree_util.tree_leaves(Cell())


def test_round8_registration_and_key_order_mistakes():
    class Thing:
        pass

    with pytest.raises(TypeError, match="flatten_func must be callable"):
        meshjit.tree_util.register_pytree_node(Thing, None, None)  # refused at its first use before
    with pytest.raises(
        ValueError, match="Comparator raised exception while sorting pytree dictionary keys"
    ):
        meshjit.tree_util.tree_leaves({1: 1.0, "a": 2.0})


def test_unhashable_aux_data_hashes_and_jit_caches_on_it():
    """The FAQ's custom node keeps a dict as aux data: JAX's treedefs hash without it."""

    class Obj:
        def __init__(self, x, mul):
            self.x, self.mul = x, mul

    meshjit.tree_util.register_pytree_node(
        Obj, lambda o: ((o.x,), {"mul": o.mul}), lambda aux, kids: Obj(*kids, **aux)
    )
    a, b = meshjit.tree.structure(Obj(1, True)), meshjit.tree.structure(Obj(1, False))
    assert hash(a) == hash(b) and a != b and a == meshjit.tree.structure(Obj(2, True))
    calc = meshjit.jit(lambda o, y: o.x * y if o.mul else y)
    assert (calc(Obj(2, True), 3), calc(Obj(2, False), 3)) == (6, 3)


def test_flatten_one_level_containers_and_all_leaves_of_none():
    """As JAX: a tuple's / dict's / None's children come in a tuple, a list's and a custom
    node's as flattened; None is an empty node, not a leaf (all_leaves)."""
    tu = meshjit.tree_util
    assert tu.flatten_one_level((1, 2)) == ((1, 2), None)
    assert tu.flatten_one_level({"a": 1}) == ((1,), ("a",))
    assert tu.flatten_one_level(None) == ((), None)
    assert tu.flatten_one_level([1, 2]) == ([1, 2], None)
    assert tu.all_leaves([1, 2.0]) and not tu.all_leaves([1, None])
    assert not tu.all_leaves([()]) and tu.all_leaves([None], is_leaf=lambda x: x is None)


def test_unflatten_and_registration_errors_are_jaxs_sentences():
    with pytest.raises(ValueError) as e:
        meshjit.tree.unflatten(meshjit.tree.structure([1, 2, 3]), [1, 2])
    assert str(e.value) == "Too few leaves for PyTreeDef; expected 3, got 2"
    with pytest.raises(ValueError) as e:
        meshjit.tree.unflatten(meshjit.tree.structure({"a": 1}), [1, 2])
    assert str(e.value) == "Too many leaves for PyTreeDef; expected 1."

    class Twice:
        pass

    meshjit.tree_util.register_pytree_node(Twice, lambda t: ((), None), lambda _, c: Twice())
    with pytest.raises(ValueError) as e:
        meshjit.tree_util.register_pytree_node(Twice, lambda t: ((), None), lambda _, c: Twice())
    assert str(e.value) == f"Duplicate custom PyTreeDef type registration for {Twice}."
