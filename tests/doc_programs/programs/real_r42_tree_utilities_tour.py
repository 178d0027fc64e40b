# jax.tree: map over several trees, is_leaf, leaves / structure / unflatten, flatten_with_path,
# map_with_path, leaves_with_path, reduce, all, transpose, broadcast, keystr; tree_util helpers
import functools
import operator

import jax
import jax.numpy as jnp
from jax import tree_util

params = {"dense": {"w": jnp.ones((2, 3)), "b": jnp.zeros(3)}, "out": [jnp.arange(3.0), None], "scale": 2.0}
grads = jax.tree.map(lambda p: p * 0.1 if p is not None else None, params)
print(jax.tree.map(lambda p, g: p - g, params, grads))
print(jax.tree.leaves(params))
print(jax.tree.structure(params))
print(jax.tree.structure(params).num_leaves, jax.tree.structure(params).num_nodes)
leaves, treedef = jax.tree.flatten(params)
print(jax.tree.unflatten(treedef, [jnp.size(l) for l in leaves]))
print(jax.tree.reduce(operator.add, jax.tree.map(jnp.size, params)))
print(jax.tree.reduce(lambda a, b: a + b, params, initializer=0.0, is_leaf=lambda x: isinstance(x, float)))
print(jax.tree.all(jax.tree.map(lambda x: jnp.all(jnp.isfinite(x)), params)))
for path, leaf in jax.tree.leaves_with_path(params):
    print(jax.tree_util.keystr(path), jnp.shape(leaf))
print(jax.tree_util.keystr(jax.tree.leaves_with_path(params)[0][0], simple=True, separator="/"))
flat, td = jax.tree.flatten_with_path(params)
print([tuple(type(k).__name__ for k in p) for p, _ in flat])
print(jax.tree.map_with_path(lambda p, x: jnp.zeros_like(x) if "b" in jax.tree_util.keystr(p) else x, params))
print(jax.tree.map(lambda x: x, [1, (2, None), {"a": 3}], is_leaf=lambda x: x is None))
print(jax.tree.leaves([1, (2, None), {"a": 3}], is_leaf=lambda x: x is None))
per_example = [{"x": 1, "y": 2}, {"x": 3, "y": 4}, {"x": 5, "y": 6}]
outer = jax.tree.structure([0, 0, 0])
inner = jax.tree.structure({"x": 0, "y": 0})
print(jax.tree.transpose(outer, inner, per_example))
print(jax.tree.broadcast(1.0, {"a": [0, 0], "b": 0}))
print(jax.tree.map(jnp.add, (1, {"z": 2}), (10, {"z": 20})))
stacked = jax.tree.map(lambda *xs: jnp.stack(xs), *per_example)
print(stacked)
print([jax.tree.map(lambda x: x[i], stacked) for i in range(2)])
print(tree_util.tree_flatten_with_path({"a": (1, 2)})[0])
print(tree_util.all_leaves([1, 2.0, jnp.ones(2)]), tree_util.all_leaves([[1]]))
print(tree_util.treedef_is_leaf(jax.tree.structure(1.0)), tree_util.treedef_is_leaf(treedef))
print(jax.tree.structure((1, 2)).children(), jax.tree.structure((1, [2, 3])).flatten_up_to((4, [5, 6])))
print(functools.reduce(operator.add, jax.tree.leaves({"a": 1, "b": (2, 3)})))
norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads)))
print(jnp.round(norm, 5))
try:
    jax.tree.map(lambda a, b: a + b, {"a": 1}, {"b": 2})
except ValueError as e:
    print("ValueError")
