# The pytrees pages' key-path API with options: keystr's simple and separator arguments, the
# key classes' reprs and fields (SequenceKey.idx, DictKey.key, GetAttrKey.name,
# FlattenedIndexKey.key), tree.map_with_path with is_leaf and several trees, tree.leaves_with_path
# of namedtuples / dataclasses / None, tree_flatten_with_path's treedef, and a path-based
# weight-decay mask over a nested parameter dict
import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.tree_util import DictKey, FlattenedIndexKey, GetAttrKey, SequenceKey, keystr


class Point(NamedTuple):
    x: float
    y: float


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Layer:
    w: jax.Array
    b: jax.Array
    name: str = dataclasses.field(metadata=dict(static=True), default="dense")


tree = {
    "layers": [Layer(jnp.ones((2, 2)), jnp.zeros(2)), Layer(jnp.ones(3), jnp.zeros(1), "out")],
    "pt": Point(1.0, 2.0),
    "none": None,
    "t": (3, [4]),
}
leaves = jax.tree.leaves_with_path(tree)
for path, leaf in leaves:
    print(keystr(path), keystr(path, simple=True, separator="/"), getattr(leaf, "shape", leaf))
path0 = leaves[0][0]
print(path0, [type(k).__name__ for k in path0])
print(DictKey("a"), SequenceKey(3), GetAttrKey("w"), FlattenedIndexKey(2))
print(DictKey("a").key, SequenceKey(3).idx, GetAttrKey("w").name, FlattenedIndexKey(2).key)
print(DictKey("a") == DictKey("a"), hash(SequenceKey(1)) == hash(SequenceKey(1)))
flat, treedef = jax.tree_util.tree_flatten_with_path(tree)
print(len(flat), treedef.num_leaves)


def decay_mask(path, leaf):
    names = [getattr(k, "name", None) for k in path]
    return "w" in names


params = {"dense": Layer(jnp.ones((2, 2)), jnp.ones(2)), "head": Layer(jnp.ones(2), jnp.ones(1))}
mask = jax.tree.map_with_path(decay_mask, params)
print(mask)
decayed = jax.tree.map(lambda p, m: p * 0.9 if m else p, params, mask)
print(jax.tree.map(lambda p: float(p.sum()), decayed))
print(
    jax.tree.map_with_path(
        lambda p, a, b: f"{keystr(p)}={a + b}", {"a": 1, "b": [2, 3]}, {"a": 10, "b": [20, 30]}
    )
)
print(
    jax.tree.map_with_path(
        lambda p, x: keystr(p), {"a": [1, 2], "b": (3,)}, is_leaf=lambda x: isinstance(x, list)
    )
)
print(jax.tree_util.tree_map_with_path(lambda p, x: len(p), [[1, [2]], {"k": 3}]))
print(jax.tree.leaves_with_path(Point(jnp.ones(2), None)))
print(jax.tree.flatten_with_path([1, {"z": 2, "a": 3}]))
