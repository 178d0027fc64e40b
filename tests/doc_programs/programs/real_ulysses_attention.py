# DeepSpeed-Ulysses sequence parallelism with shard_map: queries / keys / values arrive sharded
# along the sequence over 4 devices, an all_to_all swaps the sharded axis to the heads, each
# device runs full-sequence causal attention for its heads, and a second all_to_all returns the
# output to sequence sharding; checked against unsharded attention, with its gradient
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("sp",), axis_types=(jax.sharding.AxisType.Explicit,))
B, T, H, D = 2, 16, 8, 4


def attention(q, k, v):
    s = jnp.einsum("bthd,bshd->bhts", q, k) / jnp.sqrt(D)
    mask = jnp.tril(jnp.ones((q.shape[1], k.shape[1]), bool))
    s = jnp.where(mask, s, -1e9)
    return jnp.einsum("bhts,bshd->bthd", jax.nn.softmax(s, -1), v)


@partial(jax.shard_map, mesh=mesh, in_specs=P(None, "sp"), out_specs=P(None, "sp"))
def ulysses(q, k, v):
    to_heads = lambda x: jax.lax.all_to_all(x, "sp", split_axis=2, concat_axis=1, tiled=True)
    q, k, v = to_heads(q), to_heads(k), to_heads(v)
    o = attention(q, k, v)
    return jax.lax.all_to_all(o, "sp", split_axis=1, concat_axis=2, tiled=True)


keys = jax.random.split(jax.random.key(0), 3)
q, k, v = (jax.random.normal(kk, (B, T, H, D)) for kk in keys)
shard = NamedSharding(mesh, P(None, "sp"))
qs, ks, vs = (jax.device_put(x, shard) for x in (q, k, v))
out = jax.jit(ulysses)(qs, ks, vs)
ref = attention(q, k, v)
print("out", out.shape, out.sharding.spec, jax.typeof(out))
print("match", bool(jnp.allclose(out, ref, atol=1e-5)))
print("out[0, :3, 0]", jnp.round(jax.device_get(out)[0, :3, 0], 4))

loss = lambda q, k, v: jnp.sum(ulysses(q, k, v) ** 2)
gq = jax.jit(jax.grad(loss))(qs, ks, vs)
gref = jax.grad(lambda q: jnp.sum(attention(q, k, v) ** 2))(q)
print("grad match", bool(jnp.allclose(gq, gref, atol=1e-4)), gq.sharding.spec)
local = jax.jit(jax.shard_map(lambda x: jnp.array(x.shape), mesh=mesh, in_specs=P(None, "sp"), out_specs=P("sp")))(qs)
print("local shapes", local.reshape(4, 4))
print(jax.jit(ulysses).lower(qs, ks, vs).as_text().count("all_to_all"), "all_to_all ops")
