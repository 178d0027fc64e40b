# "Working with pytrees" in a model codebase: a registered class with static fields, NamedTuple
# and dataclass states, key paths for weight decay masks, tree.map over several trees, is_leaf,
# flatten / unflatten, tree.reduce, structure mismatch errors, None leaves
from dataclasses import dataclass, field
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class Linear:
    def __init__(self, w, b, name="linear"):
        self.w, self.b, self.name = w, b, name

    def tree_flatten(self):
        return (self.w, self.b), self.name

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, name=aux)

    def __call__(self, x):
        return x @ self.w + self.b

    def __repr__(self):
        return f"Linear({self.name}, w={self.w.shape})"


@jax.tree_util.register_dataclass
@dataclass
class Model:
    layers: list
    scale: jax.Array
    act: str = field(metadata=dict(static=True), default="tanh")


class OptState(NamedTuple):
    step: jax.Array
    mu: object


k1, k2 = jax.random.split(jax.random.key(0))
model = Model([Linear(jax.random.normal(k1, (3, 4)), jnp.zeros(4), "l1"),
               Linear(jax.random.normal(k2, (4, 1)), jnp.zeros(1), "l2")], jnp.array(1.0))
leaves, treedef = jax.tree.flatten(model)
print(len(leaves), [l.shape for l in leaves])
print(treedef)
print(jax.tree.unflatten(treedef, leaves).layers)


def forward(model, x):
    for layer in model.layers:
        x = getattr(jnp, model.act)(layer(x))
    return model.scale * x


def loss(model, x, y):
    return jnp.mean((forward(model, x) - y) ** 2)


x = jnp.linspace(-1, 1, 15).reshape(5, 3)
y = jnp.sum(x, axis=1, keepdims=True)
grads = jax.grad(loss)(model, x, y)
print(type(grads).__name__, grads.layers, grads.act)
print(jax.tree.leaves(jax.tree.map(lambda g: float(jnp.linalg.norm(g)) > 0, grads)))

for path, leaf in jax.tree_util.tree_flatten_with_path(model)[0]:
    print(jax.tree_util.keystr(path), leaf.shape)

decay_mask = jax.tree_util.tree_map_with_path(lambda p, l: l.ndim == 2, model)
print(jax.tree.leaves(decay_mask))

opt = OptState(jnp.array(0), jax.tree.map(jnp.zeros_like, model))


def sgd(model, grads, opt, lr=0.1, beta=0.9):
    mu = jax.tree.map(lambda m, g: beta * m + g, opt.mu, grads)
    new = jax.tree.map(lambda p, m, d: p - lr * (m + 1e-2 * p * d), model, mu, decay_mask)
    return new, OptState(opt.step + 1, mu)


step = jax.jit(lambda m, o: sgd(m, jax.grad(loss)(m, x, y), o))
for _ in range(20):
    model, opt = step(model, opt)
print(opt.step, loss(model, x, y))
print(jax.tree.reduce(lambda a, b: a + b, jax.tree.map(jnp.size, model)))
print(sum(l.size for l in jax.tree.leaves(model)))
print(jax.tree.structure(opt).num_leaves, jax.tree.structure(opt).num_nodes)

tree = {"a": [1, 2, (3, None)], "b": None, "c": {"d": jnp.ones(2)}}
print(jax.tree.leaves(tree))
print(jax.tree.map(lambda v: v * 2, tree))
print(jax.tree.leaves(tree, is_leaf=lambda v: v is None))
print(jax.tree.map(lambda a, b: a + b, [1, {"x": 2}], [10, {"x": 20}]))
try:
    jax.tree.map(lambda a, b: a + b, [1, 2], (1, 2))
except ValueError as e:
    print(type(e).__name__)
try:
    jax.tree.map(lambda a, b: a + b, {"x": 1}, {"y": 1})
except ValueError as e:
    print(type(e).__name__)
print(jax.tree.leaves(jax.tree.map(lambda l: l.shape, [Linear(jnp.ones((2, 2)), jnp.ones(2))], is_leaf=lambda n: isinstance(n, jax.Array))))
print(jax.tree.transpose(jax.tree.structure([0, 0]), jax.tree.structure((0, 0, 0)), [(1, 2, 3), (4, 5, 6)]))
shapes = jax.eval_shape(forward, model, x)
print(shapes)
print(jax.tree_util.tree_all(jax.tree.map(lambda a, b: jnp.array_equal(a, b), model, model)))
