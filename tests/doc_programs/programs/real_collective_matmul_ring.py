# Collective matmuls in shard_map on 8 devices: an all-gather matmul that overlaps each block's
# product with a ppermute around the ring, a reduce-scatter matmul that passes partial sums
# around the ring, both checked against the plain product and against the all_gather /
# psum_scatter versions, plus their gradients
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

N = 8
mesh = jax.make_mesh((N,), ("x",), axis_types=(jax.sharding.AxisType.Explicit,))
rng = np.random.default_rng(0)
A = jnp.asarray(rng.normal(size=(64, 32)), jnp.float32)
B = jnp.asarray(rng.normal(size=(32, 48)), jnp.float32)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("x", None), P(None, "x")), out_specs=P(None, "x"))
def allgather_matmul_ring(a_blk, b_blk):
    idx = jax.lax.axis_index("x")
    rows = a_blk.shape[0]
    out = jnp.zeros_like(a_blk, shape=(rows * N, b_blk.shape[1]))  # varies over "x", as a_blk
    perm = [(i, (i + 1) % N) for i in range(N)]

    def body(i, carry):
        out, blk = carry
        src = (idx - i) % N
        out = jax.lax.dynamic_update_slice_in_dim(out, blk @ b_blk, src * rows, axis=0)
        blk = jax.lax.ppermute(blk, "x", perm)
        return out, blk

    out, _ = jax.lax.fori_loop(0, N, body, (out, a_blk))
    return out


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("x", None), P(None, "x")), out_specs=P(None, "x"))
def allgather_matmul_simple(a_blk, b_blk):
    return jax.lax.all_gather(a_blk, "x", tiled=True) @ b_blk


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, "x"), P("x", None)), out_specs=P("x", None))
def reduce_scatter_ring(a_blk, b_blk):
    idx = jax.lax.axis_index("x")
    rows = a_blk.shape[0] // N
    perm = [(i, (i - 1) % N) for i in range(N)]

    def partial_block(j):
        return jax.lax.dynamic_slice_in_dim(a_blk, j * rows, rows, axis=0) @ b_blk

    def body(i, acc):
        acc = jax.lax.ppermute(acc, "x", perm)
        return acc + partial_block((idx + i + 1) % N)

    acc = partial_block((idx + 1) % N)
    acc = jax.lax.fori_loop(1, N, body, acc)
    return acc


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, "x"), P("x", None)), out_specs=P("x", None))
def reduce_scatter_simple(a_blk, b_blk):
    return jax.lax.psum_scatter(a_blk @ b_blk, "x", scatter_dimension=0, tiled=True)


ref = A @ B
a1 = jax.device_put(A, jax.NamedSharding(mesh, P("x", None)))
b1 = jax.device_put(B, jax.NamedSharding(mesh, P(None, "x")))
r1 = allgather_matmul_ring(a1, b1)
r2 = allgather_matmul_simple(a1, b1)
print(r1.shape, r1.sharding.spec, float(jnp.max(jnp.abs(r1 - ref))) < 1e-4, float(jnp.max(jnp.abs(r1 - r2))) < 1e-4)

a2 = jax.device_put(A, jax.NamedSharding(mesh, P(None, "x")))
b2 = jax.device_put(B, jax.NamedSharding(mesh, P("x", None)))
r3 = reduce_scatter_ring(a2, b2)
r4 = reduce_scatter_simple(a2, b2)
print(r3.shape, r3.sharding.spec, float(jnp.max(jnp.abs(r3 - ref))) < 1e-4, float(jnp.max(jnp.abs(r3 - r4))) < 1e-4)
print([s.data.shape for s in r3.addressable_shards][:2], jax.typeof(r3))

with jax.set_mesh(mesh):  # the eager grad's ops on Explicit-sharded arrays need the mesh
    g_ring = jax.grad(lambda a, b: jnp.sum(jnp.sin(allgather_matmul_ring(a, b))), argnums=(0, 1))(a1, b1)
g_ref = jax.grad(lambda a, b: jnp.sum(jnp.sin(a @ b)), argnums=(0, 1))(A, B)
print([float(jnp.max(jnp.abs(x - y))) < 1e-3 for x, y in zip(g_ring, g_ref)])
print(g_ring[0].sharding.spec, g_ring[1].sharding.spec)
print(np.round(np.asarray(r1)[:2, :4], 3))
