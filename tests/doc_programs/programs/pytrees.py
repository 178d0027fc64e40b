# Pytrees + Working with pytrees
import jax
import jax.numpy as jnp
import numpy as np
from typing import NamedTuple, Any
from dataclasses import dataclass
import functools

example_trees = [
    [1, 'a', object()],
    (1, (2, 3), ()),
    [1, {'k1': 2, 'k2': (3, 4)}, 5],
    {'a': 2, 'b': (2, 3)},
    jnp.array([1, 2, 3]),
]
for pytree in example_trees:
    leaves = jax.tree.leaves(pytree)
    print(f"{len(leaves)} leaves")

list_of_lists = [[1, 2, 3], [1, 2], [1, 2, 3, 4]]
print(jax.tree.map(lambda x: x*2, list_of_lists))
another_list_of_lists = list_of_lists
print(jax.tree.map(lambda x, y: x+y, list_of_lists, another_list_of_lists))


def init_mlp_params(layer_widths):
    params = []
    for n_in, n_out in zip(layer_widths[:-1], layer_widths[1:]):
        params.append(
            dict(weights=np.random.normal(size=(n_in, n_out)) * np.sqrt(2/n_in),
                 biases=np.ones(shape=(n_out,)))
        )
    return params


np.random.seed(0)
params = init_mlp_params([1, 128, 128, 1])
print(jax.tree.map(lambda x: x.shape, params))


def forward(params, x):
    *hidden, last = params
    for layer in hidden:
        x = jax.nn.relu(x @ layer['weights'] + layer['biases'])
    return x @ last['weights'] + last['biases']


def loss_fn(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


LEARNING_RATE = 0.0001


@jax.jit
def update(params, x, y):
    grads = jax.grad(loss_fn)(params, x, y)
    return jax.tree.map(lambda p, g: p - LEARNING_RATE * g, params, grads)


xs = np.random.normal(size=(128, 1))
ys = xs ** 2
for _ in range(100):
    params = update(params, xs, ys)
print(float(loss_fn(params, xs, ys)) < 10)


class MyContainer:
    def __init__(self, name: str, a: int, b: int, c: int):
        self.name = name
        self.a = a
        self.b = b
        self.c = c


print(jax.tree.leaves([MyContainer('Alice', 1, 2, 3), MyContainer('Bob', 4, 5, 6)]))
try:
    jax.tree.map(lambda x: x + 1, [MyContainer('Alice', 1, 2, 3), MyContainer('Bob', 4, 5, 6)])
except TypeError as e:
    print("TypeError")


def flatten_MyContainer(container):
    flat_contents = [container.a, container.b, container.c]
    aux_data = container.name
    return flat_contents, aux_data


def unflatten_MyContainer(aux_data, flat_contents):
    return MyContainer(aux_data, *flat_contents)


jax.tree_util.register_pytree_node(MyContainer, flatten_MyContainer, unflatten_MyContainer)
print(jax.tree.leaves([MyContainer('Alice', 1, 2, 3), MyContainer('Bob', 4, 5, 6)]))


@jax.tree_util.register_pytree_with_keys_class
class MyKeyContainer:
    def __init__(self, name, a, b, c):
        self.name, self.a, self.b, self.c = name, a, b, c

    def tree_flatten_with_keys(self):
        return ((jax.tree_util.GetAttrKey('a'), self.a), (jax.tree_util.GetAttrKey('b'), self.b),
                (jax.tree_util.GetAttrKey('c'), self.c)), self.name

    @classmethod
    def tree_unflatten(cls, name, children):
        return cls(name, *children)


print(jax.tree_util.tree_flatten_with_path(MyKeyContainer('x', 1, 2, 3)))


class MyOtherContainer(NamedTuple):
    name: str
    a: Any
    b: Any
    c: Any


print(jax.tree.leaves([MyOtherContainer('Alice', 1, 2, 3), MyOtherContainer('Bob', 4, 5, 6)]))


@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=['a', 'b', 'c'],
                   meta_fields=['name'])
@dataclass
class MyDataclassContainer(object):
    name: str
    a: Any
    b: Any
    c: Any


print(jax.tree.leaves([MyDataclassContainer('apple', 5.3, 1.2, jnp.zeros([4])),
                       MyDataclassContainer('banana', np.ones([3]), 3, 7.)]))
print(jax.tree.map(lambda x: x * 2, MyDataclassContainer('a', 1, 2, 3)))


@jax.tree_util.register_dataclass
@dataclass
class Auto:
    x: jax.Array
    y: int = __import__('dataclasses').field(metadata=dict(static=True), default=3)


print(jax.tree.leaves(Auto(jnp.ones(2))))
print(jax.tree.structure(Auto(jnp.ones(2))))
print(jax.jit(lambda a: a.x * a.y)(Auto(jnp.ones(2))))

# tree paths
tree = [1, {'k1': 2, 'k2': (3, 4)}, jax.tree_util.Partial(lambda x: x, 5)]
flattened, _ = jax.tree_util.tree_flatten_with_path(tree)
for key_path, value in flattened:
    print(f'Value of tree{jax.tree_util.keystr(key_path)}: {value}')
for key_path, _ in flattened:
    print(f'Key path of tree{jax.tree_util.keystr(key_path)}: {repr(key_path)}')

# None is a node
print(jax.tree.leaves([None, None, None]))
print(jax.tree.leaves([None, None, None], is_leaf=lambda x: x is None))

# is_leaf
tree = [[1, 2], [3, 4]]
print(jax.tree.map(lambda x: sum(x) if isinstance(x, list) else x, tree,
                   is_leaf=lambda x: isinstance(x, list) and all(isinstance(i, int) for i in x)))
a_tree = [jnp.zeros((2, 3)), jnp.zeros((3, 4))]
shapes = jax.tree.map(lambda x: x.shape, a_tree)
print(jax.tree.map(jnp.ones, shapes, is_leaf=lambda x: isinstance(x, tuple) and all(isinstance(i, int) for i in x)))
print(jax.tree.map(jnp.ones, shapes, is_leaf=lambda x: isinstance(x, tuple)))


# transpose
def tree_transpose(list_of_trees):
    return jax.tree.map(lambda *xs: list(xs), *list_of_trees)


episode_steps = [dict(t=1, obs=3), dict(t=2, obs=4)]
print(tree_transpose(episode_steps))
print(jax.tree.transpose(
    outer_treedef=jax.tree.structure([0 for e in episode_steps]),
    inner_treedef=jax.tree.structure(episode_steps[0]),
    pytree_to_transpose=episode_steps
))

# Custom pytrees and initialization with unexpected values
class MyTree:
    def __init__(self, a):
        self.a = jnp.asarray(a)


jax.tree_util.register_pytree_node(MyTree, lambda tree: ((tree.a,), None),
                                   lambda _, args: MyTree(*args))
tree = MyTree(jnp.arange(5.0))
print(jax.vmap(lambda x: x)(tree).a.shape)
try:
    print(jax.jacobian(lambda x: x)(tree).a.a)
except Exception as e:
    print(type(e).__name__)

# flatten/unflatten, treedef printing
v, treedef = jax.tree.flatten({'a': [1, 2], 'b': (3, None)})
print(v, treedef)
print(jax.tree.unflatten(treedef, [10, 20, 30]))
print(treedef.num_leaves, treedef.num_nodes)
print(jax.tree.reduce(lambda a, b: a + b, [1, 2, 3]))
print(jax.tree.all([True, 1, [2]]))
print(jax.tree_util.tree_map_with_path(lambda p, x: (jax.tree_util.keystr(p), x), {'x': [1, 2]}))
try:
    jax.tree.map(lambda x, y: x + y, [1, 2], [1, 2, 3])
except Exception as e:
    print(type(e).__name__)
try:
    jax.tree.unflatten(treedef, [1, 2])
except Exception as e:
    print(type(e).__name__)
