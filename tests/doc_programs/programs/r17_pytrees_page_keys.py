# The "Pytrees" pages: custom nodes with register_pytree_with_keys and flatten_with_keys,
# register_pytree_node_class, namedtuples and dataclasses with key paths, tree_map over
# several trees, common gotchas (None leaves, mistaking nodes for leaves), tree transposes
import collections
import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax.tree_util import (GetAttrKey, DictKey, SequenceKey, register_pytree_with_keys,
                           register_pytree_node_class, tree_flatten_with_path,
                           tree_map_with_path, keystr, tree_structure, tree_unflatten)

example_trees = [
    [1, 'a', object()],
    (1, (2, 3), ()),
    [1, {'k1': 2, 'k2': (3, 4)}, 5],
    {'a': 2, 'b': (2, 3)},
    jnp.array([1, 2, 3]),
]
for pytree in example_trees:
    leaves = jax.tree.leaves(pytree)
    print(f"{repr(pytree):<45} has {len(leaves)} leaves")

list_of_lists = [[1, 2, 3], [1, 2], [1, 2, 3, 4]]
print(jax.tree.map(lambda x: x * 2, list_of_lists))
another_list_of_lists = list_of_lists
print(jax.tree.map(lambda x, y: x + y, list_of_lists, another_list_of_lists))


class Special:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return f"Special(x={self.x}, y={self.y})"


def special_flatten_with_keys(v):
    children = ((GetAttrKey('x'), v.x), (GetAttrKey('y'), v.y))
    return children, None


def special_flatten(v):
    return (v.x, v.y), None


def special_unflatten(aux_data, children):
    return Special(*children)


register_pytree_with_keys(Special, special_flatten_with_keys, special_unflatten, special_flatten)
tree = [Special(1, 2.), {'k': Special(jnp.ones(2), None)}]
for path, leaf in tree_flatten_with_path(tree)[0]:
    print(keystr(path), repr(leaf))
print(tree_map_with_path(lambda p, x: f"{keystr(p)}={x}", tree))
print(jax.tree.map(lambda x: x + 1, tree))
print(tree_structure(tree))


@register_pytree_node_class
class RegisteredSpecial(Special):
    def __repr__(self):
        return "RegisteredSpecial(x={}, y={})".format(self.x, self.y)

    def tree_flatten(self):
        children = (self.x, self.y)
        aux_data = None
        return (children, aux_data)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)


print(jax.tree.map(lambda x: x + 1, [RegisteredSpecial(0, 1), RegisteredSpecial(2, 4)]))
print(jax.tree_util.tree_leaves_with_path(RegisteredSpecial(0, 1)))


class MyOtherContainer(collections.namedtuple("MyOtherContainer", ["name", "a", "b", "c"])):
    pass


pt = MyOtherContainer("Alice", 1, 2, 3)
print(jax.tree.leaves([pt]))
print(tree_flatten_with_path(pt)[0])


@functools.partial(jax.tree_util.register_dataclass, data_fields=["a", "b"], meta_fields=["name"])
@dataclasses.dataclass
class MyDataclassContainer:
    name: str
    a: object
    b: object


dc = MyDataclassContainer("Bob", jnp.zeros(1), 7)
print(jax.tree.leaves([dc]))
print([keystr(p) for p, _ in tree_flatten_with_path(dc)[0]])
print(jax.jit(lambda d: d.a + d.b)(dc))

print(jax.tree.map(lambda x: x + 1, [1, None, 3]))
print(jax.tree.leaves([None, None, None]))
print(jax.tree.leaves([None, None, None], is_leaf=lambda x: x is None))
print(jax.tree.map(lambda x: x.shape, {'a': jnp.ones((2, 3)), 'b': (jnp.ones(4),)}))
a_tree = [jnp.zeros((2, 3)), jnp.zeros((3, 4))]
shapes = jax.tree.map(lambda x: x.shape, a_tree)
print(jax.tree.map(jnp.ones, shapes))
print(jax.tree.leaves(shapes))
print(jax.tree.map(jnp.ones, shapes, is_leaf=lambda x: isinstance(x, tuple) and all(isinstance(i, int) for i in x)))


def tree_transpose(list_of_trees):
    return jax.tree.map(lambda *xs: list(xs), *list_of_trees)


episode_steps = [dict(t=1, obs=3), dict(t=2, obs=4)]
print(tree_transpose(episode_steps))
print(jax.tree.transpose(outer_treedef=jax.tree.structure([0 for e in episode_steps]),
                         inner_treedef=jax.tree.structure(episode_steps[0]),
                         pytree_to_transpose=episode_steps))
flat, treedef = jax.tree.flatten({'b': 2, 'a': 1, 'c': [3, 4]})
print(flat, treedef, treedef.num_leaves, treedef.num_nodes)
print(tree_unflatten(treedef, [10, 20, 30, 40]))
print(DictKey('a'), SequenceKey(0), GetAttrKey('x'), repr(DictKey('a')))
print(jax.tree_util.tree_flatten_with_path({'x': [1, (2,)]})[1])
try:
    jax.tree.map(lambda a, b: a + b, [1, 2], [1, 2, 3])
except ValueError as e:
    print(type(e).__name__)
