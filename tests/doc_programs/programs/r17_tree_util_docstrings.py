# jax.tree / jax.tree_util docstrings: map / leaves / structure / flatten / unflatten with
# is_leaf and none_is_leaf-like uses, reduce with initializer, all, map_with_path, leaves_with_path,
# tree.broadcast, Partial, register_static, tree_util.keystr with simple / separator,
# treedef methods (children, flatten_up_to, node_data, num_leaves), all_leaves, build_tree
import functools
import operator

import jax
import jax.numpy as jnp
from jax import tree_util

t = {'x': 7, 'y': (42, 64), 'z': [None, jnp.float32(1.5)]}
print(jax.tree.map(lambda v: v + 1, t))
print(jax.tree.leaves(t), jax.tree.structure(t))
leaves, treedef = jax.tree.flatten(t)
print(leaves, treedef.num_leaves, treedef.num_nodes)
print(jax.tree.unflatten(treedef, list(range(len(leaves)))))
print(jax.tree.reduce(operator.add, [1, 2, 3]), jax.tree.reduce(operator.add, [], initializer=0))
print(jax.tree.reduce(max, {'a': 3, 'b': (7, 2)}))
print(jax.tree.all([True, {'a': True, 'b': (True, True)}]), jax.tree.all([True, False]))
print(jax.tree.map(lambda a, b: a * b, (1, [2, 3]), (4, [5, 6])))
print(jax.tree.map(lambda x: x is None, [None, 1], is_leaf=lambda x: x is None))
print(jax.tree.map_with_path(lambda p, v: jax.tree_util.keystr(p), t))
print([(tree_util.keystr(p), v) for p, v in jax.tree.leaves_with_path(t)])
print(jax.tree.flatten_with_path({'a': [1, 2]})[0])
print(tree_util.keystr((tree_util.DictKey('a'), tree_util.SequenceKey(1)), simple=True, separator='/'))
print(jax.tree.broadcast([1, 2], [(3, 4), {'k': 5}]))
print(jax.tree.broadcast(0, {'a': 1, 'b': (2, 3)}))
p = tree_util.Partial(jnp.add, 1.0)
print(p(2.0), jax.tree.leaves(p), jax.jit(lambda f, x: f(x))(p, 3.0))
print(tree_util.Partial(functools.partial(jnp.multiply, 2.0))(4.0))


@tree_util.register_static
class Config:
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return hash(self.n)

    def __eq__(self, other):
        return isinstance(other, Config) and other.n == self.n


print(jax.tree.leaves([Config(3), 1]))
print(jax.jit(lambda c, x: x * c[0].n)([Config(4)], 2.0))
td = jax.tree.structure({'a': (1, 2), 'b': [3]})
print(td.children(), td.node_data())
print(td.flatten_up_to({'a': ('x', 'y'), 'b': ['z']}))
print(tree_util.all_leaves([1, 2.0, jnp.ones(2)]), tree_util.all_leaves([[1]]))
print(tree_util.build_tree(jax.tree.structure((0, [0, 0])), [1, 2, 3]) if hasattr(tree_util, "build_tree") else "none")
print(tree_util.treedef_is_leaf(jax.tree.structure(1)), tree_util.treedef_children(td))
print(tree_util.tree_structure((1, 2)) == tree_util.tree_structure((3, 4)))
print(jax.tree.transpose(jax.tree.structure([0, 0]), jax.tree.structure((0, 0)), [(1, 2), (3, 4)]))
print(tree_util.tree_map(lambda x: x * 2, {'a': jnp.arange(3)}))
try:
    jax.tree.unflatten(td, [1, 2])
except ValueError as e:
    print(type(e).__name__)
try:
    jax.tree.map(lambda a, b: a + b, {'a': 1}, {'b': 1})
except ValueError as e:
    print(type(e).__name__)
