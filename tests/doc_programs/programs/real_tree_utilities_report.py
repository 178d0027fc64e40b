# Parameter bookkeeping with the jax.tree API: counting parameters per top-level module with
# tree.leaves_with_path and keystr, tree.reduce for global norms, tree.map with is_leaf stopping at
# (weight, bias) tuples, tree.transpose of a list of per-step metric dicts, tree.structure
# comparisons, tree.map_with_path for weight-decay masks, tree.flatten / unflatten round trips,
# tree.all / tree_util.tree_all, and jax.tree.broadcast of a scalar over a tree prefix
import jax
import jax.numpy as jnp

params = {
    "encoder": {"layer0": (jnp.ones((4, 8)), jnp.zeros(8)), "layer1": (jnp.ones((8, 8)), jnp.zeros(8))},
    "decoder": [(jnp.ones((8, 2)), jnp.zeros(2))],
    "scale": jnp.array(1.5),
}
leaves = jax.tree.leaves_with_path(params)
print(len(leaves), [jax.tree_util.keystr(p) for p, _ in leaves][:3])
counts = {}
for path, leaf in leaves:
    top = path[0].key
    counts[top] = counts.get(top, 0) + leaf.size
print(counts, sum(counts.values()))
gnorm = jnp.sqrt(jax.tree.reduce(lambda a, b: a + b, jax.tree.map(lambda x: jnp.sum(x**2), params)))
print(float(gnorm), jax.tree.reduce(max, jax.tree.map(lambda x: x.size, params)), jax.tree.reduce(lambda a, b: a + b, [1, 2, 3], 10))
is_layer = lambda x: isinstance(x, tuple) and len(x) == 2 and all(hasattr(a, "shape") for a in x)
shapes = jax.tree.map(lambda wb: f"{wb[0].shape}->{wb[1].shape}" if is_layer(wb) else str(wb.shape), params, is_leaf=is_layer)
print(shapes)
metrics = [{"loss": float(i) / 10, "acc": 0.5 + i / 20} for i in range(3)]
outer = jax.tree.structure([0] * 3)
inner = jax.tree.structure({"loss": 0, "acc": 0})
print(jax.tree.transpose(outer, inner, metrics))
print(jax.tree.structure(params) == jax.tree.structure(jax.tree.map(jnp.zeros_like, params)), jax.tree.structure(params).num_leaves)
mask = jax.tree_util.tree_map_with_path(lambda p, x: x.ndim > 1 and "decoder" not in jax.tree_util.keystr(p), params)
print(mask)
flat, treedef = jax.tree.flatten(params)
back = jax.tree.unflatten(treedef, [x * 2 for x in flat])
print(treedef.num_nodes, float(back["scale"]), jax.tree.all(jax.tree.map(lambda a, b: bool(jnp.all(b == 2 * a)), params, back)))
print(jax.tree_util.tree_all([True, (True, False)]), jax.tree.all({}), jax.tree.leaves([None, (), {"a": None}]))
print(jax.tree.broadcast(0.1, {"a": 1, "b": (2, 3)}) if hasattr(jax.tree, "broadcast") else "no broadcast")
print(jax.tree.map(lambda x, y: x + y, {"a": 1, "b": 2}, {"b": 20, "a": 10}))
try:
    jax.tree.map(lambda x, y: x + y, {"a": 1}, {"a": 1, "b": 2})
except ValueError as e:
    print("ValueError", str(e).splitlines()[0][:40])
