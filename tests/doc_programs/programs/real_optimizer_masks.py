# Building an optimizer with masks from key paths: weight decay only on kernels (not biases,
# not norms), frozen embeddings, per-path learning rates, a parameter census with
# tree.flatten_with_path and keystr, and an AdamW applied with tree.map over masks
import jax
import jax.numpy as jnp
from jax import random
from jax.tree_util import DictKey, GetAttrKey, SequenceKey, keystr

key = random.key(0)
ks = random.split(key, 6)
params = {
    "embed": {"table": random.normal(ks[0], (20, 8)) * 0.1},
    "blocks": [
        {"dense": {"kernel": random.normal(ks[1], (8, 8)) * 0.3, "bias": jnp.zeros(8)},
         "norm": {"scale": jnp.ones(8)}},
        {"dense": {"kernel": random.normal(ks[2], (8, 8)) * 0.3, "bias": jnp.zeros(8)},
         "norm": {"scale": jnp.ones(8)}},
    ],
    "head": {"kernel": random.normal(ks[3], (8, 3)) * 0.3, "bias": jnp.zeros(3)},
}

leaves = jax.tree.flatten_with_path(params)[0]
for path, leaf in leaves:
    print(f"{keystr(path):35s} {str(leaf.shape):8s} {leaf.size}")
print("total", sum(l.size for _, l in leaves))
print("simple keys", keystr(leaves[0][0], simple=True, separator="/"))


def last_name(path):
    k = path[-1]
    return k.key if isinstance(k, DictKey) else getattr(k, "name", k.idx if isinstance(k, SequenceKey) else k)


decay_mask = jax.tree.map_with_path(lambda p, _: last_name(p) == "kernel", params)
frozen = jax.tree.map_with_path(lambda p, _: p[0] == DictKey("embed"), params)
lr_scale = jax.tree.map_with_path(
    lambda p, _: 0.1 if any(isinstance(k, SequenceKey) and k.idx == 0 for k in p) else 1.0, params)
print("decay", jax.tree.leaves(decay_mask))
print("frozen", jax.tree.leaves(frozen))
print("lr scales", jax.tree.leaves(lr_scale))


def model(params, tokens):
    h = params["embed"]["table"][tokens].mean(0)
    for blk in params["blocks"]:
        y = jnp.tanh(h @ blk["dense"]["kernel"] + blk["dense"]["bias"])
        h = h + blk["norm"]["scale"] * y
    return h @ params["head"]["kernel"] + params["head"]["bias"]


def loss(params, tokens, label):
    return -jax.nn.log_softmax(model(params, tokens))[label]


def adamw(lr=0.05, b1=0.9, b2=0.99, eps=1e-8, wd=0.1):
    def init(p):
        return jax.tree.map(jnp.zeros_like, p), jax.tree.map(jnp.zeros_like, p), 0

    def update(g, state, p):
        m, v, t = state
        t = t + 1
        m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, m, g)
        v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g**2, v, g)

        def upd(p, m, v, decay, freeze, scale):
            u = (m / (1 - b1**t)) / (jnp.sqrt(v / (1 - b2**t)) + eps)
            u = u + jnp.where(decay, wd * p, 0.0)
            return jnp.where(freeze, p, p - lr * scale * u)

        p = jax.tree.map(upd, p, m, v, decay_mask, frozen, lr_scale)
        return p, (m, v, t)

    return init, update


opt_init, opt_update = adamw()
state = opt_init(params)
tokens = jnp.array([1, 5, 7])
label = 2


@jax.jit
def train(params, state):
    l, g = jax.value_and_grad(loss)(params, tokens, label)
    params, state = opt_update(g, state, params)
    return params, state, l


p = params
for i in range(10):
    p, state, l = train(p, state)
print("loss", l)
print("embed unchanged", bool(jnp.all(p["embed"]["table"] == params["embed"]["table"])))
moved = jax.tree.map(lambda a, b: float(jnp.abs(a - b).max()), p, params)
for path, d in jax.tree.flatten_with_path(moved)[0]:
    print(keystr(path), round(d, 4))
print("step count", state[2], type(state[2]).__name__)
sizes = jax.tree.map_with_path(lambda p, x: (len(p), x.ndim), params)
print(jax.tree.leaves(sizes, is_leaf=lambda x: isinstance(x, tuple)))
print(GetAttrKey("w"), SequenceKey(0), DictKey("a"))
