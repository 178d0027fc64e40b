# FSDP written two ways on an 8-device mesh: (1) explicit sharding, parameters sharded over
# "fsdp" in their types, all-gathered by reshard inside the step, gradients resharded back;
# (2) shard_map with all_gather of parameter shards and psum_scatter of gradients; both
# trained a few steps and compared with the unsharded computation
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, reshard
from jax.sharding import PartitionSpec as P

emesh = jax.make_mesh((8,), ("fsdp",), axis_types=(AxisType.Explicit,))
amesh = jax.make_mesh((8,), ("fsdp",), axis_types=(AxisType.Auto,))
D, H, B = 8, 16, 16
k1, k2, kx = jax.random.split(jax.random.key(0), 3)
params = {"w1": jax.random.normal(k1, (D, H)) * 0.3, "w2": jax.random.normal(k2, (H, D)) * 0.3}
x = jax.random.normal(kx, (B, D))
y = jnp.roll(x, 1, axis=1)


def loss(p, x, y):
    return jnp.mean((jnp.tanh(x @ p["w1"]) @ p["w2"] - y) ** 2)


ref = params
for _ in range(3):
    ref = jax.tree.map(lambda a, g: a - 0.1 * g, ref, jax.grad(loss)(ref, x, y))
print(loss(ref, x, y))

with jax.set_mesh(emesh):
    ps = jax.tree.map(lambda a: jax.device_put(a, P("fsdp", None)), params)
    xs = jax.device_put(x, P("fsdp", None))
    ys = jax.device_put(y, P("fsdp", None))
    print(jax.tree.map(lambda a: str(jax.typeof(a)), ps))

    @jax.jit
    def step(ps, x, y):
        full = jax.tree.map(lambda a: reshard(a, P()), ps)
        l, g = jax.value_and_grad(loss)(full, x, y)
        print("full", jax.typeof(full["w1"]), "grad", jax.typeof(g["w1"]))
        g = jax.tree.map(lambda a: reshard(a, P("fsdp", None)), g)
        return jax.tree.map(lambda a, b: a - 0.1 * b, ps, g), l

    for _ in range(3):
        ps, l = step(ps, xs, ys)
    print(jax.typeof(ps["w2"]), l)
    print(jnp.allclose(loss(jax.tree.map(lambda a: reshard(a, P()), ps), x, y), loss(ref, x, y), atol=1e-5))


@jax.jit
@partial(jax.shard_map, mesh=amesh, in_specs=(P("fsdp"), P("fsdp"), P("fsdp")), out_specs=(P("fsdp"), P()))
def sm_step(ps, x, y):
    full = jax.tree.map(lambda a: jax.lax.all_gather(a, "fsdp", tiled=True), ps)
    l, g = jax.value_and_grad(loss)(full, x, y)
    g = jax.tree.map(lambda a: jax.lax.psum_scatter(a, "fsdp", tiled=True) / 8, g)
    return jax.tree.map(lambda a, b: a - 0.1 * b, ps, g), jax.lax.pmean(l, "fsdp")


ps2 = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(amesh, P("fsdp"))), params)
for _ in range(3):
    ps2, l2 = sm_step(ps2, x, y)
print(l2, ps2["w1"].sharding.spec, ps2["w1"].addressable_shards[0].data.shape)
print(all(jnp.allclose(a, b, atol=1e-5) for a, b in zip(jax.tree.leaves(ps2), jax.tree.leaves(ref))))
print(jax.jit(sm_step).lower(ps2, x, y).compile().output_shardings[0]["w1"].spec)
