# Pytrees in a training loop: register_dataclass with data_fields / meta_fields, a
# frozen dataclass of parameters, tree.flatten_with_path / tree.map_with_path / leaves_with
# _path to build weight-decay masks, tree.broadcast, tree_util.tree_structure comparisons,
# flax-style state dicts updated functionally, and a jitted SGD step over the dataclass
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
from jax import tree_util


@partial(jax.tree_util.register_dataclass, data_fields=["w", "b"], meta_fields=["activation"])
@dataclasses.dataclass
class Dense:
    w: jax.Array
    b: jax.Array
    activation: str = "relu"

    def __call__(self, x):
        y = x @ self.w + self.b
        return jax.nn.relu(y) if self.activation == "relu" else y


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class MLP:
    layers: tuple
    scale: float = dataclasses.field(default=1.0, metadata=dict(static=True))

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x * self.scale


def init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    layers = []
    for i, (k, m, n) in enumerate(zip(keys, sizes[:-1], sizes[1:])):
        act = "relu" if i < len(sizes) - 2 else "linear"
        layers.append(Dense(jax.random.normal(k, (m, n)) / jnp.sqrt(m), jnp.zeros(n), act))
    return MLP(tuple(layers), scale=0.5)


model = init(jax.random.key(0), [3, 8, 2])
print(jax.tree.structure(model))
for path, leaf in jax.tree_util.tree_flatten_with_path(model)[0]:
    print(tree_util.keystr(path), leaf.shape)
print([tree_util.keystr(p, simple=True, separator="/") for p, _ in tree_util.tree_leaves_with_path(model)])

decay_mask = jax.tree_util.tree_map_with_path(lambda p, x: p[-1].name == "w", model)
print(jax.tree.leaves(decay_mask))
x = jnp.ones((4, 3))
y = jnp.arange(8.0).reshape(4, 2) / 8


def loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


@jax.jit
def step(model, x, y):
    l, g = jax.value_and_grad(loss)(model, x, y)
    print("grad type:", type(g).__name__, type(g.layers[0]).__name__, g.layers[1].activation)

    def upd(p, gi, m):
        return p - 0.1 * (gi + (1e-2 * p if m else 0.0))

    return jax.tree.map(upd, model, g, decay_mask), l


for i in range(5):
    model, l = step(model, x, y)
    print(i, l)
print(model.scale, model.layers[1].activation, model.layers[0].b)

new = dataclasses.replace(model, scale=2.0)
print(jax.tree.structure(new) == jax.tree.structure(model), jax.tree.leaves(new)[0].shape)
state = {"params": {"dense": {"kernel": jnp.ones(2)}}, "step": 0}
state2 = {**state, "step": state["step"] + 1, "params": jax.tree.map(lambda a: a * 3, state["params"])}
print(state2)
print(jax.tree.broadcast([1, 2], [(3, 4), {"a": 5}]))
print(jax.tree.map(lambda a, b: a + b, {"x": 1, "y": (2, 3)}, jax.tree.broadcast(10, {"x": 1, "y": (2, 3)})))
leaves, tdef = jax.tree.flatten(model)
print(len(leaves), tdef.num_nodes, jax.tree.unflatten(tdef, leaves).scale)
print(jax.tree_util.tree_structure((1, [2])) == jax.tree_util.tree_structure((3, [4])))
try:
    jax.tree.map(lambda a, b: a + b, [1, 2], [1, 2, 3])
except ValueError as e:
    print(type(e).__name__)
print(jax.tree.map(jnp.shape, jax.eval_shape(lambda m: m, model)))
