# Saving and restoring a training state: a nested pytree flattened with key paths into an .npz
# (names from keystr), loaded back and unflattened against the treedef, placed with
# device_put onto per-leaf NamedShardings, an integrity check, and a resumed step that
# matches an uninterrupted run
import io

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def init_state(key):
    k1, k2 = jax.random.split(key)
    params = {
        "dense": {"kernel": jax.random.normal(k1, (4, 8)), "bias": jnp.zeros(8)},
        "out": {"kernel": jax.random.normal(k2, (8, 2)), "bias": jnp.zeros(2)},
    }
    return {"params": params, "mom": jax.tree.map(jnp.zeros_like, params), "step": jnp.array(0, jnp.int32)}


def loss_fn(params, x):
    h = jnp.tanh(x @ params["dense"]["kernel"] + params["dense"]["bias"])
    return jnp.mean((h @ params["out"]["kernel"] + params["out"]["bias"]) ** 2)


@jax.jit
def step(state, x):
    g = jax.grad(loss_fn)(state["params"], x)
    mom = jax.tree.map(lambda m, g: 0.9 * m + g, state["mom"], g)
    params = jax.tree.map(lambda p, m: p - 0.01 * m, state["params"], mom)
    return {"params": params, "mom": mom, "step": state["step"] + 1}


def save(state):
    flat, _ = jax.tree_util.tree_flatten_with_path(state)
    arrays = {jax.tree_util.keystr(path): np.asarray(leaf) for path, leaf in flat}
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    return buf.getvalue(), sorted(arrays)


def restore(blob, like, shardings):
    data = np.load(io.BytesIO(blob))
    flat, treedef = jax.tree_util.tree_flatten_with_path(like)
    leaves = [data[jax.tree_util.keystr(path)] for path, _ in flat]
    state = jax.tree.unflatten(treedef, leaves)
    return jax.device_put(state, shardings)


x = jax.random.normal(jax.random.key(9), (8, 4))
state = init_state(jax.random.key(0))
for _ in range(3):
    state = step(state, x)
blob, names = save(state)
print(len(blob) > 0, names[:3], len(names))


def spec_for(path, leaf):
    name = jax.tree_util.keystr(path)
    if leaf.ndim == 2 and "kernel" in name and "dense" in name:
        return NamedSharding(mesh, P(None, "model"))
    return NamedSharding(mesh, P())


shardings = jax.tree_util.tree_map_with_path(spec_for, state)
restored = restore(blob, jax.eval_shape(init_state, jax.random.key(0)), shardings)
print(jax.tree.structure(restored) == jax.tree.structure(state))
print(restored["params"]["dense"]["kernel"].sharding.spec, restored["step"].dtype, int(restored["step"]))
same = jax.tree.map(lambda a, b: bool(jnp.array_equal(a, b)), restored, state)
print(all(jax.tree.leaves(same)), jax.tree.leaves(same)[:2])
print([type(leaf).__name__ for leaf in jax.tree.leaves(np.load(io.BytesIO(blob)))[:1]])

uninterrupted = state
for _ in range(2):
    uninterrupted = step(uninterrupted, x)
resumed = restored
for _ in range(2):
    resumed = step(resumed, x)
print(int(resumed["step"]), jax.tree.map(lambda a, b: bool(jnp.allclose(a, b, atol=1e-6)), resumed["params"], uninterrupted["params"]))
print(resumed["params"]["dense"]["kernel"].sharding.spec, jax.typeof(resumed["params"]["out"]["kernel"]))
bad = dict(np.load(io.BytesIO(blob)))
bad.pop("['step']")
try:
    [bad[jax.tree_util.keystr(p)] for p, _ in jax.tree_util.tree_flatten_with_path(state)[0]]
except KeyError as e:
    print("missing", e)
