# "Pytrees" page: None as an empty subtree (and is_leaf to keep it), custom pytree nodes by
# register_pytree_node / register_pytree_node_class / register_dataclass with their flatten /
# unflatten, what transformations do with them, tree.map over trees of different structure,
# tree.unflatten with the wrong number of leaves, flattening up to a prefix, and the errors
# printed whole
import dataclasses

import jax
import jax.numpy as jnp
from jax import tree_util


def show(fn, *args, **kwargs):
    try:
        print("ok", fn(*args, **kwargs))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            print("   ", line)


tree = {"a": None, "b": (1, None, [2, None]), "c": jnp.ones(2)}
print(jax.tree.leaves(tree))
print(jax.tree.structure(tree))
print(jax.tree.leaves(tree, is_leaf=lambda x: x is None))
print(jax.tree.map(lambda x: x, tree))
print(jax.tree.map(lambda x: x is None, tree, is_leaf=lambda x: x is None))
show(jax.tree.map, lambda x, y: x + y, {"a": 1, "b": 2}, {"a": 1, "c": 2})
show(jax.tree.map, lambda x, y: x + y, (1, 2), [1, 2])
show(jax.tree.map, lambda x, y: x + y, (1, None), (1, 2))
show(jax.tree.map, lambda x, y: (x, y), (1, (2, 3)), (4, 5))
show(jax.tree.unflatten, jax.tree.structure((1, 2)), [1, 2, 3])
show(jax.tree.unflatten, jax.tree.structure((1, 2)), [1])
print(tree_util.tree_flatten_with_path({"x": [1, {"y": 2}]})[0])
print(
    jax.tree.flatten(
        (1, (2, 3)), is_leaf=lambda t: isinstance(t, tuple) and len(t) == 2 and t[0] == 2
    )
)


class Special:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return f"Special(x={self.x}, y={self.y})"


tree_util.register_pytree_node(
    Special, lambda s: ((s.x, s.y), None), lambda aux, children: Special(*children)
)


@tree_util.register_pytree_node_class
class Scaled:
    def __init__(self, value, scale):
        self.value, self.scale = value, scale

    def tree_flatten(self):
        return (self.value,), self.scale

    @classmethod
    def tree_unflatten(cls, scale, children):
        return cls(children[0], scale)

    def __repr__(self):
        return f"Scaled({self.value}, scale={self.scale})"


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array
    name: str = dataclasses.field(metadata=dict(static=True), default="p")


s = Special(jnp.ones(2), 3.0)
print(jax.tree.leaves(s), jax.tree.structure(s))
print(jax.tree.map(lambda v: v * 2, s))
print(jax.jit(lambda t: Special(t.y, t.x))(s))
print(jax.grad(lambda t: jnp.sum(t.x * t.y))(s))
sc = Scaled(jnp.arange(3.0), 2)
print(jax.tree.structure(sc), jax.tree.map(lambda v: v + 1, sc))
print(jax.vmap(lambda t: t.value * t.scale)(sc))
p = Params(jnp.ones((2, 2)), jnp.zeros(2))
print(jax.tree.structure(p))
print(jax.grad(lambda q: jnp.sum(q.w @ jnp.ones(2) + q.b))(p))
show(jax.tree.map, lambda a, b: a + b, p, Params(jnp.ones((2, 2)), jnp.zeros(2), name="q"))
show(jax.jit(lambda t: t), object())
show(jax.grad(lambda t: t["a"] * 2.0), {"a": 1.0, "b": None})
print(jax.grad(lambda t: t["a"] * 2.0)({"a": 1.0, "b": None}))
print(jax.tree.transpose(jax.tree.structure([0, 0]), jax.tree.structure((0, 0)), [(1, 2), (3, 4)]))
show(jax.tree.transpose, jax.tree.structure([0, 0]), jax.tree.structure((0, 0)), [(1, 2), (3,)])
