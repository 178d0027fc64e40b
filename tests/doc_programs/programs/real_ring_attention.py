# Ring attention (sequence parallelism) in shard_map: queries stay on their device, key/value
# blocks rotate around the 8-device ring by ppermute, each step folds a block into running
# (max, denominator, numerator) online-softmax statistics, causal masking by global positions;
# checked against dense causal attention and differentiated
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N = 8
mesh = jax.make_mesh((N,), ("sp",), axis_types=(jax.sharding.AxisType.Explicit,))
B, T, H, D = 2, 64, 2, 8
BLK = T // N
kq, kk, kv = jax.random.split(jax.random.key(0), 3)
q = jax.random.normal(kq, (B, T, H, D))
k = jax.random.normal(kk, (B, T, H, D))
v = jax.random.normal(kv, (B, T, H, D))


def dense_causal(q, k, v):
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(D)
    mask = jnp.tril(jnp.ones((T, T), bool))
    s = jnp.where(mask, s, -jnp.inf)
    return jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, -1), v)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, "sp"),) * 3, out_specs=P(None, "sp"))
def ring_attention(q, k, v):
    idx = jax.lax.axis_index("sp")
    q_pos = idx * BLK + jnp.arange(BLK)
    perm = [(i, (i + 1) % N) for i in range(N)]

    def step(carry, i):
        m, l, acc, k, v = carry
        src = (idx - i) % N
        k_pos = src * BLK + jnp.arange(BLK)
        s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(D)
        s = jnp.where(q_pos[:, None] >= k_pos[None, :], s, -jnp.inf)
        m_new = jnp.maximum(m, s.max(-1))
        m_safe = jnp.where(jnp.isfinite(m_new), m_new, 0.0)
        p = jnp.exp(s - m_safe[..., None])
        scale = jnp.exp(jnp.where(jnp.isfinite(m), m - m_safe, -jnp.inf))
        l = l * scale + p.sum(-1)
        acc = acc * scale[..., None] + jnp.einsum("bhqk,bkhd->bhqd", p, v)
        k, v = jax.lax.ppermute((k, v), "sp", perm)
        return (m_new, l, acc, k, v), None

    stats = (jnp.full((B, H, BLK), -jnp.inf), jnp.zeros((B, H, BLK)), jnp.zeros((B, H, BLK, D)))
    init = (*jax.lax.pcast(stats, "sp", to="varying"), k, v)
    (m, l, acc, _, _), _ = jax.lax.scan(step, init, jnp.arange(N))
    return jnp.transpose(acc / l[..., None], (0, 2, 1, 3))


sh = NamedSharding(mesh, P(None, "sp"))
qs, ks, vs = (jax.device_put(a, sh) for a in (q, k, v))
out = jax.jit(ring_attention)(qs, ks, vs)
ref = dense_causal(q, k, v)
print(out.shape, out.sharding.spec, jax.typeof(out))
print("max err", float(jnp.max(jnp.abs(out - ref))) < 1e-5)
ref2 = jax.nn.dot_product_attention(q, k, v, is_causal=True)
print("vs dot_product_attention", float(jnp.max(jnp.abs(out - ref2))) < 1e-5)
g = jax.jit(jax.grad(lambda q, k, v: jnp.sum(ring_attention(q, k, v) ** 2), argnums=(0, 1, 2)))(qs, ks, vs)
gr = jax.grad(lambda q, k, v: jnp.sum(dense_causal(q, k, v) ** 2), argnums=(0, 1, 2))(q, k, v)
print([float(jnp.max(jnp.abs(a - b))) < 1e-4 for a, b in zip(g, gr)], g[1].sharding.spec)
print(np.round(np.asarray(out)[0, -1, 0, :4], 4))
