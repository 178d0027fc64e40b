# A small module system on the pytree registries: a Linear layer registered with
# register_pytree_with_keys (key paths name its fields), an activation name kept static with
# register_static, a dataclass model registered with register_dataclass (data and meta fields),
# a tree_util.Partial loss closed over a static temperature passed through jit, flatten_with_path
# for parameter reports and weight-decay masks, and tree_map_with_path for the update
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import tree_util


class Linear:
    def __init__(self, w, b):
        self.w, self.b = w, b

    def __call__(self, x):
        return x @ self.w + self.b


tree_util.register_pytree_with_keys(
    Linear,
    lambda l: (((tree_util.GetAttrKey("w"), l.w), (tree_util.GetAttrKey("b"), l.b)), None),
    lambda aux, ch: Linear(*ch),
)


class Act:
    def __init__(self, name):
        self.name = name

    def __hash__(self):
        return hash(self.name)

    def __eq__(self, other):
        return isinstance(other, Act) and other.name == self.name

    def __call__(self, x):
        return getattr(jax.nn, self.name)(x)


tree_util.register_static(Act)


@functools.partial(jax.tree_util.register_dataclass, data_fields=["layers", "act"], meta_fields=["depth"])
@dataclasses.dataclass
class MLP:
    layers: list
    act: Act
    depth: int

    def __call__(self, x):
        for l in self.layers[:-1]:
            x = self.act(l(x))
        return self.layers[-1](x)


def make(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    layers = [Linear(jax.random.normal(k, (a, b)) / np.sqrt(a), jnp.zeros(b)) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]
    return MLP(layers, Act("silu"), len(layers))


model = make(jax.random.key(0), [3, 8, 8, 2])
print("leaves", len(jax.tree.leaves(model)), "act is static:", jax.tree.leaves(model.act) == [])
for path, leaf in jax.tree_util.tree_flatten_with_path(model)[0]:
    print(f"  {jax.tree_util.keystr(path):20s} {leaf.shape}")


def xent(model, x, y, temperature):
    logits = model(x) / temperature
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(y, 2), -1))


loss = tree_util.Partial(xent, temperature=2.0)
print("Partial leaves", jax.tree.leaves(loss))

rng = np.random.default_rng(1)
x = jnp.asarray(rng.normal(size=(64, 3)), jnp.float32)
y = (x[:, 0] * x[:, 1] > 0).astype(jnp.int32)


def decay_mask(path, leaf):
    return jax.tree_util.keystr(path).endswith(".w")


@jax.jit
def update(loss, model, x, y):
    l, g = jax.value_and_grad(loss)(model, x, y)

    def upd(path, p, g):
        wd = 1e-2 if decay_mask(path, p) else 0.0
        return p - 0.5 * (g + wd * p)

    return jax.tree_util.tree_map_with_path(upd, model, g), l


for step in range(40):
    model, l = update(loss, model, x, y)
    if step % 10 == 0:
        print("step", step, round(float(l), 5))
acc = jnp.mean(jnp.argmax(model(x), -1) == y)
print("acc", float(acc), "depth", model.depth, "act", model.act.name, type(model.layers[0]).__name__)
other = tree_util.Partial(xent, temperature=0.5)
print("other temperature", round(float(jax.jit(lambda f, m: f(m, x, y))(other, model)), 5))
masks = jax.tree_util.tree_map_with_path(decay_mask, model)
print("masks", jax.tree.leaves(masks))
flat, treedef = jax.tree.flatten(model)
print("treedef nodes", treedef.num_nodes, "leaves", treedef.num_leaves)
rebuilt = jax.tree.unflatten(treedef, [f * 0 for f in flat])
print("rebuilt", type(rebuilt).__name__, float(sum(jnp.sum(l) for l in jax.tree.leaves(rebuilt))))
