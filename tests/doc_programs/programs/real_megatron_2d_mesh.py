# Megatron-style tensor parallelism on a 2x4 (data, model) mesh with shard_map: a column-parallel
# then row-parallel MLP whose partial sums are psum'd over "model", the loss pmean'd over "data"
# (the parameters' gradients arrive summed over "data"), compared with the unsharded MLP; plus a
# vocab-parallel cross-entropy (max and logsumexp across the model axis by pmax / psum)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
B, D, F, V = 16, 8, 32, 24
k = jax.random.split(jax.random.key(0), 4)
params = {
    "w1": jax.random.normal(k[0], (D, F)) / np.sqrt(D),
    "w2": jax.random.normal(k[1], (F, D)) / np.sqrt(F),
    "emb": jax.random.normal(k[2], (D, V)) / np.sqrt(D),
}
x = jax.random.normal(k[3], (B, D))
labels = jnp.arange(B) % V
specs = {"w1": P(None, "model"), "w2": P("model", None), "emb": P(None, "model")}


def reference_loss(p, x, labels):
    h = jax.nn.gelu(x @ p["w1"]) @ p["w2"]
    logits = (x + h) @ p["emb"]
    return jnp.mean(jax.nn.logsumexp(logits, -1) - jnp.take_along_axis(logits, labels[:, None], -1)[:, 0])


def vocab_parallel_xent(logits, labels):
    shard = logits.shape[-1]
    start = jax.lax.axis_index("model") * shard
    m = jax.lax.pmax(jax.lax.stop_gradient(logits.max(-1)), "model")
    sumexp = jax.lax.psum(jnp.exp(logits - m[:, None]).sum(-1), "model")
    local = labels - start
    in_shard = (local >= 0) & (local < shard)
    picked = jnp.take_along_axis(logits, jnp.clip(local, 0, shard - 1)[:, None], -1)[:, 0]
    target = jax.lax.psum(jnp.where(in_shard, picked, 0.0), "model")
    return jnp.log(sumexp) + m - target


@partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=(specs, P("data", None), P("data")),
    out_specs=(P(), specs),
)
def tp_loss_and_grad(p, x, labels):
    def local_loss(p):
        h = jax.nn.gelu(x @ p["w1"]) @ p["w2"]
        h = jax.lax.psum(h, "model")
        return jax.lax.pmean(vocab_parallel_xent((x + h) @ p["emb"], labels).mean(), "data")

    # p is invariant over "data": its gradient arrives already summed over "data" (the
    # transpose of the implicit pvary), so the loss is averaged over "data" first
    return jax.value_and_grad(local_loss)(p)


sharded = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, specs)
xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
ls = jax.device_put(labels, NamedSharding(mesh, P("data")))
l, g = jax.jit(tp_loss_and_grad)(sharded, xs, ls)
rl, rg = jax.value_and_grad(reference_loss)(params, x, labels)
print(float(l), float(rl), bool(jnp.allclose(l, rl, atol=1e-5)))
print({n: bool(jnp.allclose(g[n], rg[n], atol=1e-4)) for n in g})
print({n: g[n].sharding.spec for n in g})
print(jax.typeof(g["w1"]))


@jax.jit
def train_step(p, x, labels):
    l, g = tp_loss_and_grad(p, x, labels)
    return jax.tree.map(lambda a, b: a - 0.5 * b, p, g), l


losses = []
p = sharded
for _ in range(20):
    p, l = train_step(p, xs, ls)
    losses.append(float(l))
print(losses[0], losses[-1], losses[-1] < losses[0])
print(p["w2"].sharding.spec, len(p["w2"].addressable_shards), p["w2"].addressable_shards[0].data.shape)
