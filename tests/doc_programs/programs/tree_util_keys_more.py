# jax.tree_util with keys: register_pytree_with_keys_class, flatten_one_level_with_keys,
# keystr's simple / separator, tree_broadcast, tree_reduce_associative, treedef helpers.
import functools
import operator
import jax
import jax.numpy as jnp
from jax import tree_util as tu


@tu.register_pytree_with_keys_class
class Layer:
    def __init__(self, w, b, name):
        self.w, self.b, self.name = w, b, name

    def tree_flatten_with_keys(self):
        return ((tu.GetAttrKey("w"), self.w), (tu.GetAttrKey("b"), self.b)), self.name

    @classmethod
    def tree_unflatten(cls, name, children):
        return cls(*children, name)

    def __repr__(self):
        return f"Layer({self.name}, w={self.w}, b={self.b})"


params = {"enc": [Layer(jnp.ones(2), 0.5, "l0"), Layer(jnp.zeros(2), 1.5, "l1")], "scale": 2.0}
for path, leaf in tu.tree_leaves_with_path(params):
    print(tu.keystr(path), tu.keystr(path, simple=True, separator="/"), leaf)
print(tu.tree_flatten(params)[1])
children, tdef = tu.flatten_one_level(params["enc"][0])
print(children, tdef)
kids, tdef2 = tu.flatten_one_level_with_keys(params)
print([tu.keystr((k,)) for k, _ in kids], tdef2)
print(tu.tree_map(lambda x: x * 2, params))
print(tu.tree_map_with_path(lambda p, x: len(p), params))
print(jax.jit(lambda p: tu.tree_map(jnp.sin, p))(params)["enc"][1])
print(jax.grad(lambda p: sum(jnp.sum(l.w) * l.b for l in p["enc"]) * p["scale"])(params))

print(tu.tree_broadcast({"a": 1, "b": (2, 3)}, {"a": [4, 5], "b": (6, 7)}))
print(tu.tree_broadcast([1, 2], [[3, 4], (5, 6)]))
print(tu.tree_reduce_associative(operator.add, [1, (2, 3), {"x": 4}]))
print(tu.tree_reduce(operator.mul, [1, 2, 3], 10))
print(tu.all_leaves([1, jnp.ones(2), None]), tu.all_leaves([[1], 2]))
t = tu.tree_structure(((1, 2), [3]))
print(tu.treedef_children(t), tu.treedef_is_leaf(tu.tree_structure(1)), t.num_leaves, t.num_nodes)
print(tu.treedef_tuple([tu.tree_structure(1), tu.tree_structure((1, 2))]))
print(tu.tree_transpose(tu.tree_structure([0, 0]), tu.tree_structure((0, 0, 0)), [(1, 2, 3), (4, 5, 6)]))
print(tu.keystr((tu.DictKey("a"), tu.SequenceKey(0), tu.GetAttrKey("w"), tu.FlattenedIndexKey(3))))
print(tu.keystr((tu.DictKey("a"), tu.SequenceKey(0), tu.GetAttrKey("w")), simple=True, separator="."))
print(repr(tu.DictKey("k")), repr(tu.SequenceKey(2)), repr(tu.GetAttrKey("x")), repr(tu.FlattenedIndexKey(1)))
print(tu.DictKey("k") == tu.DictKey("k"), hash(tu.SequenceKey(1)) == hash(tu.SequenceKey(1)))
print(tu.tree_flatten_with_path({"b": 1, "a": (2, None)}))
print(jax.tree.flatten_with_path([1, {"z": 2}], is_leaf=lambda x: isinstance(x, dict)))
print(jax.tree.leaves_with_path(Layer(1.0, 2.0, "solo")))
p = tu.Partial(functools.partial(jnp.add, 1.0))
print(tu.tree_leaves(p), p(2.0))
print(tu.tree_leaves(tu.Partial(jnp.add, jnp.ones(2))), tu.Partial(jnp.add, jnp.ones(2))(1.0))
