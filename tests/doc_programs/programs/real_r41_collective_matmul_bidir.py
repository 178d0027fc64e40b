# "Manual parallelism with shard_map" collective matmuls: an all-gather matmul whose
# ppermute overlaps the block products (unidirectional, then bidirectional halves), and a
# reduce-scatter matmul by ppermute, on a 1D mesh of 8; jitted, differentiated and checked
# against a plain product
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",), axis_types=(jax.sharding.AxisType.Auto,))
size = 8
lhs = jax.random.normal(jax.random.key(0), (32, 16))
rhs = jax.random.normal(jax.random.key(1), (16, 24))
ref = lhs @ rhs


def shift_right(x):
    return jax.lax.ppermute(x, "i", [(j, (j + 1) % size) for j in range(size)])


def shift_left(x):
    return jax.lax.ppermute(x, "i", [(j, (j - 1) % size) for j in range(size)])


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("i", None), P(None, None)), out_specs=P("i", None))
def naive(lhs_block, rhs):
    return lhs_block @ rhs


print(np.allclose(naive(lhs, rhs), ref, atol=1e-5))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("i", None), P("i", None)), out_specs=P("i", None))
def gather_then_matmul(lhs_block, rhs_block):
    rhs_full = jax.lax.all_gather(rhs_block, "i", tiled=True)
    return lhs_block @ rhs_full


print(np.allclose(gather_then_matmul(lhs, rhs), ref, atol=1e-5))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, "i"), P("i", None)), out_specs=P(None, None))
def psum_matmul(lhs_block, rhs_block):
    return jax.lax.psum(lhs_block @ rhs_block, "i")


print(np.allclose(psum_matmul(lhs, rhs), ref, atol=1e-5))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("i", None), P("i", None)), out_specs=P("i", None))
def collective_matmul_allgather(lhs_block, rhs_block):
    # lhs_block: [M/8, K], rhs_block: [K/8, N]; contract over K chunk by chunk
    idx = jax.lax.axis_index("i")
    k = rhs_block.shape[0]
    out = jax.lax.pcast(jnp.zeros((lhs_block.shape[0], rhs_block.shape[1]), lhs_block.dtype), "i", to="varying")

    def body(t, carry):
        out, rhs_block = carry
        src = (idx + t) % size
        lhs_chunk = jax.lax.dynamic_slice_in_dim(lhs_block, src * k, k, axis=1)
        out = out + lhs_chunk @ rhs_block
        rhs_block = shift_left(rhs_block)
        return out, rhs_block

    out, _ = jax.lax.fori_loop(0, size, body, (out, rhs_block))
    return out


r1 = collective_matmul_allgather(lhs, rhs)
print(r1.shape, np.allclose(r1, ref, atol=1e-4), r1.sharding.spec)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("i", None), P("i", None)), out_specs=P("i", None))
def collective_matmul_bidir(lhs_block, rhs_block):
    idx = jax.lax.axis_index("i")
    k = rhs_block.shape[0]
    half = k // 2
    top, bot = rhs_block[:half], rhs_block[half:]
    out = jnp.zeros((lhs_block.shape[0], rhs_block.shape[1]), lhs_block.dtype)
    for t in range(size):
        src_r = (idx + t) % size
        src_l = (idx - t) % size
        out = out + jax.lax.dynamic_slice_in_dim(lhs_block, src_r * k, half, axis=1) @ top
        out = out + jax.lax.dynamic_slice_in_dim(lhs_block, src_l * k + half, half, axis=1) @ bot
        top = shift_left(top)
        bot = shift_right(bot)
    return out


r2 = collective_matmul_bidir(lhs, rhs)
print(np.allclose(r2, ref, atol=1e-4))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, "i"), P("i", None)), out_specs=P("i", None))
def collective_matmul_reduce_scatter(lhs_block, rhs_block):
    idx = jax.lax.axis_index("i")
    m = lhs_block.shape[0] // size
    partial_prod = lhs_block @ rhs_block
    acc = jax.lax.pcast(jnp.zeros((m, rhs_block.shape[1]), lhs_block.dtype), "i", to="varying")
    for t in range(size):
        if t > 0:
            acc = shift_right(acc)
        blk = (idx + size - 1 - t) % size
        acc = acc + jax.lax.dynamic_slice_in_dim(partial_prod, blk * m, m, axis=0)
    return acc


r3 = collective_matmul_reduce_scatter(lhs, rhs)
print(r3.shape, np.allclose(r3, ref, atol=1e-4))
ps = jax.jit(
    partial(jax.shard_map, mesh=mesh, in_specs=(P(None, "i"), P("i", None)), out_specs=P("i", None))(
        lambda a, b: jax.lax.psum_scatter(a @ b, "i", scatter_dimension=0, tiled=True)
    )
)(lhs, rhs)
print(np.allclose(ps, r3, atol=1e-4))


def loss(l, r):
    return jnp.sum(jnp.tanh(collective_matmul_allgather(l, r)))


gl, gr = jax.grad(loss, argnums=(0, 1))(lhs, rhs)
gl_ref, gr_ref = jax.grad(lambda l, r: jnp.sum(jnp.tanh(l @ r)), argnums=(0, 1))(lhs, rhs)
print(np.allclose(gl, gl_ref, atol=1e-4), np.allclose(gr, gr_ref, atol=1e-4))
print(gl.sharding.spec, gr.sharding.spec)
text = collective_matmul_allgather.lower(lhs, rhs).as_text()
print("collective_permute" in text, "all_gather" in text)
