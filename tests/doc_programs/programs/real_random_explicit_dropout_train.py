# Dropout training under explicit sharding: parameters created sharded by jax.random with
# out_sharding, a fresh key per step by fold_in, per-example dropout masks from vmapped
# bernoulli over keys split for the batch (the key array sharded with the batch), jnp.where
# masks that keep the activations' sharding, and an evaluation pass without dropout; the
# training and the sharded types are printed
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("batch", "hidden"), axis_types=(AxisType.Explicit,) * 2)
B, D, H = 16, 6, 8
rng = np.random.default_rng(4)
x_np = rng.normal(size=(B, D)).astype(np.float32)
y_np = (x_np[:, :3].sum(1) > 0).astype(np.float32)

with jax.set_mesh(mesh):
    k1, k2 = jax.random.split(jax.random.key(0))
    params = {
        "w1": jax.random.normal(k1, (D, H), out_sharding=P(None, "hidden")) * 0.5,
        "w2": jax.random.normal(k2, (H,), out_sharding=P("hidden")) * 0.5,
    }
    x = jax.device_put(x_np, P("batch", None))
    y = jax.device_put(y_np, P("batch"))

    def forward(p, x, keys, rate):
        h = jax.nn.relu(x @ p["w1"])
        if keys is not None:
            keep = jax.vmap(lambda k: jax.random.bernoulli(k, 1 - rate, (H,)))(keys)
            h = jnp.where(keep, h / (1 - rate), 0.0)
        return jnp.einsum("bh,h->b", h, p["w2"], out_sharding=P("batch"))

    def loss_fn(p, x, y, keys):
        logits = forward(p, x, keys, 0.3)
        return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)

    @jax.jit
    def step(p, x, y, base_key, i):
        keys = jax.random.split(jax.random.fold_in(base_key, i), B)
        keys = jax.sharding.reshard(keys, P("batch"))
        l, g = jax.value_and_grad(loss_fn)(p, x, y, keys)
        return jax.tree.map(lambda a, b: a - 0.5 * b, p, g), l, keys

    base = jax.random.key(123)
    for i in range(30):
        params, l, keys = step(params, x, y, base, i)
        if i % 10 == 0:
            print("step", i, round(float(l), 5))
    print("keys", keys.shape, keys.dtype, jax.typeof(keys))
    print("params", {k: str(jax.typeof(v)) for k, v in params.items()})
    logits = jax.jit(lambda p, x: forward(p, x, None, 0.0))(params, x)
    print("eval logits", jax.typeof(logits))
    acc = jnp.mean((np.asarray(logits) > 0) == y_np)
    print("train acc", float(acc))
    noisy = jax.jit(lambda p, x, k: forward(p, x, jax.sharding.reshard(jax.random.split(k, B), P("batch")), 0.3))(params, x, jax.random.key(5))
    print("noisy differs", bool(jnp.any(np.asarray(noisy) != np.asarray(logits))))
