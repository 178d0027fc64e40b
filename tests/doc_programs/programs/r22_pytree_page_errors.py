# "Pytrees" / "Working with pytrees": the errors its sections run into, printed whole: trees of
# different structures given to tree.map (dict keys, lengths, container types, custom nodes,
# None), tree.unflatten with the wrong number of leaves, tree.transpose with mismatched outer
# and inner structures, a vmap in_axes tree that is no prefix, and registering a class twice
from typing import NamedTuple

import jax
import jax.numpy as jnp


def show(fn, *args, **kwargs):
    try:
        print("ok", fn(*args, **kwargs))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            print("   ", line)


class Params(NamedTuple):
    w: jnp.ndarray
    b: jnp.ndarray


class Box:
    def __init__(self, v):
        self.v = v


jax.tree_util.register_pytree_node(Box, lambda b: ((b.v,), None), lambda _, c: Box(*c))
show(jax.tree.map, lambda a, b: a + b, {"a": 1, "b": 2}, {"a": 1, "c": 2})
show(jax.tree.map, lambda a, b: a + b, [1, 2], [1, 2, 3])
show(jax.tree.map, lambda a, b: a + b, (1, 2), [1, 2])
show(jax.tree.map, lambda a, b: a + b, Params(1, 2), (1, 2))
show(jax.tree.map, lambda a, b: a + b, {"x": [1, (2, 3)]}, {"x": [1, (2,)]})
show(jax.tree.map, lambda a, b: a + b, [1, None], [1, 2])
show(jax.tree.map, lambda a, b: a + b, Box(1), 1)
show(jax.tree.map, lambda a, b: (a, b), [1, 2], [[1, 2], [3, 4]])
show(jax.tree.unflatten, jax.tree.structure([1, 2, 3]), [1, 2])
show(jax.tree.unflatten, jax.tree.structure({"a": 1}), [1, 2])
show(jax.tree.transpose, jax.tree.structure([0, 0]), jax.tree.structure((0, 0)), [(1, 2), (3, 4, 5)])
show(jax.tree.transpose, jax.tree.structure([0, 0]), jax.tree.structure((0, 0)), [(1, 2), (3, 4)])
show(jax.vmap(lambda p: p.w * p.b, in_axes=(Params(0, None, ),)), Params(jnp.ones(3), 2.0))
show(jax.vmap(lambda p: p["w"], in_axes=({"w": 0, "x": 0},)), {"w": jnp.ones(3)})
show(jax.vmap(lambda a, b: a + b, in_axes=[0, 0, 0]), jnp.ones(3), jnp.ones(3))
show(jax.tree_util.register_pytree_node, Box, lambda b: ((b.v,), None), lambda _, c: Box(*c))
show(jax.tree_util.tree_structure([1, 2]).unflatten, [1])
show(jax.tree.leaves_with_path({"a": [1, Box(2)]}).__len__)
show(jax.tree_util.keystr, (jax.tree_util.DictKey("a"), jax.tree_util.SequenceKey(0)))
show(jax.tree.flatten_with_path, {"b": Params(1, 2)})
show(jax.tree.reduce, lambda a, b: a + b, [])
show(jax.tree.reduce, lambda a, b: a + b, [], 0)
