# "Working with pytrees": leaves of nested containers, tree.map over one and several trees,
# an MLP's parameters as a list of dicts, custom pytree nodes (register_pytree_node and the
# class decorator), None as an empty subtree, is_leaf, key paths (tree_flatten_with_path,
# keystr), namedtuples, and tree.structure / unflatten / transpose
from collections import namedtuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import tree_util

example_trees = [
    [1, "a", object()],
    (1, (2, 3), ()),
    [1, {"k1": 2, "k2": (3, 4)}, 5],
    {"a": 2, "b": (2, 3)},
    jnp.array([1, 2, 3]),
]
for pytree in example_trees:
    leaves = jax.tree.leaves(pytree)
    print(f"{type(pytree).__name__:<6} has {len(leaves)} leaves")

list_of_lists = [[1, 2, 3], [1, 2], [1, 2, 3, 4]]
print(jax.tree.map(lambda x: x * 2, list_of_lists))
print(jax.tree.map(lambda x, y: x + y, list_of_lists, list_of_lists))


def init_mlp_params(layer_widths):
    params = []
    for n_in, n_out in zip(layer_widths[:-1], layer_widths[1:]):
        params.append(
            dict(
                weights=np.random.normal(size=(n_in, n_out)) * np.sqrt(2 / n_in),
                biases=np.ones(shape=(n_out,)),
            )
        )
    return params


np.random.seed(0)
params = init_mlp_params([1, 16, 16, 1])
print(jax.tree.map(lambda x: x.shape, params))


def forward(params, x):
    *hidden, last = params
    for layer in hidden:
        x = jax.nn.relu(x @ layer["weights"] + layer["biases"])
    return x @ last["weights"] + last["biases"]


def loss_fn(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


LEARNING_RATE = 0.0001


@jax.jit
def update(params, x, y):
    grads = jax.grad(loss_fn)(params, x, y)
    return jax.tree.map(lambda p, g: p - LEARNING_RATE * g, params, grads)


xs = np.random.normal(size=(128, 1))
ys = xs**2
for _ in range(100):
    params = update(params, xs, ys)
print(loss_fn(params, xs, ys))


class MyContainer:
    def __init__(self, name, a, b, c):
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


tree_util.register_pytree_node(MyContainer, flatten_MyContainer, unflatten_MyContainer)
trees = [MyContainer("Alice", 1, 2, 3), MyContainer("Bob", 4, 5, 6)]
print(jax.tree.leaves(trees))
mapped = jax.tree.map(lambda x: x + 1, trees)
print([(m.name, m.a, m.c) for m in mapped])


@tree_util.register_pytree_node_class
class Special:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def tree_flatten(self):
        return ((self.x, self.y), None)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)


s = jax.jit(lambda s: Special(s.x * 2, s.y + s.x))(Special(jnp.ones(2), jnp.arange(2.0)))
print(s.x, s.y)
print(jax.tree.leaves([None, None, None]), jax.tree.map(lambda x: x + 1, [None, 1]))
print(jax.tree.structure([None, {"a": 1}]))

MyOtherContainer = namedtuple("MyOtherContainer", ["name", "a", "b", "c"])
otherinstance = MyOtherContainer("Alice", 1, 2, 3)
print(jax.tree.leaves([otherinstance]))

tree = [1, [2, 3], {"x": (4, 5)}]
print(jax.tree.map(lambda x: x * 10, tree, is_leaf=lambda n: isinstance(n, tuple)))
print(jax.tree.leaves(tree, is_leaf=lambda n: isinstance(n, list) and len(n) == 2))

ObjectWithPath = namedtuple("ObjectWithPath", ["a", "b"])
tree2 = [1, {"k1": 2, "k2": (3, 4)}, ObjectWithPath(5, 6)]
flattened, _ = tree_util.tree_flatten_with_path(tree2)
for key_path, value in flattened:
    print(f"Value of tree{tree_util.keystr(key_path)}: {value}")
for key_path, _ in flattened:
    print(f"Key path of tree{tree_util.keystr(key_path)}: {repr(key_path)}")
print(jax.tree_util.tree_map_with_path(lambda p, x: len(p) * x, tree2))

leaves, treedef = jax.tree.flatten({"b": [1, 2], "a": 3})
print(leaves, treedef, treedef.num_leaves)
print(jax.tree.unflatten(treedef, [10, 20, 30]))
outer = jax.tree.structure([0, 0])
inner = jax.tree.structure((0, 0, 0))
print(jax.tree.transpose(outer, inner, [(1, 2, 3), (4, 5, 6)]))
print(jax.tree.reduce(lambda a, b: a + b, {"a": 1, "b": [2, 3]}))
print(jax.tree.all(jax.tree.map(lambda x: x > 0, [1, 2, (3,)])))
