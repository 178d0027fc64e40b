# Fully-sharded data parallelism (ZeRO-3 style) by hand with shard_map: each device holds a
# slice of every parameter and of the Adam state, gathers the full weights with all_gather
# (tiled) for the forward pass, reduces gradients with psum_scatter back to its slice, updates
# its own slice; checked against the same training step unsharded and against jit's automatic
# partitioning of sharded params
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("fsdp",), axis_types=(jax.sharding.AxisType.Explicit,))
D_IN, H, D_OUT, BATCH = 8, 16, 4, 32
key = jax.random.key(0)
k1, k2, kx = jax.random.split(key, 3)
params = {"w1": jax.random.normal(k1, (D_IN, H)) * 0.3, "w2": jax.random.normal(k2, (H, D_OUT)) * 0.3}
x = jax.random.normal(kx, (BATCH, D_IN))
y = jnp.sin(x[:, :D_OUT])


def loss_fn(params, x, y):
    h = jnp.tanh(x @ params["w1"])
    return jnp.mean((h @ params["w2"] - y) ** 2)


def adam_update(p, g, m, v, t, lr=0.05):
    m = 0.9 * m + 0.1 * g
    v = 0.999 * v + 0.001 * g * g
    p = p - lr * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return p, m, v


def reference_step(params, m, v, t, x, y):
    loss, g = jax.value_and_grad(loss_fn)(params, x, y)
    out = jax.tree.map(lambda p, g, m, v: adam_update(p, g, m, v, t), params, g, m, v)
    pick = lambda i: jax.tree.map(lambda o: o[i], out, is_leaf=lambda o: isinstance(o, tuple))
    return pick(0), pick(1), pick(2), loss


spec = P("fsdp")


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(spec, spec, spec, P(), spec, spec), out_specs=(spec, spec, spec, P()))
def fsdp_step(params, m, v, t, x, y):
    full = jax.tree.map(lambda p: jax.lax.all_gather(p, "fsdp", axis=0, tiled=True), params)
    loss, g = jax.value_and_grad(loss_fn)(full, x, y)
    g = jax.tree.map(lambda g: jax.lax.psum_scatter(g, "fsdp", scatter_dimension=0, tiled=True) / 4, g)
    loss = jax.lax.pmean(loss, "fsdp")
    out = jax.tree.map(lambda p, g, m, v: adam_update(p, g, m, v, t), params, g, m, v)
    pick = lambda i: jax.tree.map(lambda o: o[i], out, is_leaf=lambda o: isinstance(o, tuple))
    return pick(0), pick(1), pick(2), loss


shard = lambda a: jax.device_put(a, NamedSharding(mesh, spec))
zeros = jax.tree.map(jnp.zeros_like, params)
sp, sm, sv = (jax.tree.map(shard, t) for t in (params, zeros, zeros))
sx, sy = shard(x), shard(y)
print(jax.tree.map(lambda a: a.addressable_shards[0].data.shape, sp))
print(sp["w1"].sharding.spec, sx.sharding.spec)

rp, rm, rv = params, zeros, zeros
for t in range(1, 11):
    sp, sm, sv, sloss = fsdp_step(sp, sm, sv, jnp.float32(t), sx, sy)
    rp, rm, rv, rloss = reference_step(rp, rm, rv, float(t), x, y)
    if t in (1, 10):
        print(t, f"{float(sloss):.5f}", f"{float(rloss):.5f}")
print(jax.tree.map(lambda a, b: bool(jnp.allclose(a, b, atol=1e-5)), sp, rp))
print(sp["w2"].sharding.spec, sm["w1"].sharding.spec, sloss.sharding.spec)
print(jax.tree.map(lambda a: a.shape, sp))

auto = jax.jit(reference_step)
ap, am, av, aloss = auto(jax.tree.map(shard, params), jax.tree.map(shard, zeros), jax.tree.map(shard, zeros), 1.0, sx, sy)
print(f"{float(aloss):.5f}", jax.typeof(ap["w1"]).sharding.spec)
gathered = jax.jit(partial(jax.shard_map, mesh=mesh, in_specs=spec, out_specs=P(), check_vma=False)(lambda a: jax.lax.all_gather(a, "fsdp", tiled=True)))(sp["w1"])
print(gathered.shape, bool(jnp.allclose(gathered, np.asarray(sp["w1"]))))
