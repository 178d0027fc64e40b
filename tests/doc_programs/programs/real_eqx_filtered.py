# Equinox-style modules: dataclasses registered as pytrees holding arrays next to Python
# callables and ints, eqx.partition / combine by an is_array filter, filter_jit and filter_grad
# built from them, tree_at-style surgery replacing one leaf, and a small MLP trained so
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np


def is_array(x):
    return isinstance(x, (jax.Array, np.ndarray))


def partition(tree, filter_fn):
    dyn = jax.tree.map(lambda x: x if filter_fn(x) else None, tree)
    static = jax.tree.map(lambda x: None if filter_fn(x) else x, tree)
    return dyn, static


def combine(a, b):
    return jax.tree.map(lambda x, y: y if x is None else x, a, b, is_leaf=lambda x: x is None)


class Static:
    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        return isinstance(other, Static) and jax.tree.structure(self.value) == jax.tree.structure(other.value) and jax.tree.leaves(self.value) == jax.tree.leaves(other.value)

    def __hash__(self):
        return hash(jax.tree.structure(self.value))


def filter_jit(fn):
    out_statics = {}

    @functools.partial(jax.jit, static_argnums=1)
    def inner(dyn, static):
        args, kwargs = combine(dyn, static.value)
        out_dyn, out_statics[static] = partition(fn(*args, **kwargs), is_array)
        return out_dyn

    def wrapper(*args, **kwargs):
        dyn, static = partition((args, kwargs), is_array)
        out_dyn = inner(dyn, Static(static))
        return combine(out_dyn, out_statics[Static(static)])

    return wrapper


def filter_value_and_grad(fn):
    def wrapper(model, *args):
        dyn, static = partition(model, is_array)
        return jax.value_and_grad(lambda d: fn(combine(d, static), *args))(dyn)

    return wrapper


def module(cls):
    cls = dataclasses.dataclass(frozen=True)(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    jax.tree_util.register_pytree_node(
        cls,
        lambda m: (tuple(getattr(m, n) for n in names), None),
        lambda _, xs: cls(*xs),
    )
    return cls


@module
class Linear:
    weight: jax.Array
    bias: jax.Array

    def __call__(self, x):
        return x @ self.weight + self.bias


@module
class MLP:
    layers: tuple
    activation: object
    depth: int

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = self.activation(layer(x))
        return self.layers[-1](x)


def make_mlp(key, sizes, activation=jax.nn.tanh):
    keys = jax.random.split(key, len(sizes) - 1)
    layers = tuple(
        Linear(jax.random.normal(k, (a, b)) / np.sqrt(a), jnp.zeros(b)) for k, a, b in zip(keys, sizes[:-1], sizes[1:])
    )
    return MLP(layers, activation, len(layers))


def tree_at(where, tree, replace):
    leaves, treedef = jax.tree.flatten(tree, is_leaf=lambda x: x is None)
    target = where(tree)
    return jax.tree.unflatten(treedef, [replace if leaf is target else leaf for leaf in leaves])


model = make_mlp(jax.random.key(0), [1, 32, 32, 1])
dyn, static = partition(model, is_array)
print(len(jax.tree.leaves(dyn)), [getattr(s, "__name__", s) for s in jax.tree.leaves(static)], model.depth)
print(jax.tree.structure(dyn) == jax.tree.structure(model))

xs = jnp.linspace(-2, 2, 64)[:, None]
ys = xs**3 - xs


def loss(m, x, y):
    return jnp.mean((jax.vmap(m)(x) - y) ** 2)


@filter_jit
def step(m, x, y, lr=0.01):
    l, g = filter_value_and_grad(loss)(m, x, y)
    d, s = partition(m, is_array)
    d = jax.tree.map(lambda p, g: p - lr * g, d, g)
    return l, combine(d, s)


first = None
for i in range(300):
    l, model = step(model, xs, ys)
    first = first if first is not None else float(l)
print(first, float(l), float(l) < first / 5)
print(model.activation is jax.nn.tanh, type(model.layers[0]).__name__, model.layers[1].weight.shape)
zeroed = tree_at(lambda m: m.layers[-1].bias, model, jnp.array([10.0]))
print(float(zeroed(jnp.zeros(1))[0] - model(jnp.zeros(1))[0]))
print(jax.tree.map(jnp.shape, partition(zeroed, is_array)[0].layers[-1]))
relu_model = dataclasses.replace(model, activation=jax.nn.relu)
print(float(loss(relu_model, xs, ys)) != float(loss(model, xs, ys)))
