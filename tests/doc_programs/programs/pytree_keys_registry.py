# Pytrees with key paths: register_pytree_with_keys, tree_map_with_path, flatten_with_path,
# keystr options, dataclass nodes, namedtuples, None and empty nodes, flatten_one_level
import dataclasses
from typing import NamedTuple
import jax
import jax.numpy as jnp
from jax.tree_util import (GetAttrKey, DictKey, SequenceKey, FlattenedIndexKey, keystr,
                           register_pytree_with_keys, register_pytree_with_keys_class,
                           tree_flatten_with_path, tree_map_with_path, tree_leaves_with_path)


class Layer:
    def __init__(self, w, b, name):
        self.w, self.b, self.name = w, b, name

    def __repr__(self):
        return f"Layer({self.name})"


def flatten_with_keys(layer):
    return ((GetAttrKey("w"), layer.w), (GetAttrKey("b"), layer.b)), layer.name


def unflatten(name, children):
    return Layer(*children, name)


register_pytree_with_keys(Layer, flatten_with_keys, unflatten)
net = {"enc": [Layer(jnp.ones((2, 3)), jnp.zeros(3), "l0"), Layer(jnp.ones((3, 1)), None, "l1")],
       "scale": 2.0}
leaves_paths, treedef = tree_flatten_with_path(net)
for path, leaf in leaves_paths:
    print(keystr(path), jnp.shape(leaf))
print(treedef)
print([keystr(p, simple=True, separator="/") for p, _ in leaves_paths])
print(jax.tree.leaves(net, is_leaf=lambda x: x is None))

def decay(path, x):
    name = keystr(path, simple=True, separator=".")
    return x * 0.5 if name.endswith("w") else x


shrunk = tree_map_with_path(decay, net)
print(shrunk["enc"][0].w[0], shrunk["enc"][1].name, shrunk["scale"])
print([type(k).__name__ for k in leaves_paths[0][0]])
print(leaves_paths[0][0][0] == DictKey("enc"), leaves_paths[0][0][1] == SequenceKey(0))


@register_pytree_with_keys_class
class Pair:
    def __init__(self, first, second):
        self.first, self.second = first, second

    def tree_flatten_with_keys(self):
        return (((GetAttrKey("first"), self.first), (GetAttrKey("second"), self.second)), None)

    def tree_flatten(self):
        return (self.first, self.second), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


p = Pair(jnp.arange(3.), {"k": jnp.ones(2)})
print([keystr(k) for k, _ in tree_leaves_with_path(p)])
print(jax.tree.map(lambda a: a.sum(), p).second)
print(jax.jit(lambda p: p.first * 2)(p))

# dataclasses registered as pytree nodes, with static fields
@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Optim:
    lr: float = dataclasses.field(metadata=dict(static=True))
    mu: jnp.ndarray
    nu: jnp.ndarray


o = Optim(0.1, jnp.zeros(2), jnp.ones(2))
print([keystr(k) for k, _ in tree_flatten_with_path(o)[0]])
print(jax.tree.structure(o))
print(jax.jit(lambda o: o.mu + o.nu * o.lr)(o))

class Point(NamedTuple):
    x: float
    y: float


print([keystr(k) for k, _ in tree_flatten_with_path([Point(1., 2.), (3., None)])[0]])
print(jax.tree_util.tree_flatten_with_path({"b": 1, "a": (2, 3)})[0])

# flatten_one_level, all_leaves, tree.flatten_with_path / map_with_path / leaves_with_path
print(jax.tree_util.flatten_one_level({"a": 1, "b": [2, 3]}))
print(jax.tree_util.all_leaves([jnp.ones(1), 2.0]), jax.tree_util.all_leaves([[1], 2]))
print(jax.tree.flatten_with_path((1, {"z": 2}))[0])
print(jax.tree.map_with_path(lambda p, v: f"{keystr(p)}={v}", {"x": 1, "y": [2]}))
print(len(jax.tree.leaves_with_path(net)))
idx = FlattenedIndexKey(3)
print(idx, keystr((idx, GetAttrKey("w"), DictKey("k"), SequenceKey(0))))
