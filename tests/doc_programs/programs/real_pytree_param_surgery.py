# Parameter-tree surgery as done when fine-tuning checkpoints: flattening nested params with
# key paths, filtering by path regexes (freeze the encoder, decay only kernels), replacing a
# sub-tree (a new classification head), counting parameters per module with tree.map_with_path,
# converting to and from a flat "a/b/c" dict as in checkpoints, and a training step whose update is
# masked by the frozen / trainable partition
import re

import jax
import jax.numpy as jnp
from jax.tree_util import DictKey, GetAttrKey, SequenceKey, keystr

key = jax.random.key(0)
ks = iter(jax.random.split(key, 10))
params = {
    "encoder": {"layers": [{"kernel": jax.random.normal(next(ks), (4, 8)), "bias": jnp.zeros(8)}, {"kernel": jax.random.normal(next(ks), (8, 8)), "bias": jnp.zeros(8)}], "norm": {"scale": jnp.ones(8)}},
    "head": {"kernel": jax.random.normal(next(ks), (8, 3)), "bias": jnp.zeros(3)},
}


def path_str(path):
    parts = []
    for k in path:
        if isinstance(k, DictKey):
            parts.append(str(k.key))
        elif isinstance(k, SequenceKey):
            parts.append(str(k.idx))
        elif isinstance(k, GetAttrKey):
            parts.append(k.name)
    return "/".join(parts)


flat, treedef = jax.tree_util.tree_flatten_with_path(params)
for path, leaf in flat:
    print(f"{path_str(path):28s} {keystr(path):40s} {leaf.shape}")
print("leaves:", treedef.num_leaves, "nodes:", treedef.num_nodes)

counts = {}
for path, leaf in flat:
    counts[path_str(path).split("/")[0]] = counts.get(path_str(path).split("/")[0], 0) + leaf.size
print("parameters per module:", counts, "total:", sum(counts.values()))

frozen = jax.tree_util.tree_map_with_path(lambda p, _: re.match(r"encoder/", path_str(p)) is not None, params)
decay = jax.tree_util.tree_map_with_path(lambda p, x: path_str(p).endswith("kernel"), params)
print("frozen mask:", jax.tree.leaves(frozen))
print("decay mask:", jax.tree.leaves(decay))

ckpt = {path_str(p): x for p, x in flat}
print("checkpoint keys:", sorted(ckpt))
restored = jax.tree_util.tree_unflatten(treedef, [ckpt[path_str(p)] for p, _ in flat])
print("round trip equal:", all(jax.tree.leaves(jax.tree.map(lambda a, b: bool(jnp.array_equal(a, b)), params, restored))))

new_head = {"kernel": jax.random.normal(next(ks), (8, 5)) * 0.01, "bias": jnp.zeros(5)}
params2 = {**params, "head": new_head}
print("new head structure equal:", jax.tree.structure(params2) == jax.tree.structure(params))
print("shapes:", jax.tree.map(jnp.shape, params2["head"]))


def model(p, x):
    for layer in p["encoder"]["layers"]:
        x = jnp.tanh(x @ layer["kernel"] + layer["bias"])
    x = x * p["encoder"]["norm"]["scale"]
    return x @ p["head"]["kernel"] + p["head"]["bias"]


x = jax.random.normal(next(ks), (16, 4))
y = jax.random.randint(next(ks), (16,), 0, 5)


@jax.jit
def step(p):
    g = jax.grad(lambda p: -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(model(p, x)), y[:, None], 1)))(p)
    return jax.tree.map(lambda p, g, fr, d: jnp.where(fr, p, p - 0.1 * (g + 1e-2 * p * d)), p, g, frozen, decay)


p3 = step(params2)
changed = jax.tree.map(lambda a, b: bool(jnp.any(a != b)), params2, p3)
print("changed leaves:", jax.tree.leaves(changed))
print("encoder untouched:", not any(jax.tree.leaves(changed["encoder"])))
sizes = jax.tree_util.tree_map_with_path(lambda p, x: (len(p), x.size), params2)
print("depth and size per leaf:", jax.tree.leaves(sizes, is_leaf=lambda t: isinstance(t, tuple)))
