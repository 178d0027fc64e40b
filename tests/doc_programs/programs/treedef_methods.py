# jax.tree_util's PyTreeDef API and registries: num_leaves / num_nodes / children /
# node_data / flatten_up_to / compose / unflatten, tree_structure vs treedef_tuple, all_leaves,
# register_pytree_with_keys_class and register_static, tree_util.Partial, and tree_map with
# is_leaf over custom nodes
import functools

import jax
import jax.numpy as jnp
from jax import tree_util

tree = {"a": [1, 2, (3, 4)], "b": None, "c": {"d": 5}}
leaves, treedef = tree_util.tree_flatten(tree)
print(leaves, treedef)
print(treedef.num_leaves, treedef.num_nodes)
print(treedef.children())
print(treedef.node_data())
print(tree_util.tree_unflatten(treedef, [x * 10 for x in leaves]))
print(treedef.unflatten(range(5)))
outer = tree_util.tree_structure([0, 0])
inner = tree_util.tree_structure((0, {"k": 0}))
composed = outer.compose(inner)
print(composed, composed.num_leaves)
print(outer.flatten_up_to([(1, {"k": 2}), (3, {"k": 4})]))
print(tree_util.treedef_tuple([outer, inner]))
print(tree_util.tree_structure((1, 2)) == tree_util.treedef_tuple([tree_util.tree_structure(1)] * 2))
print(tree_util.all_leaves([1, 2, 3]), tree_util.all_leaves([[1], 2]))
print(tree_util.tree_leaves([None, (None,), 1]), tree_util.tree_structure(None))


@tree_util.register_pytree_with_keys_class
class Linear:
    def __init__(self, w, b, name="lin"):
        self.w, self.b, self.name = w, b, name

    def tree_flatten_with_keys(self):
        return ((tree_util.GetAttrKey("w"), self.w), (tree_util.GetAttrKey("b"), self.b)), self.name

    @classmethod
    def tree_unflatten(cls, name, children):
        return cls(*children, name=name)

    def __repr__(self):
        return f"Linear({self.name}, w={self.w}, b={self.b})"


lin = Linear(jnp.ones(2), jnp.zeros(2), "dense")
print(tree_util.tree_flatten(lin)[1])
for path, leaf in tree_util.tree_flatten_with_path(lin)[0]:
    print(tree_util.keystr(path), leaf)
print(jax.tree.map(lambda x: x + 1, lin))
print(jax.grad(lambda m: jnp.sum(m.w * 3 + m.b))(lin))


@tree_util.register_static
class Config:
    def __init__(self, depth):
        self.depth = depth

    def __hash__(self):
        return hash(self.depth)

    def __eq__(self, other):
        return isinstance(other, Config) and other.depth == self.depth


cfg = Config(3)
print(tree_util.tree_leaves({"cfg": cfg, "x": 1.0}))


@jax.jit
def run(state):
    return state["x"] * state["cfg"].depth


print(run({"cfg": cfg, "x": jnp.float32(2.)}))
print(jax.tree.map(lambda x: x * 2, {"cfg": cfg, "x": 1.5})["x"])

part = tree_util.Partial(jnp.add, jnp.float32(1.))
leaves, td = tree_util.tree_flatten(part)
print(leaves, td)
print(jax.jit(lambda p, x: p(x))(part, jnp.arange(3.)))
print(tree_util.tree_map(lambda x: x * 2, part)(1.))
scaled = functools.partial(lambda s, x: s * x, 4.)
print(tree_util.tree_leaves(scaled), tree_util.Partial(scaled.func, *scaled.args)(2.))

nested = {"layer": [Linear(jnp.ones(1), jnp.ones(1), "a"), Linear(jnp.zeros(1), jnp.ones(1), "b")]}
print(jax.tree.map(lambda m: m.name, nested, is_leaf=lambda x: isinstance(x, Linear)))
print(jax.tree.leaves(nested, is_leaf=lambda x: isinstance(x, Linear))[1].name)
print(jax.tree.reduce(lambda a, b: a + b, nested, 0.))
print(jax.tree_util.tree_map_with_path(lambda p, x: tree_util.keystr(p), nested))
