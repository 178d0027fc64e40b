# The Pytrees pages: custom nodes by register_pytree_node / register_pytree_node_class /
# register_pytree_with_keys / register_dataclass, their key paths and keystr (simple=True,
# separator=), tree_map_with_path, leaves with None, namedtuples, is_leaf, transposing trees,
# and the common gotchas (mistaking nodes for leaves, None as an empty node)
import collections
import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax.tree_util import (DictKey, FlattenedIndexKey, GetAttrKey, SequenceKey, keystr,
                           register_pytree_node, register_pytree_node_class,
                           register_pytree_with_keys, tree_flatten, tree_flatten_with_path,
                           tree_map, tree_map_with_path, tree_structure, tree_unflatten)

example_trees = [
    [1, "a", object()],
    (1, (2, 3), ()),
    [1, {"k1": 2, "k2": (3, 4)}, 5],
    {"a": 2, "b": (2, 3)},
    jnp.array([1, 2, 3]),
]
for pytree in example_trees:
    leaves = jax.tree_util.tree_leaves(pytree)
    print(f"{repr(pytree) if not isinstance(pytree, list) or not any(type(l) is object for l in pytree) else 'list with object'}"[:40], f"has {len(leaves)} leaves")


class MyContainer:
    def __init__(self, name: str, a: int, b: int, c: int):
        self.name = name
        self.a = a
        self.b = b
        self.c = c


def flatten_MyContainer(container):
    flat_contents = [container.a, container.b, container.c]
    aux_data = container.name
    return flat_contents, aux_data


def unflatten_MyContainer(aux_data, flat_contents):
    return MyContainer(aux_data, *flat_contents)


register_pytree_node(MyContainer, flatten_MyContainer, unflatten_MyContainer)
print(jax.tree_util.tree_leaves([MyContainer("Alice", 1, 2, 3), MyContainer("Bob", 4, 5, 6)]))
out = tree_map(lambda x: x + 1, [MyContainer("Alice", 1, 2, 3), MyContainer("Bob", 4, 5, 6)])
print([(c.name, c.a, c.b, c.c) for c in out])
print(tree_structure(MyContainer("Z", 1, 2, 3)).num_leaves)
try:
    print(tree_flatten_with_path(MyContainer("Z", 1, 2, 3))[0])
except Exception as e:
    print(type(e).__name__)


class MyKeysContainer:
    def __init__(self, name, a, b, c):
        self.name, self.a, self.b, self.c = name, a, b, c


def flatten_with_keys(c):
    return ((GetAttrKey("a"), c.a), (GetAttrKey("b"), c.b), (GetAttrKey("c"), c.c)), c.name


register_pytree_with_keys(MyKeysContainer, flatten_with_keys, lambda name, xs: MyKeysContainer(name, *xs))
tree = [MyKeysContainer("Alice", 1, 2, 3), {"x": (4, None, 5)}]
for path, leaf in tree_flatten_with_path(tree)[0]:
    print(keystr(path), keystr(path, simple=True, separator="/"), repr(path[-1]), leaf)


@register_pytree_node_class
class Special:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def tree_flatten(self):
        return ((self.x, self.y), None)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)

    def __repr__(self):
        return f"Special(x={self.x}, y={self.y})"


print(tree_map(lambda x: x * 2, Special(1, jnp.arange(3))))
print(jax.jit(lambda s: Special(s.y, s.x))(Special(jnp.float32(1), 2)))
print(jax.grad(lambda s: s.x * s.y)(Special(2.0, 3.0)))


@functools.partial(jax.tree_util.register_dataclass, data_fields=["x", "y"], meta_fields=["op"])
@dataclasses.dataclass
class MyDataclassContainer:
    x: jax.Array
    y: jax.Array
    op: str


m = MyDataclassContainer(jnp.ones(2), jnp.zeros(3), "add")
print(jax.tree.leaves(m), jax.tree.structure(m))
print([keystr(p) for p, _ in jax.tree_util.tree_leaves_with_path(m)])


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array
    name: str = dataclasses.field(metadata=dict(static=True), default="lin")


p = Params(jnp.ones((2, 2)), jnp.zeros(2))
print(jax.jit(lambda p, x: p.w @ x + p.b)(p, jnp.arange(2.0)))
print(jax.grad(lambda p: (p.w**2).sum() + p.b.sum())(p))

MyNamedTuple = collections.namedtuple("MyNamedTuple", ["x", "y"])
nt = MyNamedTuple(1, [2, {"q": 3}])
print(tree_flatten_with_path(nt))
print(tree_map_with_path(lambda kp, v: f"{keystr(kp)}={v}", nt))
print(SequenceKey(2), DictKey("q"), GetAttrKey("x"), FlattenedIndexKey(1))
print(SequenceKey(2).idx, DictKey("q").key, GetAttrKey("x").name, FlattenedIndexKey(1).key)

print(tree_map(lambda x: x + 1, [None, 1, (None, 2)]))
print(tree_flatten([None, 1, (None, 2)]))
print(jax.tree.leaves([jnp.zeros(2), (jnp.ones(3), 4.0)], is_leaf=lambda x: isinstance(x, tuple)))
print(jax.tree.map(lambda x: x.shape, {"a": jnp.zeros((2, 3)), "b": [jnp.ones(4)]}))
a_tree = [jnp.zeros((2, 3)), jnp.zeros((3, 4))]
shapes = tree_map(lambda x: x.shape, a_tree)
print(shapes, tree_map(jnp.ones, shapes, is_leaf=lambda x: isinstance(x, tuple) and all(isinstance(i, int) for i in x)))


def tree_transpose(list_of_trees):
    return jax.tree.map(lambda *xs: list(xs), *list_of_trees)


episode_steps = [dict(t=1, obs=3), dict(t=2, obs=4)]
print(tree_transpose(episode_steps))
print(jax.tree.transpose(jax.tree.structure([0 for e in episode_steps]), jax.tree.structure(episode_steps[0]), episode_steps))
leaves, treedef = tree_flatten({"b": [1, 2], "a": (3,)})
print(leaves, treedef, tree_unflatten(treedef, [10, 20, 30]))
print(treedef.num_leaves, treedef.num_nodes, treedef.children(), treedef.node_data())
