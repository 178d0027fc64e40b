# jax.tree and jax.tree_util: custom pytree classes, paths, transposes
import dataclasses
import functools
from typing import NamedTuple
import jax
import jax.numpy as jnp
from jax import tree_util

tree = [1, {'k1': 2, 'k2': (3, 4)}, 5]
print(jax.tree.leaves(tree))
print(jax.tree.structure(tree))
leaves, treedef = jax.tree.flatten(tree)
print(leaves, treedef.num_leaves, treedef.num_nodes)
print(jax.tree.unflatten(treedef, [x * 10 for x in leaves]))
print(jax.tree.map(lambda x: x * 2, tree))
print(jax.tree.map(lambda x, y: x + y, tree, tree))
print(jax.tree.reduce(lambda a, b: a + b, tree))
print(jax.tree.reduce(lambda a, b: a + b, tree, 100))
print(jax.tree.all([True, {'a': True, 'b': False}]))
print(jax.tree.transpose(jax.tree.structure([0, 0]), jax.tree.structure((0, 0, 0)), [(1, 2, 3), (4, 5, 6)]))
print(jax.tree.leaves([None, (), [1, None]]))
print(jax.tree.leaves([None, 1], is_leaf=lambda x: x is None))
print(jax.tree.map(lambda x: x is None, [None, 1], is_leaf=lambda x: x is None))
print(jax.tree.map(lambda p: sum(p), [(1, 2), (3, 4)], is_leaf=lambda x: isinstance(x, tuple)))
print(jax.tree.leaves_with_path({'a': [1, 2], 'b': (3,)}))
for path, leaf in jax.tree.flatten_with_path({'a': [1, 2], 'b': (3,)})[0]:
    print(jax.tree_util.keystr(path), leaf)
print(jax.tree.map_with_path(lambda p, x: f"{jax.tree_util.keystr(p)}={x}", {'x': 1, 'y': [2]}))
print(tree_util.keystr((tree_util.DictKey('a'), tree_util.SequenceKey(0)), simple=True, separator='/'))
print(tree_util.tree_structure((1, [2])) == tree_util.tree_structure((0, [0])))
print(tree_util.treedef_is_leaf(tree_util.tree_structure(1)))
print(tree_util.all_leaves([1, 2, 3]), tree_util.all_leaves([[1]]))
print(jax.tree.broadcast(1, [None, None]) if hasattr(jax.tree, "broadcast") else "no broadcast")


class MyContainer:
    def __init__(self, name: str, a: int, b: int, c: int):
        self.name = name
        self.a = a
        self.b = b
        self.c = c

    def __repr__(self):
        return f"MyContainer(name={self.name!r}, a={self.a}, b={self.b}, c={self.c})"


def flatten_MyContainer(container):
    flat_contents = [container.a, container.b, container.c]
    aux_data = container.name
    return flat_contents, aux_data


def unflatten_MyContainer(aux_data, flat_contents):
    return MyContainer(aux_data, *flat_contents)


tree_util.register_pytree_node(MyContainer, flatten_MyContainer, unflatten_MyContainer)
print(jax.tree.leaves([MyContainer('Alice', 1, 2, 3), MyContainer('Bob', 4, 5, 6)]))
print(jax.tree.map(lambda x: x + 1, [MyContainer('Alice', 1, 2, 3), MyContainer('Bob', 4, 5, 6)]))


@tree_util.register_pytree_node_class
class Special:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return f"Special(x={self.x}, y={self.y})"

    def tree_flatten(self):
        return ((self.x, self.y), None)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)


print(jax.jit(lambda s: Special(s.y, s.x * 2))(Special(jnp.float32(1), jnp.float32(2))))
print(jax.tree.structure(Special(1, 2)))


@functools.partial(jax.tree_util.register_dataclass, data_fields=['x', 'y'], meta_fields=['op'])
@dataclasses.dataclass
class MyDataclass:
    x: jax.Array
    y: jax.Array
    op: str


dc = MyDataclass(jnp.ones(2), jnp.zeros(2), 'add')
print(jax.tree.leaves(dc))
print(jax.jit(lambda d: d.x + d.y if d.op == 'add' else d.x - d.y)(dc))
print(jax.tree.flatten_with_path(dc)[0][0][0])


class MyOtherContainer(NamedTuple):
    name: str
    a: int
    b: int
    c: int


print(jax.tree.leaves([MyOtherContainer('Alice', 1, 2, 3), MyOtherContainer('Bob', 4, 5, 6)]))
print(jax.tree.flatten_with_path(MyOtherContainer('x', 1, 2, 3))[0][1][0])


@tree_util.register_static
class StaticThing:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, other):
        return isinstance(other, StaticThing) and self.v == other.v


print(jax.tree.leaves([StaticThing(1), 2]))
print(jax.jit(lambda s, x: x * s.v)(StaticThing(3), 2.))

a_tree = [jnp.zeros((2, 3)), jnp.zeros((3, 4))]
shapes = jax.tree.map(lambda x: x.shape, a_tree)
print(jax.tree.leaves(shapes))
print(jax.tree.map(jnp.zeros, shapes, is_leaf=lambda x: isinstance(x, tuple) and all(isinstance(i, int) for i in x))[0].shape)
print(tree_util.Partial(jnp.add, 1)(2))
print(jax.tree.leaves(tree_util.Partial(jnp.add, jnp.ones(1))))
try:
    jax.tree.map(lambda x, y: x + y, [1, 2], (1, 2))
except ValueError as e:
    print(type(e).__name__)
try:
    jax.tree.unflatten(treedef, [1, 2])
except ValueError as e:
    print(type(e).__name__)
print(jax.tree_util.tree_map(lambda x: x, {'b': 1, 'a': 2}))
print(jax.tree.leaves({'b': 1, 'a': 2, 'c': {'z': 3, 'y': 4}}))
