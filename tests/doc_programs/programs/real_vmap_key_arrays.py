# Typed PRNG key arrays under vmap, the way per-example randomness is written in data
# augmentation and ensembles: keys split into a batch and mapped over with in_axes, a
# per-example dropout mask, vmapped fold_in with step numbers, key arrays as pytree leaves of a
# vmapped state, random.permutation / choice / categorical per row, and nested vmap over
# (ensemble, batch) keys; the results match a Python loop over the same keys
import jax
import jax.numpy as jnp
import numpy as np

root = jax.random.key(42)
keys = jax.random.split(root, 5)
print("keys", keys.shape, keys.dtype, jax.dtypes.issubdtype(keys.dtype, jax.dtypes.prng_key))

normals = jax.vmap(lambda k: jax.random.normal(k, (3,)))(keys)
loop = jnp.stack([jax.random.normal(k, (3,)) for k in keys])
print("vmap normal == loop", bool(jnp.array_equal(normals, loop)))
print(np.round(np.asarray(normals), 5))


def dropout(key, x, rate=0.25):
    keep = jax.random.bernoulli(key, 1 - rate, x.shape)
    return jnp.where(keep, x / (1 - rate), 0.0)


x = jnp.arange(40.0).reshape(5, 8) / 10
dropped = jax.jit(jax.vmap(dropout))(keys, x)
print("dropout zeros per row", np.asarray((dropped == 0).sum(1)))
print("dropout row 2", np.round(np.asarray(dropped[2]), 4))

steps = jnp.arange(4)
step_keys = jax.vmap(jax.random.fold_in, in_axes=(None, 0))(root, steps)
print("fold_in keys", step_keys.shape, bool(jnp.array_equal(jax.random.key_data(step_keys[3]), jax.random.key_data(jax.random.fold_in(root, 3)))))
u = jax.vmap(jax.random.uniform)(step_keys)
print("uniforms", np.round(np.asarray(u), 6))

perm = jax.vmap(lambda k: jax.random.permutation(k, 6))(keys)
print("perms", np.asarray(perm).tolist())
choice = jax.vmap(lambda k: jax.random.choice(k, 10, (3,), replace=False))(keys)
print("choices", np.asarray(choice).tolist())
logits = jnp.log(jnp.array([0.1, 0.2, 0.3, 0.4]))
cats = jax.vmap(lambda k: jax.random.categorical(k, logits, shape=(6,)))(keys)
print("categorical", np.asarray(cats).tolist())

state = {"key": keys, "count": jnp.zeros(5, jnp.int32)}


def advance(state):
    key, sub = jax.random.split(state["key"])
    draw = jax.random.randint(sub, (), 0, 100)
    return {"key": key, "count": state["count"] + draw}


for _ in range(3):
    state = jax.jit(jax.vmap(advance))(state)
print("counts", np.asarray(state["count"]).tolist(), "key leaf", state["key"].dtype)

ens_keys = jax.random.split(jax.random.key(1), (2, 3))
print("2d split", ens_keys.shape)
w = jax.vmap(jax.vmap(lambda k: jax.random.truncated_normal(k, -2.0, 2.0, (2,))))(ens_keys)
print("nested", w.shape, np.round(np.asarray(w[1, 2]), 5))
split_each = jax.vmap(lambda k: jax.random.split(k, 3))(keys)
print("split under vmap", split_each.shape, split_each.dtype)
data = jax.vmap(jax.random.key_data)(split_each[:, 0])
print("key data", data.shape, data.dtype, bool(jnp.array_equal(data[0], jax.random.key_data(jax.random.split(keys[0], 3)[0]))))
g = jax.random.gamma(keys[0], jnp.array([0.5, 1.0, 3.0]))
print("gamma", np.round(np.asarray(g), 5))
ga = jax.vmap(lambda k, a: jax.random.gamma(k, a))(keys[:3], jnp.array([0.5, 1.0, 3.0]))
print("vmapped gamma", np.round(np.asarray(ga), 5))
