# Parameter partitioning by paths, as fine-tuning code does: a nested params tree (lists,
# dicts, tuples) labelled 'frozen' / 'trainable' by regexes on keystr paths, split into two trees
# with None holes, gradients taken only with respect to the trainable part, merged back, parameter
# counts per label, a tree diff report, and a round trip through a flat {path: array} dict
import re

import jax
import jax.numpy as jnp
import numpy as np

key = jax.random.key(0)
ks = iter(jax.random.split(key, 16))
params = {
    "encoder": {"layers": [{"attn": {"qkv": jax.random.normal(next(ks), (8, 24)) * 0.2, "out": jax.random.normal(next(ks), (8, 8)) * 0.2},
                            "ln": (jnp.ones(8), jnp.zeros(8))} for _ in range(2)],
                "embed": jax.random.normal(next(ks), (10, 8)) * 0.2},
    "head": {"w": jax.random.normal(next(ks), (8, 3)) * 0.2, "b": jnp.zeros(3)},
}

RULES = [(r"encoder.*embed", "frozen"), (r"encoder.*layers\[0\]", "frozen"), (r".*", "trainable")]


def label(path, _):
    name = jax.tree_util.keystr(path)
    return next(lbl for pat, lbl in RULES if re.search(pat, name))


labels = jax.tree_util.tree_map_with_path(label, params)
for path, lbl in jax.tree_util.tree_flatten_with_path(labels)[0]:
    print(f"{jax.tree_util.keystr(path):45s} {lbl}")


def split(tree, labels, which):
    return jax.tree.map(lambda x, l: x if l == which else None, tree, labels)


def merge(a, b):
    return jax.tree.map(lambda x, y: x if y is None else y, a, b, is_leaf=lambda x: x is None)


trainable, frozen = split(params, labels, "trainable"), split(params, labels, "frozen")
print(len(jax.tree.leaves(trainable)), len(jax.tree.leaves(frozen)))
counts = {}
for x, l in zip(jax.tree.leaves(params), jax.tree.leaves(labels)):
    counts[l] = counts.get(l, 0) + x.size
print(counts)


def apply(p, x):
    h = p["encoder"]["embed"][x]
    for layer in p["encoder"]["layers"]:
        g, b = layer["ln"]
        hn = (h - h.mean(-1, keepdims=True)) / (h.std(-1, keepdims=True) + 1e-5) * g + b
        q, k, v = jnp.split(hn @ layer["attn"]["qkv"], 3, -1)
        w = jax.nn.softmax(q @ k.T / jnp.sqrt(8.0))
        h = h + (w @ v) @ layer["attn"]["out"]
    return h.mean(0) @ p["head"]["w"] + p["head"]["b"]


tokens = jnp.array([1, 4, 2, 7, 3])


def loss(train_part, frozen_part):
    return jnp.sum((apply(merge(frozen_part, train_part), tokens) - jnp.array([1.0, -1.0, 0.5])) ** 2)


step = jax.jit(lambda t, f: jax.tree.map(lambda a, g: a - 0.05 * g, t, jax.grad(loss)(t, f)))
t = trainable
for i in range(20):
    t = step(t, frozen)
print("loss", round(float(loss(trainable, frozen)), 5), "->", round(float(loss(t, frozen)), 5))
new_params = merge(frozen, t)
changed = jax.tree.map(lambda a, b: bool(jnp.any(a != b)), params, new_params)
print([jax.tree_util.keystr(p) for p, c in jax.tree_util.tree_flatten_with_path(changed)[0] if c])

flat = {jax.tree_util.keystr(p): np.asarray(x) for p, x in jax.tree_util.tree_flatten_with_path(new_params)[0]}
print(list(flat)[:3], type(flat["['head']['b']"]).__name__)
treedef = jax.tree.structure(params)
restored = jax.tree.unflatten(treedef, [jnp.asarray(flat[jax.tree_util.keystr(p)]) for p, _ in jax.tree_util.tree_flatten_with_path(params)[0]])
print(jax.tree.all(jax.tree.map(lambda a, b: bool(jnp.array_equal(a, b)), restored, new_params)))
print(treedef.num_leaves, treedef.num_nodes)
