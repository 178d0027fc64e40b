# The jax.tree API tour: map with several trees and is_leaf, leaves / structure / flatten /
# unflatten, reduce with an initializer, all / any-like reductions, transpose, map_with_path /
# flatten_with_path / leaves_with_path with keystr, broadcast, tree_util's registries (namedtuple,
# dataclass, register_pytree_node_class), None and empty containers, and structure errors
import collections
import dataclasses
import functools
import operator

import jax
import jax.numpy as jnp
from jax import tree_util

params = {"dense": {"w": jnp.ones((2, 3)), "b": jnp.zeros(3)}, "scale": 2.0, "layers": [1, (2, 3)]}
print(jax.tree.structure(params))
print(jax.tree.leaves(params))
print(jax.tree.map(lambda v: jnp.shape(v), params))
leaves, treedef = jax.tree.flatten(params)
print(len(leaves), treedef.num_leaves, treedef.num_nodes)
print(jax.tree.unflatten(treedef, list(range(len(leaves)))))
print(jax.tree.map(lambda a, b: a + b, {"x": 1, "y": [2, 3]}, {"x": 10, "y": [20, 30]}))
print(jax.tree.map(lambda v: v * 2, [1, None, (2, None)]))
print(jax.tree.map(lambda v: v is None, [1, None], is_leaf=lambda v: v is None))
print(jax.tree.leaves([1, None, [], {}, ()]), jax.tree.structure([1, None, [], {}, ()]))
print(jax.tree.reduce(operator.add, [1, 2, [3, 4]]), jax.tree.reduce(operator.add, [], 100))
print(jax.tree.reduce(max, {"a": 3, "b": [7, 1]}, -1))
print(jax.tree.all([True, (1, 2), {"a": 0}]), jax.tree.all([True, [1, [2]]]))
print(jax.tree.transpose(jax.tree.structure([0, 0]), jax.tree.structure((0, 0, 0)), [(1, 2, 3), (4, 5, 6)]))
print(jax.tree.map_with_path(lambda p, v: f"{jax.tree_util.keystr(p)}={v}", {"a": [1, 2], "b": {"c": 3}}))
for path, v in jax.tree.flatten_with_path({"a": [1, 2], "b": (3,)})[0]:
    print(path, jax.tree_util.keystr(path), jax.tree_util.keystr(path, simple=True, separator="/"), v)
print(jax.tree.leaves_with_path([{"k": 1}]))
print(jax.tree.broadcast(1, [0, 0, (0,)]), jax.tree.broadcast({"a": 1, "b": 2}, {"a": [0, 0], "b": 0}))

Point = collections.namedtuple("Point", ["x", "y"])
print(jax.tree.map(lambda v: v + 1, Point(1, 2)), jax.tree.structure(Point(1, 2)))
print(jax.tree.flatten_with_path(Point(1, 2))[0])


@functools.partial(jax.tree_util.register_dataclass, data_fields=["w"], meta_fields=["name"])
@dataclasses.dataclass
class Layer:
    w: jax.Array
    name: str


layer = Layer(jnp.arange(3.0), "fc")
print(jax.tree.leaves(layer), jax.tree.structure(layer))
print(jax.tree.map(lambda v: v * 10, layer))
print(jax.jit(lambda l: l.w.sum())(layer))
print(jax.tree.flatten_with_path(layer)[0])


@tree_util.register_pytree_node_class
class Box:
    def __init__(self, value, label):
        self.value, self.label = value, label

    def tree_flatten(self):
        return (self.value,), self.label

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], aux)

    def __repr__(self):
        return f"Box({self.value}, {self.label!r})"


print(jax.tree.map(lambda v: v + 1, Box(1, "b")), jax.tree.structure([Box(1, "b")]))
print(jax.grad(lambda b: b.value**2)(Box(3.0, "g")))
print(tree_util.tree_structure(Box(1, "a")) == tree_util.tree_structure(Box(2, "a")),
      tree_util.tree_structure(Box(1, "a")) == tree_util.tree_structure(Box(1, "z")))
td = jax.tree.structure({"a": 1, "b": (2, 3)})
print(td.children(), td.node_data(), td.num_leaves)
print(tree_util.treedef_is_leaf(jax.tree.structure(1)), tree_util.all_leaves([1, 2]), tree_util.all_leaves([1, [2]]))
print(tree_util.tree_flatten(params, is_leaf=lambda v: isinstance(v, dict) and "w" in v)[0])
for bad in (
    lambda: jax.tree.map(lambda a, b: a + b, [1, 2], [1, 2, 3]),
    lambda: jax.tree.map(lambda a, b: a + b, {"a": 1}, {"b": 1}),
    lambda: jax.tree.unflatten(jax.tree.structure([0, 0]), [1]),
    lambda: jax.tree.transpose(jax.tree.structure([0, 0]), jax.tree.structure((0, 0)), [(1, 2), (3,)]),
):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
print(jax.tree.map(jnp.add, (jnp.ones(2), 1.0), (jnp.ones(2), 2.0)))
