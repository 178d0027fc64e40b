# Inference of a gradient-boosted tree ensemble stored as arrays (feature, threshold, left,
# right, leaf value per node, as exported by tree libraries): traversal by a fori_loop of gathers
# for a fixed depth, vmapped over samples and trees, the same traversal as a while_loop that stops
# at leaves, SHAP-free feature usage counts, and the ensemble checked against a Python reference
import jax
import jax.numpy as jnp
import numpy as np

DEPTH, TREES, F = 4, 6, 5
NODES = 2 ** (DEPTH + 1) - 1
rng = np.random.default_rng(0)
feature = rng.integers(0, F, (TREES, NODES))
threshold = rng.normal(size=(TREES, NODES)).astype(np.float32)
left = np.arange(NODES) * 2 + 1
right = np.arange(NODES) * 2 + 2
is_leaf = np.arange(NODES) >= 2**DEPTH - 1
left = np.where(is_leaf, -1, left)
right = np.where(is_leaf, -1, right)
value = np.where(is_leaf, rng.normal(size=(TREES, NODES)), 0.0).astype(np.float32)
ens = {"feature": jnp.asarray(feature), "threshold": jnp.asarray(threshold), "left": jnp.asarray(np.broadcast_to(left, (TREES, NODES))), "right": jnp.asarray(np.broadcast_to(right, (TREES, NODES))), "value": jnp.asarray(value)}
print({k: (v.shape, str(v.dtype)) for k, v in ens.items()})


def predict_tree(tree, x):
    def body(_, node):
        go_left = x[tree["feature"][node]] <= tree["threshold"][node]
        return jnp.where(go_left, tree["left"][node], tree["right"][node])

    leaf = jax.lax.fori_loop(0, DEPTH, body, 0)
    return tree["value"][leaf], leaf


def predict_tree_while(tree, x):
    def cond(node):
        return tree["left"][node] >= 0

    def body(node):
        return jnp.where(x[tree["feature"][node]] <= tree["threshold"][node], tree["left"][node], tree["right"][node])

    return tree["value"][jax.lax.while_loop(cond, body, 0)]


@jax.jit
def predict(ens, X, lr=0.3, base=0.5):
    vals, leaves = jax.vmap(jax.vmap(predict_tree, in_axes=(None, 0)), in_axes=(0, None))(ens, X)
    return base + lr * vals.sum(0), leaves


X = jnp.asarray(rng.normal(size=(200, F)).astype(np.float32))
pred, leaves = predict(ens, X)
print("predictions:", pred.shape, jnp.round(pred[:5], 4))
print("leaf ids in leaf range:", bool(jnp.all(leaves >= 2**DEPTH - 1)))


def reference(x):
    total = 0.5
    for t in range(TREES):
        node = 0
        while left[node] >= 0:
            node = left[node] if x[feature[t, node]] <= threshold[t, node] else right[node]
        total += 0.3 * value[t, node]
    return total


ref = np.array([reference(np.asarray(x)) for x in X[:20]])
print("matches Python traversal:", bool(np.allclose(np.asarray(pred[:20]), ref, atol=1e-5)))
wp = jax.jit(jax.vmap(jax.vmap(predict_tree_while, in_axes=(None, 0)), in_axes=(0, None)))(ens, X)
print("while_loop traversal agrees:", bool(jnp.allclose(0.5 + 0.3 * wp.sum(0), pred)))
internal = jnp.where(jnp.asarray(~is_leaf)[None, :], ens["feature"], F)
print("feature usage:", jnp.bincount(internal.ravel(), length=F + 1)[:F])
occupancy = jnp.bincount(leaves[0], length=NODES)[2**DEPTH - 1 :]
print("tree 0 leaf occupancy:", occupancy, "sum:", int(occupancy.sum()))
proba = jax.nn.sigmoid(pred)
print("positive rate:", round(float(jnp.mean(proba > 0.5)), 3))
