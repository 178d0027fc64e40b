# Custom pytree nodes: register_dataclass, register_pytree_node_class, register_pytree_with_keys,
# key paths, and custom nodes through jit / grad / vmap (the "Custom pytree nodes" doc)
import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.tree_util.register_dataclass, data_fields=["x", "y"], meta_fields=["op"])
@dataclasses.dataclass
class MyContainer:
    x: jax.Array
    y: jax.Array
    op: str


c = MyContainer(jnp.ones(2), jnp.arange(2.), "add")
leaves, treedef = jax.tree.flatten(c)
print(leaves, treedef)
print(jax.tree.map(lambda v: v * 2, c))


@jax.jit
def apply(c):
    return c.x + c.y if c.op == "add" else c.x * c.y


print(apply(c), apply(MyContainer(jnp.ones(2), jnp.arange(2.), "mul")))


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array
    name: str = dataclasses.field(metadata=dict(static=True), default="layer")


p = Params(jnp.ones((2, 2)), jnp.zeros(2))
g = jax.grad(lambda p, v: jnp.sum(p.w @ v + p.b))(p, jnp.array([1., 2.]))
print(g)
print(jax.tree_util.tree_flatten_with_path(p)[0])


@jax.tree_util.register_pytree_node_class
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


s = Special(jnp.float32(1.), jnp.float32(2.))
print(jax.tree.map(lambda v: v + 1, s))
print(jax.jit(lambda s: Special(s.y, s.x))(s))
print(jax.vmap(lambda s: s.x * s.y)(Special(jnp.arange(3.), jnp.ones(3))))


class MyKeyPathContainer:
    def __init__(self, name, a, b):
        self.name, self.a, self.b = name, a, b


def flatten_with_keys(c):
    return ((jax.tree_util.GetAttrKey("a"), c.a), (jax.tree_util.GetAttrKey("b"), c.b)), c.name


jax.tree_util.register_pytree_with_keys(
    MyKeyPathContainer, flatten_with_keys,
    lambda name, children: MyKeyPathContainer(name, *children))
kc = MyKeyPathContainer("box", 1., {"z": 2.})
for path, leaf in jax.tree_util.tree_flatten_with_path(kc)[0]:
    print(jax.tree_util.keystr(path), leaf)
print(jax.tree_util.keystr(jax.tree_util.tree_flatten_with_path(kc)[0][1][0], simple=True, separator="/"))


class Point(NamedTuple):
    x: float
    y: float


pts = Point(jnp.array([1., 2.]), jnp.array([3., 4.]))
print(jax.tree.map(jnp.sum, pts))
print(jax.tree_util.tree_flatten_with_path(pts)[0])
print(jax.grad(lambda p: p.x @ p.y)(pts))
print(jax.tree.structure(pts), jax.tree.structure({"a": [1, (2, None)]}))
print(jax.tree.leaves({"a": [1, (2, None)], "b": None}), jax.tree.leaves([None], is_leaf=lambda v: v is None))
print(jax.tree_util.tree_map_with_path(lambda kp, v: f"{jax.tree_util.keystr(kp)}={v}", {"k": [1, 2]}))
print(jax.tree.reduce(lambda a, b: a + b, [1, 2, {"x": 3}], initializer=10))
print(jax.tree.transpose(jax.tree.structure([0, 0]), jax.tree.structure((0, 0)), [(1, 2), (3, 4)]))
try:
    jax.tree.map(lambda a, b: a + b, [1, 2], [1, 2, 3])
except ValueError as e:
    print(type(e).__name__)
print(jax.tree_util.all_leaves([1, 2.0, np.ones(2)]), jax.tree_util.all_leaves([[1]]))
print(jax.tree.flatten_with_path({"b": 1, "a": (2, 3)})[0])
print(jax.tree_util.tree_unflatten(treedef, [jnp.zeros(2), jnp.ones(2)]))
print(dataclasses.replace(c, op="mul").op, jax.tree.map(lambda v: v.shape, c))
