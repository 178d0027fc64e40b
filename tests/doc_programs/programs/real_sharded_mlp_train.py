# A sharded MLP trained data- and model-parallel: NamedSharding params, jit with in/out shardings,
# with_sharding_constraint on activations, donated params, printing the shardings it gets
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
D, H, B = 16, 32, 32

param_specs = {"w1": P(None, "model"), "b1": P("model"), "w2": P("model", None), "b2": P()}
param_sh = jax.tree.map(lambda s: NamedSharding(mesh, s), param_specs)
batch_sh = NamedSharding(mesh, P("data"))

k1, k2 = jax.random.split(jax.random.key(0))
params = {"w1": jax.random.normal(k1, (D, H)) / 4, "b1": jnp.zeros(H),
          "w2": jax.random.normal(k2, (H, 1)) / 6, "b2": jnp.zeros(1)}
params = jax.device_put(params, param_sh)
print({k: v.sharding.spec for k, v in params.items()})

x_np = np.random.default_rng(1).normal(size=(B, D)).astype(np.float32)
y_np = (np.sin(x_np.sum(1, keepdims=True))).astype(np.float32)
x, y = jax.device_put((x_np, y_np), batch_sh)
print(x.sharding, len(x.addressable_shards), x.addressable_shards[0].data.shape)


def forward(p, x):
    h = jnp.tanh(x @ p["w1"] + p["b1"])
    h = jax.lax.with_sharding_constraint(h, NamedSharding(mesh, P("data", "model")))
    return h @ p["w2"] + p["b2"]


def loss(p, x, y):
    return jnp.mean((forward(p, x) - y) ** 2)


@partial(jax.jit, in_shardings=(param_sh, batch_sh, batch_sh), out_shardings=(param_sh, None),
         donate_argnums=0)
def step(p, x, y):
    l, g = jax.value_and_grad(loss)(p, x, y)
    return jax.tree.map(lambda a, b: a - 0.1 * b, p, g), l


old = params
for i in range(20):
    params, l = step(params, x, y)
    if i % 5 == 0:
        print(i, f"{float(l):.5f}")
print(old["w1"].is_deleted(), params["w1"].is_deleted())
print({k: v.sharding.spec for k, v in params.items()}, l.sharding.spec)
lowered = step.lower(params, x, y)
print(lowered.compile().input_shardings[0][0]["w1"].spec)
print(jax.jit(forward).lower(params, x).compile().output_shardings)
pred = jax.jit(forward, out_shardings=NamedSharding(mesh, P()))(params, x)
print(pred.shape, pred.sharding.spec, pred.sharding.is_fully_replicated)
print(jnp.round(pred[:4, 0], 3))
