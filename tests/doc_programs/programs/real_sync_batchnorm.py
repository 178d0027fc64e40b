# Synchronised batch normalisation across data-parallel devices with shard_map: per-shard sums
# and sums of squares psum'd over the batch axis, running statistics updated identically on
# every device, gradients pmean'd, checked against single-device batch norm on the full batch;
# plus a group-norm / layer-norm comparison that needs no communication
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))
N, C = 64, 6
x = jax.random.normal(jax.random.key(0), (N, C)) * jnp.arange(1.0, C + 1) + 3.0
gamma, beta = jnp.ones(C), jnp.zeros(C)


def bn_full(x, gamma, beta):
    mean, var = x.mean(0), x.var(0)
    return (x - mean) / jnp.sqrt(var + 1e-5) * gamma + beta, mean, var


@partial(jax.shard_map, mesh=mesh, in_specs=(P("batch"), P(), P()), out_specs=(P("batch"), P(), P()))
def bn_sync(x, gamma, beta):
    n = jax.lax.psum(x.shape[0], "batch")
    s = jax.lax.psum(x.sum(0), "batch")
    ss = jax.lax.psum((x**2).sum(0), "batch")
    mean = s / n
    var = ss / n - mean**2
    return (x - mean) / jnp.sqrt(var + 1e-5) * gamma + beta, mean, var


xs = jax.device_put(x, NamedSharding(mesh, P("batch")))
y_full, m_full, v_full = bn_full(x, gamma, beta)
y_sync, m_sync, v_sync = jax.jit(bn_sync)(xs, gamma, beta)
print(bool(jnp.allclose(y_full, y_sync, atol=1e-4)), bool(jnp.allclose(v_full, v_sync, rtol=1e-4)))
print(m_sync, y_sync.sharding.spec)


@partial(jax.shard_map, mesh=mesh, in_specs=(P("batch"), P(), P()), out_specs=(P("batch"), P()))
def local_stats(x, gamma, beta):
    return x.mean(0, keepdims=True), jax.lax.pmean(x.mean(0), "batch")


per_device, avg = jax.jit(local_stats)(xs, gamma, beta)
print(per_device.shape, bool(jnp.allclose(avg, m_full, atol=1e-5)), float(per_device[:, 0].std()) > 0)


def loss_full(gb, x):
    y, _, _ = bn_full(x, *gb)
    return jnp.sum(jnp.tanh(y) * jnp.arange(C))


def bn_local_sync(x, gamma, beta):
    n = jax.lax.psum(x.shape[0], "batch")
    mean = jax.lax.psum(x.sum(0), "batch") / n
    var = jax.lax.psum(((x - mean) ** 2).sum(0), "batch") / n
    return (x - mean) / jnp.sqrt(var + 1e-5) * gamma + beta


@partial(jax.shard_map, mesh=mesh, in_specs=((P(), P()), P("batch")), out_specs=(P(), (P(), P())))
def grad_sync2(gb, x):
    loss = lambda gb: jnp.sum(jnp.tanh(bn_local_sync(x, *gb)) * jnp.arange(C))
    l, g = jax.value_and_grad(loss)(gb)
    return jax.lax.psum(l, "batch"), jax.tree.map(lambda t: jax.lax.psum(t, "batch"), g)


l_ref, g_ref = jax.value_and_grad(loss_full)((gamma, beta), x)
l_s, g_s = jax.jit(grad_sync2)((gamma, beta), xs)
print(float(l_ref), bool(jnp.allclose(l_s, l_ref, rtol=1e-4)))
print([bool(jnp.allclose(a, b, atol=1e-3)) for a, b in zip(g_s, g_ref)])


def group_norm(x, groups=2):
    g = x.reshape(x.shape[0], groups, -1)
    g = (g - g.mean(-1, keepdims=True)) / jnp.sqrt(g.var(-1, keepdims=True) + 1e-5)
    return g.reshape(x.shape)


@partial(jax.shard_map, mesh=mesh, in_specs=P("batch"), out_specs=P("batch"))
def gn_sharded(x):
    return group_norm(x)


print(bool(jnp.allclose(jax.jit(gn_sharded)(xs), group_norm(x), atol=1e-5)))
running = (jnp.zeros(C), jnp.ones(C))
for _ in range(3):
    _, m, v = jax.jit(bn_sync)(xs, gamma, beta)
    running = jax.tree.map(lambda r, new: 0.9 * r + 0.1 * new, running, (m, v))
print(running[0], running[1][:2])
