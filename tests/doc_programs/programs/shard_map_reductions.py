# Manual parallelism with shard_map: psum_scatter, all_to_all, reduce-scatter matmul,
# ppermute ring, axis_index, and jax.lax.pmin / pmax across a 2D mesh
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto, AxisType.Auto))
a = jnp.arange(64.).reshape(8, 8) / 10
b = jnp.arange(32.).reshape(8, 4) / 7


@jax.jit
def matmul_psum_scatter(a, b):
    def body(a_blk, b_blk):
        partial = a_blk @ b_blk
        return lax.psum_scatter(partial, "x", scatter_dimension=0, tiled=True)
    return jax.shard_map(body, mesh=mesh, in_specs=(P(None, "x"), P("x", None)),
                         out_specs=P("x", None))(a, b)


c = matmul_psum_scatter(a, b)
print(np.allclose(c, a @ b, atol=1e-4), c.sharding.spec)


@jax.jit
def transpose_blocks(x):
    return jax.shard_map(lambda blk: lax.all_to_all(blk, "x", 1, 0, tiled=True), mesh=mesh,
                         in_specs=P("x", None), out_specs=P(None, "x"))(x)


t = transpose_blocks(a)
print(np.allclose(t, a), t.sharding.spec)


@jax.jit
def ring_shift(x):
    def body(blk):
        return lax.ppermute(blk, "x", [(i, (i + 1) % 4) for i in range(4)])
    return jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P("x"))(x)


print(ring_shift(jnp.arange(8.)))


@jax.jit
def extremes(x):
    def body(blk):
        return lax.pmax(blk.max(), ("x", "y")), lax.pmin(blk.min(), ("x", "y")), lax.axis_index("y")[None]
    return jax.shard_map(body, mesh=mesh, in_specs=P("x", "y"), out_specs=(P(), P(), P("y")))(x)


hi, lo, iy = extremes(a)
print(hi, lo, iy)


@jax.jit
def centered(x):
    def body(blk):
        mean = lax.pmean(blk.mean(axis=0), "x")
        return blk - mean
    return jax.shard_map(body, mesh=mesh, in_specs=P("x", "y"), out_specs=P("x", "y"))(x)


out = centered(a)
print(np.allclose(out, a - a.mean(axis=0), atol=1e-5), out.sharding.spec)


@jax.jit
def gathered_sum(x):
    def body(blk):
        return lax.psum(blk.sum(axis=1), "y"), lax.all_gather(blk, "y", axis=1, tiled=True)
    return jax.shard_map(body, mesh=mesh, in_specs=P("x", "y"), out_specs=(P("x"), P("x", "y")))(x)


total, gathered = gathered_sum(a)
print(np.allclose(total, a.sum(1), atol=1e-4), gathered.shape)
x = jax.device_put(a, NamedSharding(mesh, P("x", "y")))
print(jax.jit(lambda v: v.sum(axis=0))(x).sharding.spec)
