# Manual parallelism with shard_map: a hand-written ring all-reduce (ppermute in fori_loop), a
# bidirectional ring, non-tiled all_to_all / psum_scatter / all_gather, axis_index masks,
# all-gather collective matmul, and shard_map under grad
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

devices = np.array(jax.devices()[:8])
mesh = jax.sharding.Mesh(devices, ("i",))
N = 8


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def ring_allreduce(x):
    perm = [(j, (j + 1) % N) for j in range(N)]

    def step(_, carry):
        acc, buf = carry
        buf = lax.ppermute(buf, "i", perm)
        return acc + buf, buf

    acc, _ = lax.fori_loop(0, N - 1, step, (x, x))
    return acc


x = jnp.arange(16.)
out = ring_allreduce(x)
print(out)
print(np.allclose(out.reshape(8, 2), x.reshape(8, 2).sum(0)))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def both_ways(x):
    right = lax.ppermute(x, "i", [(j, (j + 1) % N) for j in range(N)])
    left = lax.ppermute(x, "i", [(j, (j - 1) % N) for j in range(N)])
    return right - left


print(both_ways(jnp.arange(8.)))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def partial_shift(x):
    return lax.ppermute(x, "i", [(0, 1), (2, 3)])


print(partial_shift(jnp.arange(1., 9.)))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i", None), out_specs=P("i", None))
def exchange(x):
    return lax.all_to_all(x, "i", split_axis=1, concat_axis=1)


blocks = jnp.arange(64.).reshape(8, 8)
print(exchange(blocks)[:2])


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P(None, "i"), out_specs=P("i"))
def reduce_scatter(x):
    return lax.psum_scatter(x[:, 0], "i")[None]


print(reduce_scatter(jnp.ones((8, 8))))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P(None), check_vma=False)
def gather_stack(x):
    return lax.all_gather(x, "i")


print(gather_stack(jnp.arange(8.)).shape, gather_stack(jnp.arange(16.)).shape)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def first_half_only(x):
    idx = lax.axis_index("i")
    return jnp.where(idx < N // 2, x, 0.) + idx


print(first_half_only(jnp.ones(8)))

lhs = jnp.arange(8 * 4.).reshape(8, 4)
rhs = jnp.arange(4 * 16.).reshape(4, 16) / 10


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("i", None), P(None, "i")), out_specs=P(None, "i"))
def matmul_allgather(lhs_block, rhs_block):
    lhs = lax.all_gather(lhs_block, "i", tiled=True)
    return lhs @ rhs_block


print(np.allclose(matmul_allgather(lhs, rhs), lhs @ rhs, atol=1e-4))


def loss(w, xs):
    def local(w, xb):
        return lax.pmean(jnp.mean((xb @ w) ** 2), "i")
    return jax.shard_map(local, mesh=mesh, in_specs=(P(), P("i")), out_specs=P())(w, xs)


w = jnp.array([0.5, -0.25, 1.0, 0.0])
g = jax.jit(jax.grad(loss))(w, lhs)
print(jnp.round(g, 3))
print(np.allclose(g, jax.grad(lambda w: jnp.mean((lhs @ w) ** 2))(w), rtol=1e-4))
xs = jax.device_put(lhs, NamedSharding(mesh, P("i")))
print(jax.jit(loss)(w, xs), xs.sharding.spec)
