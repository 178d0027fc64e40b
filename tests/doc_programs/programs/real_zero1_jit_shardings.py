# ZeRO-1 style optimizer-state sharding with jit's in_shardings / out_shardings on a 2x4 mesh:
# replicated parameters, Adam moments sharded over all eight devices (a flattened ("data",
# "model") axis), donated state, with_sharding_constraint inside the step, and the compiled
# step's input / output shardings and per-device memory of the moments
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
replicated = NamedSharding(mesh, P())
zero = NamedSharding(mesh, P(("data", "model")))
batch_sharding = NamedSharding(mesh, P("data"))

D, H, B = 16, 64, 32
k1, k2, kx = jax.random.split(jax.random.key(1), 3)
params = {"w1": jax.random.normal(k1, (D, H)) * 0.2, "w2": jax.random.normal(k2, (H, D)) * 0.2, "b": jnp.zeros((H,))}
x = jax.random.normal(kx, (B, D))
y = jnp.tanh(x[:, ::-1])


def loss_fn(p, x, y):
    return jnp.mean((jnp.tanh(x @ p["w1"] + p["b"]) @ p["w2"] - y) ** 2)


def zero_spec(a):
    return zero if a.shape[0] % 8 == 0 else replicated


param_sh = jax.tree.map(lambda _: replicated, params)
moment_sh = jax.tree.map(zero_spec, params)
state_sh = {"params": param_sh, "m": moment_sh, "v": moment_sh, "t": replicated}


@partial(jax.jit, in_shardings=(state_sh, batch_sharding, batch_sharding), out_shardings=(state_sh, replicated),
         donate_argnums=0)
def step(state, x, y):
    loss, g = jax.value_and_grad(loss_fn)(state["params"], x, y)
    g = jax.tree.map(jax.lax.with_sharding_constraint, g, moment_sh)
    t = state["t"] + 1
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, state["m"], g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, state["v"], g)
    upd = jax.tree.map(lambda m, v: 0.01 * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), m, v)
    upd = jax.tree.map(jax.lax.with_sharding_constraint, upd, param_sh)
    p = jax.tree.map(lambda p, u: p - u, state["params"], upd)
    return {"params": p, "m": m, "v": v, "t": t}, loss


zeros = jax.tree.map(jnp.zeros_like, params)
state = jax.device_put({"params": params, "m": zeros, "v": zeros, "t": jnp.zeros((), jnp.int32)}, state_sh)
print("moment w1 sharding:", state["m"]["w1"].sharding.spec, "shard shape:", state["m"]["w1"].addressable_shards[0].data.shape)
print("moment w2 sharding:", state["m"]["w2"].sharding.spec, "b:", state["m"]["b"].sharding.spec)

compiled = step.lower(state, x, y).compile()
in_sh = compiled.input_shardings[0][0]
print("compiled input m.w1:", in_sh["m"]["w1"].spec, "params.w1:", in_sh["params"]["w1"].spec)
print("compiled output v.w2:", compiled.output_shardings[0]["v"]["w2"].spec)

xs, ys = jax.device_put(x, batch_sharding), jax.device_put(y, batch_sharding)
old = state
for i in range(30):
    state, loss = step(state, xs, ys)
    if i % 10 == 0:
        print(f"step {i}: loss {float(loss):.5f}")
print("donated state deleted:", old["m"]["w1"].is_deleted())
print("t:", int(state["t"]), "loss:", round(float(loss_fn(state["params"], x, y)), 5))
per_device = {d.id: sum(s.data.nbytes for leaf in jax.tree.leaves(state["m"]) for s in leaf.addressable_shards if s.device == d)
              for d in mesh.devices.flat}
print("moment bytes per device:", sorted(set(per_device.values())))
print("full moment bytes:", sum(l.nbytes for l in jax.tree.leaves(state["m"])))
print("output shardings:", jax.tree.map(lambda a: a.sharding.spec, state["v"]))
