# Sequence parallelism with shard_map: activations sharded along the sequence over 4
# devices, layernorm and the MLP computed locally per sequence shard, attention by
# all_gather of keys / values along the sequence, and the gradients of the replicated
# weights reduced with psum; checked against the unsharded computation
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("sp",), axis_types=(jax.sharding.AxisType.Explicit,))
S, D, H = 32, 16, 32
rng = np.random.default_rng(4)
params = {
    "g": jnp.asarray(1 + 0.1 * rng.normal(size=(D,)), jnp.float32),
    "bta": jnp.asarray(0.1 * rng.normal(size=(D,)), jnp.float32),
    "wq": jnp.asarray(rng.normal(size=(D, D)) / 4, jnp.float32),
    "wk": jnp.asarray(rng.normal(size=(D, D)) / 4, jnp.float32),
    "wv": jnp.asarray(rng.normal(size=(D, D)) / 4, jnp.float32),
    "w1": jnp.asarray(rng.normal(size=(D, H)) / 4, jnp.float32),
    "w2": jnp.asarray(rng.normal(size=(H, D)) / 6, jnp.float32),
}
x = jnp.asarray(rng.normal(size=(S, D)), jnp.float32)


def layernorm(x, g, b, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) * jax.lax.rsqrt(var + eps) * g + b


def block(p, x, gather=lambda t: t, offset=0):
    h = layernorm(x, p["g"], p["bta"])
    q = h @ p["wq"]
    k = gather(h @ p["wk"])
    v = gather(h @ p["wv"])
    s = q @ k.T / jnp.sqrt(D)
    qi = offset + jnp.arange(x.shape[0])[:, None]
    s = jnp.where(qi >= jnp.arange(k.shape[0])[None, :], s, -1e9)
    x = x + jax.nn.softmax(s, -1) @ v
    h = layernorm(x, p["g"], p["bta"])
    return x + jax.nn.gelu(h @ p["w1"]) @ p["w2"]


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("sp")), out_specs=P("sp"))
def sp_block(p, x):
    idx = jax.lax.axis_index("sp")
    gather = lambda t: jax.lax.all_gather(t, "sp", tiled=True)
    return block(p, x, gather, offset=idx * x.shape[0])


xs = jax.device_put(x, NamedSharding(mesh, P("sp")))
out = jax.jit(sp_block)(params, xs)
ref = block(params, x)
print(out.shape, out.sharding.spec, "match", bool(jnp.allclose(out, ref, atol=1e-4)))
print("row norms", np.round(np.linalg.norm(np.asarray(out)[::8], axis=-1), 4))


def loss(p, x):
    return jnp.mean(sp_block(p, x) ** 2)


g = jax.jit(jax.grad(loss))(params, xs)
g_ref = jax.grad(lambda p: jnp.mean(block(p, x) ** 2))(params)
print("grad specs", {k: str(v.sharding.spec) for k, v in sorted(g.items())})
print("grads match", all(bool(jnp.allclose(g[k], g_ref[k], atol=1e-4)) for k in g))
print("grad norms", {k: round(float(jnp.linalg.norm(v)), 4) for k, v in sorted(g.items())})


@partial(jax.shard_map, mesh=mesh, in_specs=P("sp"), out_specs=P())
def global_stats(x):
    n = jax.lax.psum(x.shape[0], "sp")
    mean = jax.lax.psum(x.sum(0), "sp") / n
    var = jax.lax.psum(((x - mean) ** 2).sum(0), "sp") / n
    return jnp.stack([mean, var])


st = jax.jit(global_stats)(xs)
print("stats match", bool(jnp.allclose(st[0], x.mean(0), atol=1e-5)), bool(jnp.allclose(st[1], x.var(0), atol=1e-5)))
