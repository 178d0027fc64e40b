# "Manual parallelism with shard_map": psum / pmean, all_gather (tiled and not), psum_scatter,
# ppermute rings, axis_index, an all-gather collective matmul and a reduce-scatter matmul
# checked against the plain product, and in_specs / out_specs mistakes
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("i", "j"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
a = jnp.arange(8 * 16.0).reshape(8, 16)
b = jnp.arange(16 * 4.0).reshape(16, 4)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("i", "j"), P("j", None)), out_specs=P("i", None))
def matmul_basic(a_block, b_block):
    print(a_block.shape, b_block.shape)
    c_partialsum = jnp.dot(a_block, b_block)
    c_block = jax.lax.psum(c_partialsum, "j")
    return c_block


c = matmul_basic(a, b)
print(np.allclose(c, jnp.dot(a, b)))
print(c.sharding.spec, jax.typeof(c))

mesh1d = jax.make_mesh((8,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))


@partial(jax.shard_map, mesh=mesh1d, in_specs=P("x"), out_specs=P())
def total(x):
    return jax.lax.psum(x.sum(), "x")


print(total(jnp.arange(16.0)))


@partial(jax.shard_map, mesh=mesh1d, in_specs=P("x"), out_specs=P("x"))
def centered(x):
    return x - jax.lax.pmean(x.mean(), "x")


print(centered(jnp.arange(16.0)))


@partial(jax.shard_map, mesh=mesh1d, in_specs=P("x"), out_specs=P("x"))
def gather_tiled(x):
    return jax.lax.all_gather(x, "x", tiled=True)


print(gather_tiled(jnp.arange(8.0)).reshape(8, 8)[3])


@partial(jax.shard_map, mesh=mesh1d, in_specs=P("x"), out_specs=P("x"))
def gather_stacked(x):
    g = jax.lax.all_gather(x, "x")
    return g.reshape(1, -1) + 10 * jax.lax.axis_index("x")


print(gather_stacked(jnp.arange(8.0)))


@partial(jax.shard_map, mesh=mesh1d, in_specs=P(None), out_specs=P("x"))
def scatter_sum(x):
    return jax.lax.psum_scatter(x, "x", tiled=True)


print(scatter_sum(jnp.arange(16.0)))

perm = [(i, (i + 1) % 8) for i in range(8)]


@partial(jax.shard_map, mesh=mesh1d, in_specs=P("x"), out_specs=P("x"))
def shift(x):
    return jax.lax.ppermute(x, "x", perm)


print(shift(jnp.arange(8.0)))


M, K, N = 16, 8, 32
lhs = jax.random.normal(jax.random.key(0), (M, K))
rhs = jax.random.normal(jax.random.key(1), (K, N))


@jax.jit
@partial(jax.shard_map, mesh=mesh1d, in_specs=(P("x", None), P(None, "x")), out_specs=P("x", None))
def ag_matmul(lhs_block, rhs_block):
    size = jax.lax.axis_size("x")
    idx = jax.lax.axis_index("x")
    shift_perm = [(j, (j - 1) % size) for j in range(size)]
    n = rhs_block.shape[1]
    out = jax.lax.pcast(jnp.zeros((lhs_block.shape[0], n * size), lhs_block.dtype), "x", to="varying")

    def body(i, carry):
        out, rhs_block = carry
        col = (idx + i) % size
        out = jax.lax.dynamic_update_slice_in_dim(out, lhs_block @ rhs_block, col * n, axis=1)
        rhs_block = jax.lax.ppermute(rhs_block, "x", shift_perm)
        return out, rhs_block

    out, _ = jax.lax.fori_loop(0, size, body, (out, rhs_block))
    return out


res = ag_matmul(lhs, rhs)
print(res.shape, jnp.allclose(res, lhs @ rhs, atol=1e-4))


@jax.jit
@partial(jax.shard_map, mesh=mesh1d, in_specs=(P(None, "x"), P("x", None)), out_specs=P("x", None))
def rs_matmul(lhs_block, rhs_block):
    partial_sum = lhs_block @ rhs_block
    return jax.lax.psum_scatter(partial_sum, "x", scatter_dimension=0, tiled=True)


res2 = rs_matmul(lhs, rhs)
print(res2.shape, jnp.allclose(res2, lhs @ rhs, atol=1e-4), res2.sharding.spec)

try:
    jax.shard_map(lambda x: x, mesh=mesh1d, in_specs=P("x"), out_specs=P("x"))(jnp.arange(6.0))
except ValueError as e:
    print(type(e).__name__)
try:
    jax.shard_map(lambda x: x.sum(), mesh=mesh1d, in_specs=P("x"), out_specs=P())(jnp.arange(8.0))
except ValueError as e:
    print(type(e).__name__)
print(jax.shard_map(lambda x: x * 2, mesh=mesh1d, in_specs=P("x"), out_specs=P("x"), check_vma=False)(jnp.arange(8.0)))
