# Working with pytrees: key paths (tree_flatten_with_path, keystr, DictKey / SequenceKey /
# GetAttrKey / FlattenedIndexKey), register_pytree_with_keys, namedtuples, None as an empty
# subtree, is_leaf, and tree_map over several trees
import collections

import jax
import jax.numpy as jnp
from jax.tree_util import (DictKey, GetAttrKey, SequenceKey, keystr, register_pytree_with_keys,
                           tree_flatten_with_path, tree_map_with_path)

Point = collections.namedtuple("Point", ["x", "y"])
tree = {"a": [1, (2, 3)], "b": Point(4., None), "c": jnp.arange(2)}
leaves_with_path, treedef = tree_flatten_with_path(tree)
for path, leaf in leaves_with_path:
    print(keystr(path), [type(k).__name__ for k in path], leaf)
print(treedef)
print(tree_map_with_path(lambda p, x: len(p), tree))
print(keystr((DictKey("w"), SequenceKey(0), GetAttrKey("x"))))
print(keystr(leaves_with_path[0][0], simple=True, separator="/"))


class Dense:
    def __init__(self, w, b, name):
        self.w, self.b, self.name = w, b, name

    def __repr__(self):
        return f"Dense({self.name})"


register_pytree_with_keys(
    Dense,
    lambda d: (((GetAttrKey("w"), d.w), (GetAttrKey("b"), d.b)), d.name),
    lambda name, children: Dense(*children, name),
)
layer = Dense(jnp.ones((2, 2)), jnp.zeros(2), "fc")
print([keystr(p) for p, _ in tree_flatten_with_path(layer)[0]])
print(jax.tree.map(lambda x: x.shape, layer).w)
grads = jax.grad(lambda l: jnp.sum(l.w @ jnp.ones(2) + l.b))(layer)
print(type(grads).__name__, grads.name, grads.w, grads.b)
print(jax.tree.leaves([None, (None,), {"k": None}]))
print(jax.tree.leaves([1, None, 2], is_leaf=lambda x: x is None))
print(jax.tree.map(lambda a, b: a * b, Point(1., 2.), Point(3., 4.)))
print(jax.tree.structure(Point(1, 2)), jax.tree.structure([None]))
print(jax.tree_util.tree_flatten({"b": 1, "a": 2}))
print(jax.tree.map(lambda x: x + 1, {"x": 1, "y": (2, None)}, is_leaf=lambda x: x is None) if False else jax.tree.map(lambda x: x + 1, {"x": 1, "y": (2, None)}))
print(jax.tree_util.all_leaves([1, 2.0, jnp.ones(1)]), jax.tree_util.all_leaves([[1]]))
