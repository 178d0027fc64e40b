# jax.tree and jax.tree_util docstring examples: map with is_leaf, reduce with an initializer,
# paths (flatten_with_path, map_with_path, leaves_with_path, keystr), structure / unflatten,
# all, broadcast, transpose, Partial and register_static
import functools
import operator
import jax
import jax.numpy as jnp
from jax import tree_util

tree = {"a": [1, 2, (3, None)], "b": {"c": jnp.ones(2), "d": 4.0}}
print(jax.tree.leaves(tree), jax.tree.structure(tree))
print(jax.tree.map(lambda x: x * 10, tree))
print(jax.tree.map(lambda x, y: x + y, [1, (2, 3)], [10, (20, 30)]))
print(jax.tree.map(lambda x: len(x) if isinstance(x, list) else x, tree, is_leaf=lambda x: isinstance(x, list)))
print(jax.tree.reduce(operator.add, [1, 2, [3, 4]], 100), jax.tree.reduce(max, {"x": 3, "y": [7, 1]}))
print(jax.tree.all([True, {"a": 1, "b": [2]}]), jax.tree.all([True, 0]))
flat, treedef = jax.tree.flatten(tree)
print(len(flat), treedef.num_leaves, treedef.num_nodes, jax.tree.unflatten(treedef, list(range(len(flat)))))
paths, _ = jax.tree.flatten_with_path(tree)
for path, leaf in paths[:3]:
    print(jax.tree_util.keystr(path), jax.tree_util.keystr(path, simple=True, separator="/"), leaf)
print(jax.tree.map_with_path(lambda p, x: f"{jax.tree_util.keystr(p)}={x}", {"x": [1, 2], "y": 3}))
print([jax.tree_util.keystr(p) for p, _ in jax.tree.leaves_with_path({"w": (1, 2), "v": [3]})])
print(jax.tree.broadcast([1, 2], [[0, 0, 0], (5, 6)]))
outer = jax.tree.structure([0, 0, 0])
inner = jax.tree.structure((0, 0))
print(jax.tree.transpose(outer, inner, [(1, 2), (3, 4), (5, 6)]))
f = tree_util.Partial(functools.partial, operator.add)
add3 = tree_util.Partial(operator.add, 3)
print(add3(4), jax.jit(lambda g, x: g(x))(add3, 5), jax.tree.leaves(add3))


@tree_util.register_static
class Config:
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return hash(self.n)

    def __eq__(self, other):
        return isinstance(other, Config) and other.n == self.n


cfg = Config(3)
print(jax.tree.leaves([cfg, 1.0]), jax.jit(lambda c, x: x * c.n)(cfg, 2.0))
print(tree_util.tree_structure({"k": None}), tree_util.treedef_is_leaf(tree_util.tree_structure(1)))
print(tree_util.all_leaves([1, 2.0]), tree_util.all_leaves([[1]]))
print(jax.tree.map(jnp.shape, {"p": jnp.zeros((2, 3)), "q": [jnp.zeros(4)]}))
keys = [k for k, _ in tree_util.tree_flatten_with_path({"b": 1, "a": {"z": 2, "y": 3}})[0]]
print(keys)
print(tree_util.tree_map(lambda x: x + 1, (1, [2]), is_leaf=None), tree_util.tree_leaves(None))
