# "Manual parallelism with shard_map" section by section: the matmul example with psum,
# in_specs / out_specs semantics (replication along unmentioned axes), the collectives tour
# (psum, all_gather tiled, psum_scatter, ppermute, all_to_all, axis_index), a 2D mesh with a
# reduce over one axis, check_vma=False, and jit of shard_map with donated inputs
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

AUTO = jax.sharding.AxisType.Auto
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(AUTO, AUTO))
a = jnp.arange(8 * 16.).reshape(8, 16)
b = jnp.arange(16 * 4.).reshape(16, 4)


@partial(jax.shard_map, mesh=mesh, in_specs=(P('x', 'y'), P('y', None)), out_specs=P('x', None))
def matmul_basic(a_block, b_block):
    c_partialsum = jnp.dot(a_block, b_block)
    c_block = jax.lax.psum(c_partialsum, 'y')
    return c_block


c = matmul_basic(a, b)
print(c.shape, jnp.allclose(c, jnp.dot(a, b)))
print(c.sharding.spec)

mesh4 = jax.make_mesh((4, 2), ('i', 'j'), axis_types=(AUTO, AUTO))


@partial(jax.shard_map, mesh=mesh4, in_specs=P('i', None), out_specs=P('i', 'j'))
def f1(x_block):
    print(x_block.shape)
    return x_block


x1 = np.arange(12 * 12).reshape(12, 12)
y = f1(x1)
print(y.shape)


@partial(jax.shard_map, mesh=mesh4, in_specs=P('i', 'j'), out_specs=P('i', None))
def f2(x_block):
    return jax.lax.psum(x_block, 'j')


print(f2(jnp.ones((8, 4))))


@partial(jax.shard_map, mesh=mesh4, in_specs=P('i', 'j'), out_specs=P(None, 'j'))
def f3(x_block):
    return jax.lax.psum(x_block, 'i')


print(f3(jnp.arange(16.).reshape(4, 4)))

mesh1d = jax.make_mesh((8,), ('i',), axis_types=(AUTO,))


@partial(jax.shard_map, mesh=mesh1d, in_specs=P('i'), out_specs=P(None))
def gather_tiled(x):
    return jax.lax.all_gather(x, 'i', tiled=True)


print(gather_tiled(jnp.arange(16.)))


@partial(jax.shard_map, mesh=mesh1d, in_specs=P('i'), out_specs=P('i'))
def scatter(x):
    return jax.lax.psum_scatter(x, 'i', tiled=True)


print(scatter(jnp.arange(64.)))


@partial(jax.shard_map, mesh=mesh1d, in_specs=P('i'), out_specs=P('i'))
def shift_right(x):
    perm = [(i, (i + 1) % 8) for i in range(8)]
    return jax.lax.ppermute(x, 'i', perm)


print(shift_right(jnp.arange(8.)))


@partial(jax.shard_map, mesh=mesh1d, in_specs=P('i'), out_specs=P('i'))
def a2a(x):
    return jax.lax.all_to_all(x, 'i', 0, 0, tiled=True)


print(a2a(jnp.arange(64.)))


@partial(jax.shard_map, mesh=mesh1d, in_specs=P('i'), out_specs=P('i'))
def idx(x):
    return x + jax.lax.axis_index('i')


print(idx(jnp.zeros(8, dtype=jnp.int32)))


@partial(jax.shard_map, mesh=mesh1d, in_specs=P('i'), out_specs=P(), check_vma=False)
def first_block(x):
    return x


print(first_block(jnp.arange(8.)))


@partial(jax.shard_map, mesh=mesh1d, in_specs=P('i'), out_specs=P())
def pmean_max(x):
    return jax.lax.pmean(x, 'i') + jax.lax.pmax(x, 'i') - jax.lax.pmin(x, 'i')


print(pmean_max(jnp.arange(8.)))


@jax.jit
def loss(w, x):
    @partial(jax.shard_map, mesh=mesh1d, in_specs=(P(), P('i')), out_specs=P())
    def local(w, xb):
        return jax.lax.pmean(jnp.sum((xb @ w) ** 2), 'i')
    return local(w, x)


w = jnp.ones((3,))
xs = jnp.arange(24.).reshape(8, 3)
print(loss(w, xs), jax.grad(loss)(w, xs))
print(jax.make_jaxpr(matmul_basic)(a, b))
x_sh = jax.device_put(jnp.arange(16.), NamedSharding(mesh1d, P('i')))
out = jax.jit(shift_right, donate_argnums=0)(x_sh)
print(out, out.sharding)
