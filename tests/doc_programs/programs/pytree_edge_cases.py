# Pytrees page edge cases: None, namedtuples, OrderedDict / defaultdict, is_leaf, structure
# mismatches and their errors, custom nodes' treedef reprs
import collections
from typing import NamedTuple
import jax
import jax.numpy as jnp
from jax import tree_util

class Point(NamedTuple):
    x: float
    y: float

od = collections.OrderedDict([("b", 1), ("a", 2)])
dd = collections.defaultdict(list, {"z": 1, "y": (2, 3)})
trees = [None, (), [None, 1], {"a": None}, Point(1., 2.), od, dd, [1, (2, {"k": 3})], jnp.arange(3)]
for t in trees:
    leaves, treedef = jax.tree.flatten(t)
    print(leaves, treedef, treedef.num_leaves, treedef.num_nodes)
print(jax.tree.map(lambda x: x * 10, od), jax.tree.map(lambda x: x * 10, dd))
print(jax.tree.map(lambda x: x + 1, Point(1., 2.)))
print(jax.tree.leaves([None, None]), jax.tree.leaves([None, 1], is_leaf=lambda x: x is None))
print(jax.tree.map(lambda x: x is None, [None, 1], is_leaf=lambda x: x is None))
print(jax.tree.structure({"b": 1, "a": 2}) == jax.tree.structure({"a": 0, "b": 0}))
print(jax.tree.structure(od) == jax.tree.structure({"b": 1, "a": 2}))
print(jax.tree.flatten([[1, 2], [3]], is_leaf=lambda x: isinstance(x, list) and len(x) == 1))
def first_line(e):
    return type(e).__name__ + ": " + str(e)[:25]
try:
    jax.tree.map(lambda a, b: a + b, [1, 2], [1, 2, 3])
except ValueError as e:
    print(first_line(e))
try:
    jax.tree.map(lambda a, b: a + b, {"a": 1}, {"b": 1})
except ValueError as e:
    print(first_line(e))
try:
    jax.tree.map(lambda a, b: a + b, (1, 2), [1, 2])
except ValueError as e:
    print(first_line(e))
try:
    jax.tree.unflatten(jax.tree.structure([1, 2]), [1])
except ValueError as e:
    print(first_line(e))
print(jax.tree.map(lambda a, b: (a, b), [1, {"x": 2}], [[3, 4], {"x": 5}], is_leaf=None) if False else jax.tree.map(lambda a, b: a + b, [1, (2, 3)], [10, (20, 30)]))
print(tree_util.tree_map(lambda x, y: [x, y], {"a": 1}, {"a": (2, 3)}))

class Special:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"Special(x={self.x}, y={self.y})"

tree_util.register_pytree_node(Special, lambda s: ((s.x, s.y), None), lambda aux, c: Special(*c))
s = Special(jnp.ones(2), 3.)
print(jax.tree.structure(s))
print(jax.tree.map(lambda v: v * 2, s))
print(jax.jit(lambda s: Special(s.y, s.x))(s))
print(jax.grad(lambda s: (s.x * s.y).sum())(s))
print(tree_util.tree_structure([s, {"k": s}]))
print(jax.tree.reduce(lambda a, b: a + b, [1, 2, (3, 4)], initializer=100))
print(jax.tree.all([True, (1, [2])]), jax.tree.all([True, (0, [2])]))
print(tree_util.all_leaves([1, 2.]), tree_util.all_leaves([1, [2]]))
print(tree_util.treedef_is_leaf(jax.tree.structure(1)), tree_util.treedef_is_leaf(jax.tree.structure([1])))
print(jax.tree.structure((1, [2, 3])).children())
print(tree_util.tree_structure(None), tree_util.tree_leaves(None), tree_util.tree_flatten((None,)))
print(jax.vmap(lambda p: Point(p.y, p.x))(Point(jnp.arange(2.), jnp.ones(2))))
print(jax.tree.transpose(jax.tree.structure([0, 0]), jax.tree.structure((0, 0)), [(1, 2), (3, 4)]))
