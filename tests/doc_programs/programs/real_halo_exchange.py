# Domain decomposition of a 1-D heat equation over 4 devices with shard_map: each device owns a
# slab of the grid and exchanges one-cell halos with its neighbours by ppermute every step
# (non-periodic ends by masking with axis_index), explicit time stepping in a fori_loop inside
# the shard_map, a global residual by psum, checked against the single-device solution, and the
# same update written with jit on a sharded array (roll + where) for comparison
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

NDEV, NX, STEPS, ALPHA = 4, 64, 50, 0.2
mesh = jax.make_mesh((NDEV,), ("x",), axis_types=(jax.sharding.AxisType.Explicit,))
xg = jnp.linspace(0.0, 1.0, NX)
u0 = jnp.exp(-100 * (xg - 0.3) ** 2) + 0.5 * jnp.exp(-200 * (xg - 0.75) ** 2)


def step_serial(u):
    left = jnp.concatenate([u[:1], u[:-1]])
    right = jnp.concatenate([u[1:], u[-1:]])
    return u + ALPHA * (left - 2 * u + right)


ref = jax.lax.fori_loop(0, STEPS, lambda i, u: step_serial(u), u0)
print(ref.shape, f"{float(ref.sum()):.5f}", f"{float(u0.sum()):.5f}")


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("x"), out_specs=(P("x"), P()))
def solve_sharded(u):
    idx = jax.lax.axis_index("x")
    to_right = [(i, i + 1) for i in range(NDEV - 1)]
    to_left = [(i + 1, i) for i in range(NDEV - 1)]

    def step(i, u):
        from_left = jax.lax.ppermute(u[-1:], "x", to_right)
        from_right = jax.lax.ppermute(u[:1], "x", to_left)
        from_left = jnp.where(idx == 0, u[:1], from_left)
        from_right = jnp.where(idx == NDEV - 1, u[-1:], from_right)
        padded = jnp.concatenate([from_left, u, from_right])
        return u + ALPHA * (padded[:-2] - 2 * u + padded[2:])

    u = jax.lax.fori_loop(0, STEPS, step, u)
    return u, jax.lax.psum(jnp.sum(u), "x")


us = jax.device_put(u0, NamedSharding(mesh, P("x")))
out, total = solve_sharded(us)
print(out.sharding.spec, total.sharding.spec, out.addressable_shards[1].data.shape)
print(bool(jnp.allclose(out, ref, atol=1e-6)), f"{float(total):.5f}")


@jax.jit
def step_global(u):
    # rolling a sharded dimension slices it unevenly: replicate, update, shard again
    u = jax.sharding.reshard(u, NamedSharding(mesh, P(None)))
    left = jnp.where(jnp.arange(NX) == 0, u, jnp.roll(u, 1))
    right = jnp.where(jnp.arange(NX) == NX - 1, u, jnp.roll(u, -1))
    return jax.sharding.reshard(u + ALPHA * (left - 2 * u + right), NamedSharding(mesh, P("x")))


ug = us
for _ in range(STEPS):
    ug = step_global(ug)
print(jax.typeof(ug).sharding.spec, bool(jnp.allclose(ug, ref, atol=1e-6)))
print([s.index for s in out.addressable_shards][:2], int(jnp.argmax(out)))
