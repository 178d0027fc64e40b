# jax.tree_util path APIs: keystr options, flatten_up_to, tree_map_with_path, is_leaf with paths
import collections
import functools
import jax
import jax.numpy as jnp
from jax import tree_util as tu

Point = collections.namedtuple("Point", ["x", "y"])
tree = {"params": [jnp.ones(2), {"w": 2.0, "b": None}], "pt": Point(1, (2, 3)), "t": ()}
leaves, treedef = tu.tree_flatten_with_path(tree)
for path, leaf in leaves:
    print(tu.keystr(path), tu.keystr(path, simple=True, separator="/"), leaf)
print(treedef.num_leaves, treedef.num_nodes)
print(tu.tree_map_with_path(lambda p, v: f"{tu.keystr(p)}={v}", {"a": 1, "b": [2, 3]}))
print([type(k).__name__ for k in leaves[0][0]], [type(k).__name__ for k in leaves[-1][0]])
print(tu.tree_leaves_with_path([1, {"k": 2}]))
print(tu.tree_flatten([1, None, (2, None)]), tu.tree_flatten([1, None], is_leaf=lambda x: x is None)[0])
print(tu.tree_structure({"a": [1, 2], "b": 3}).flatten_up_to({"a": [jnp.ones(2), "x"], "b": (4, 5)}))
print(tu.tree_map(lambda x, y: (x, y), [1, [2, 3]], [[4, 5], [6, 7]], is_leaf=lambda z: isinstance(z, list) and len(z) == 2 and z[0] == 2))
print(tu.tree_reduce(lambda a, b: a + b, {"x": [1, 2], "y": 3}, initializer=10))
print(tu.tree_all([True, {"a": 1}]), tu.tree_all([True, 0]))
print(jax.tree.reduce(max, [3, (9, 2)]), jax.tree.leaves([1, None, 2]), jax.tree.leaves([1, None], is_leaf=lambda v: v is None))
print(jax.tree.map(lambda *xs: sum(xs), (1, 2), (3, 4), (5, 6)))
print(jax.tree.structure(Point(1, 2)), jax.tree.unflatten(jax.tree.structure([0, (0, 0)]), "abc"))
print(tu.treedef_is_leaf(tu.tree_structure(1)), tu.treedef_is_leaf(tu.tree_structure([1])))
print(tu.all_leaves([1, 2.0, jnp.ones(1)]), tu.all_leaves([[1]]))
print(tu.GetAttrKey("x"), tu.DictKey("k"), tu.SequenceKey(3), tu.FlattenedIndexKey(2))
print(tu.keystr((tu.GetAttrKey("x"), tu.SequenceKey(0), tu.DictKey("w"))))
print(tu.tree_map(lambda v: v * 2, Point(jnp.ones(1), 3.0)))
print(tu.Partial(lambda a, b: a - b, 10)(3), tu.tree_flatten(tu.Partial(jnp.add, 1.0))[0])
print(jax.tree.flatten_with_path({"b": 1, "a": {"d": 2, "c": 3}})[0])
print(jax.tree.map_with_path(lambda p, v: len(p), {"a": [1, {"b": 2}]}))

# path-dependent weight decay mask: decay kernels, not biases
params = {"dense": {"kernel": jnp.ones((2, 2)), "bias": jnp.ones(2)}, "out": {"kernel": jnp.ones(2), "bias": jnp.zeros(())}}
mask = tu.tree_map_with_path(lambda p, _: p[-1].key == "kernel", params)
print(mask)
grads = jax.grad(lambda p: sum(jnp.sum(v ** 2) for v in jax.tree.leaves(p)))(params)
update = jax.tree.map(lambda g, p, m: g + (0.1 * p if m else 0.0), grads, params, mask)
print(update)
