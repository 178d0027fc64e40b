# Working with pytrees: custom nodes with keys, map_with_path, flatten_with_path, keystr
import collections
import dataclasses
import jax
import jax.numpy as jnp
from jax import tree_util


class Layer:
    def __init__(self, w, b, name):
        self.w, self.b, self.name = w, b, name

    def __repr__(self):
        return f"Layer({self.name})"


def layer_flatten_with_keys(l):
    return ((tree_util.GetAttrKey('w'), l.w), (tree_util.GetAttrKey('b'), l.b)), l.name


def layer_unflatten(name, children):
    return Layer(*children, name)


tree_util.register_pytree_with_keys(Layer, layer_flatten_with_keys, layer_unflatten)
model = {'enc': [Layer(jnp.ones((2, 2)), jnp.zeros(2), 'l0'), Layer(jnp.ones((2, 1)), jnp.zeros(1), 'l1')],
         'scale': 2.}
for path, leaf in jax.tree.leaves_with_path(model):
    print(tree_util.keystr(path), leaf.shape if hasattr(leaf, 'shape') else leaf)
print(tree_util.keystr(jax.tree.leaves_with_path(model)[0][0], simple=True, separator='/'))
flat, treedef = jax.tree.flatten_with_path(model)
print([tree_util.keystr(p) for p, _ in flat])
print(treedef)
counts = jax.tree.map_with_path(lambda p, x: f"{len(p)}:{jnp.size(x)}", model)
print(counts)
decayed = jax.tree.map_with_path(
    lambda p, x: x * 0.9 if isinstance(p[-1], tree_util.GetAttrKey) and p[-1].name == 'w' else x, model)
print(jax.tree.map(lambda x: float(jnp.sum(x)), decayed))
print(jax.tree.map(jnp.shape, model))


@tree_util.register_pytree_with_keys_class
class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b

    def tree_flatten_with_keys(self):
        return ((tree_util.DictKey('first'), self.a), (tree_util.DictKey('second'), self.b)), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    def __repr__(self):
        return f"Pair({self.a}, {self.b})"


p = Pair(jnp.arange(2.), 3.)
print(jax.tree.leaves_with_path(p))
print(jax.tree.map(lambda x: x + 1, p))
print(jax.grad(lambda q: jnp.sum(q.a * q.b))(p))

Point = collections.namedtuple('Point', ['x', 'y'])
print(jax.tree.leaves_with_path(Point(1, [2, 3])))


@dataclasses.dataclass
class Cfg:
    lr: float
    steps: int


tree_util.register_dataclass(Cfg, data_fields=['lr'], meta_fields=['steps'])
print(jax.tree.leaves_with_path(Cfg(0.1, 3)))
print(jax.tree.flatten(Cfg(0.1, 3)))
for k in [tree_util.SequenceKey(2), tree_util.DictKey('a'), tree_util.GetAttrKey('w'), tree_util.FlattenedIndexKey(1)]:
    print(repr(k), str(k), tree_util.keystr((k,)))
print(tree_util.keystr(()), tree_util.keystr((tree_util.DictKey('a'), tree_util.SequenceKey(0)), simple=True, separator='.'))
print(jax.tree.leaves({'b': 1, 'a': 2, 'c': None}))
print(jax.tree.leaves([1, None, 2], is_leaf=lambda x: x is None))
print(jax.tree.structure({'a': [1, 2], 'b': (3,)}).num_leaves)
print(jax.tree.reduce(lambda a, b: a + b, model['enc'][0].w.tolist(), initializer=0.))
print(jax.tree.all([True, (True, 1)]), jax.tree.all([True, False]))
print(jax.tree.map(lambda x, y: x + y, {'a': 1, 'b': 2}, {'a': 10, 'b': 20}))
try:
    jax.tree.map(lambda x, y: x + y, {'a': 1}, {'b': 2})
except ValueError as e:
    print(type(e).__name__)
