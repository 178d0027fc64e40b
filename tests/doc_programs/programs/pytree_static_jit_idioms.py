# Pytrees in jitted code (the pytrees page and FAQ): register_static for a config object,
# register_dataclass with meta fields as jit's static part, NamedTuples and None leaves,
# tree.map with is_leaf, jit re-tracing when static metadata changes, and Partial as an
# argument.
import dataclasses
import functools
from typing import NamedTuple
import jax
import jax.numpy as jnp


@jax.tree_util.register_static
@dataclasses.dataclass(frozen=True)
class Config:
    activation: str
    scale: float


@functools.partial(jax.tree_util.register_dataclass, data_fields=["w", "b"], meta_fields=["name"])
@dataclasses.dataclass
class Dense:
    w: jax.Array
    b: jax.Array
    name: str


traces = []


@jax.jit
def apply(layer, cfg, x):
    traces.append((layer.name, cfg.activation))
    y = x @ layer.w + layer.b
    return (jnp.tanh(y) if cfg.activation == "tanh" else jax.nn.relu(y)) * cfg.scale


layer = Dense(jnp.ones((3, 2)), jnp.zeros(2), "d0")
x = jnp.arange(6.0).reshape(2, 3) / 10
print(apply(layer, Config("tanh", 2.0), x))
print(apply(layer, Config("tanh", 2.0), x + 1))
print(apply(layer, Config("relu", 1.0), x))
print(apply(Dense(layer.w, layer.b, "d1"), Config("relu", 1.0), x))
print(traces)
print(jax.tree.leaves(Config("x", 1.0)), jax.tree.structure(Config("x", 1.0)))
print(jax.tree.structure(layer))
print(jax.grad(lambda l: apply(l, Config("tanh", 1.0), x).sum())(layer))


class Batch(NamedTuple):
    x: jax.Array
    mask: jax.Array | None


print(jax.tree.map(lambda a: a.shape, Batch(jnp.ones((2, 3)), None)))
print(jax.jit(lambda b: b.x.sum() if b.mask is None else (b.x * b.mask).sum())(Batch(jnp.ones((2, 3)), None)))
tree = {"a": [1.0, 2.0], "b": (3.0, {"c": 4.0})}
print(jax.tree.map(lambda v: sum(v) if isinstance(v, list) else v * 10, tree, is_leaf=lambda v: isinstance(v, list)))
print(jax.tree.leaves(tree, is_leaf=lambda v: isinstance(v, tuple)))
scale = jax.tree_util.Partial(jnp.multiply, 3.0)
print(jax.jit(lambda f, v: f(v))(scale, jnp.arange(3.0)))
print(jax.tree.map(lambda a, b: a + b, (1, [2, 3]), (10, [20, 30])))
print(jax.tree.map(lambda *xs: sum(xs), [1, 2], [3, 4], [5, 6]))
try:
    jax.jit(lambda c: c)(Config("tanh", 1.0))
except Exception as e:
    print(type(e).__name__)
print(jax.tree.reduce(lambda a, b: a + b, tree), jax.tree.all(jax.tree.map(lambda v: v > 0, tree)))
