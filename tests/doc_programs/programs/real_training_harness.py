# A reusable training harness: layers initialised by jax.nn.initializers, epochs of shuffled
# minibatches (random.permutation, dynamic_slice_in_dim), the whole epoch one jitted lax.scan
# with jax.debug.print progress, decoupled weight decay through ravel_pytree, a best-params
# tracker with lax.cond, early stopping in Python, and per-layer parameter counts by key paths
import jax
import jax.numpy as jnp
from jax import lax, random
from jax.flatten_util import ravel_pytree
from jax.nn import initializers

N, DIN, BATCH = 96, 6, 16
key = random.key(31)
kx, kw, kinit = random.split(key, 3)
X = random.normal(kx, (N, DIN))
Y = jnp.tanh(X @ random.normal(kw, (DIN,))) + 0.05 * X[:, 0] ** 2


def init(key, sizes=(DIN, 32, 16, 1)):
    params = {}
    for i, (k, a, b) in enumerate(zip(random.split(key, len(sizes) - 1), sizes[:-1], sizes[1:])):
        params[f"layer{i}"] = {"kernel": initializers.glorot_uniform()(k, (a, b)),
                               "bias": initializers.zeros(k, (b,))}
    return params


def apply(params, x):
    n = len(params)
    for i in range(n):
        x = x @ params[f"layer{i}"]["kernel"] + params[f"layer{i}"]["bias"]
        if i < n - 1:
            x = jax.nn.swish(x)
    return x[:, 0]


def loss(params, x, y):
    return jnp.mean((apply(params, x) - y) ** 2)


@jax.jit
def epoch(state, key):
    params, best, best_loss, ep = state
    perm = random.permutation(key, N)

    def step(params, i):
        idx = lax.dynamic_slice_in_dim(perm, i * BATCH, BATCH)
        l, g = jax.value_and_grad(loss)(params, X[idx], Y[idx])
        flat, unravel = ravel_pytree(params)
        gflat, _ = ravel_pytree(g)
        flat = flat - 0.05 * gflat - 0.05 * 1e-4 * flat
        return unravel(flat), l

    params, losses = lax.scan(step, params, jnp.arange(N // BATCH))
    full = loss(params, X, Y)
    improved = full < best_loss
    best, best_loss = lax.cond(improved, lambda: (params, full), lambda: (best, best_loss))
    jax.debug.print("epoch {e}: batch mean {m:.4f}", e=ep, m=losses.mean(), ordered=True)
    return (params, best, best_loss, ep + 1), (full, improved)


params = init(kinit)
counts = {jax.tree_util.keystr(p[:1]): 0 for p, _ in jax.tree_util.tree_flatten_with_path(params)[0]}
for path, leaf in jax.tree_util.tree_flatten_with_path(params)[0]:
    counts[jax.tree_util.keystr(path[:1])] += leaf.size
print(counts, ravel_pytree(params)[0].shape)
print(initializers.glorot_uniform()(random.key(0), (2, 3)).std() < 1.0, initializers.he_normal()(random.key(0), (4, 4)).shape)
state = (params, params, jnp.inf, 0)
history, patience, bad = [], 3, 0
for ep, k in enumerate(random.split(random.key(1), 12)):
    state, (full, improved) = epoch(state, k)
    history.append(float(full))
    bad = 0 if bool(improved) else bad + 1
    if bad >= patience:
        break
jax.effects_barrier()
print("epochs run", len(history), "final better", history[-1] < history[0])
best_params, best_loss = state[1], state[2]
print("best is min", bool(jnp.isclose(best_loss, min(history))), float(loss(best_params, X, Y)) == float(best_loss))
print(jax.tree.map(lambda a: a.dtype, best_params)["layer2"])
