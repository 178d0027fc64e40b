# A two-layer MLP trained with explicit sharding (Explicit mesh axes under jax.set_mesh): the
# batch sharded over "data", hidden units over "model"; contractions given out_sharding
# (jnp.einsum, jnp.matmul, .at[].get), sharded parameter creation via jax.random and jnp.zeros
# with out_sharding, jax.typeof printing the sharded types inside the step, reshard for a
# replicated evaluation, and gradients whose shardings follow the parameters'
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
B, D, H, C = 16, 8, 32, 4
rng = np.random.default_rng(0)
x_np = rng.normal(size=(B, D)).astype(np.float32)
y_np = rng.integers(0, C, size=B).astype(np.int32)

with jax.set_mesh(mesh):
    k1, k2 = jax.random.split(jax.random.key(0))
    params = {
        "w1": jax.random.normal(k1, (D, H), out_sharding=P(None, "model")) / np.sqrt(D),
        "b1": jnp.zeros((H,), out_sharding=P("model")),
        "w2": jax.random.normal(k2, (H, C), out_sharding=P("model", None)) / np.sqrt(H),
    }
    x = jax.device_put(x_np, P("data", None))
    y = jax.device_put(y_np, P("data"))
    print({k: str(jax.typeof(v)) for k, v in params.items()})

    seen = []

    def forward(p, x):
        h = jnp.einsum("bd,dh->bh", x, p["w1"], out_sharding=P("data", "model"))
        h = jax.nn.gelu(h + p["b1"])
        seen.append(str(jax.typeof(h)))
        logits = jnp.matmul(h, p["w2"], out_sharding=P("data", None))
        seen.append(str(jax.typeof(logits)))
        return logits

    def loss_fn(p, x, y):
        logits = forward(p, x)
        picked = jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1)
        return -jnp.mean(picked)

    @jax.jit
    def step(p, x, y):
        l, g = jax.value_and_grad(loss_fn)(p, x, y)
        return jax.tree.map(lambda a, b: a - 0.5 * b, p, g), l, g

    for i in range(15):
        params, l, g = step(params, x, y)
        if i % 5 == 0:
            print("step", i, round(float(l), 5))
    print("traced types", seen[:2])
    print("grad shardings", {k: v.sharding.spec for k, v in g.items()})
    print("param shardings", {k: v.sharding.spec for k, v in params.items()})

    @jax.jit
    def evaluate(p, x):
        logits = forward(p, x)
        full = jax.sharding.reshard(logits, P())
        return full, jnp.argmax(full, -1)

    logits, pred = evaluate(params, x)
    print("eval", logits.sharding.spec, pred.sharding.spec, "acc", float(jnp.mean(pred == jax.sharding.reshard(y, P()))))
    rows = jnp.arange(4) * 4
    picked = jax.jit(lambda l, r: l.at[r].get(out_sharding=P()))(jax.sharding.reshard(logits, P("data", None)), rows)
    print("picked", picked.shape, picked.sharding.spec, np.round(np.asarray(picked[:, 0]), 4))
    w1_full = np.asarray(params["w1"])
    print("w1 checksum", round(float(np.abs(w1_full).sum()), 4))
    print("addressable", len(params["w1"].addressable_shards), params["w1"].addressable_shards[0].data.shape)
