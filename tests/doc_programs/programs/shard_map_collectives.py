# Manual parallelism with shard_map
from functools import partial
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
from jax import shard_map

try:
    shard_map(lambda x: x, mesh=jax.make_mesh((4, 2), ('x', 'y')), in_specs=P('x'), out_specs=P('x'))(jnp.ones(8))
except Exception as e:
    print(type(e).__name__)
from jax.sharding import AxisType
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(AxisType.Auto,) * 2)
a = jnp.arange(8 * 16.).reshape(8, 16)
b = jnp.arange(16 * 4.).reshape(16, 4)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P('x', 'y'), P('y', None)),
         out_specs=P('x', None))
def matmul_basic(a_block, b_block):
    c_partialsum = jnp.dot(a_block, b_block)
    c_block = jax.lax.psum(c_partialsum, 'y')
    return c_block


c = matmul_basic(a, b)
print(c.shape)
print(np.allclose(c, jnp.dot(a, b)))
jax.debug.visualize_array_sharding(c)

mesh1 = jax.make_mesh((4,), ('i',), axis_types=(AxisType.Auto,))


def check_shape(x):
    print(x.shape)
    return x


@partial(shard_map, mesh=mesh1, in_specs=P('i'), out_specs=P('i'))
def f1(x_block):
    print(x_block.shape)
    return 2 * x_block


x = np.arange(12.)
y = f1(x)
print(y)


@partial(shard_map, mesh=mesh1, in_specs=P('i'), out_specs=P())
def f2(x_block):
    return jax.lax.psum(x_block, 'i')


print(f2(jnp.arange(16.)))


@partial(shard_map, mesh=mesh1, in_specs=P('i'), out_specs=P(None))
def f3(x_block):
    return jax.lax.psum(x_block, 'i')


print(f3(jnp.arange(4.)))
try:
    @partial(shard_map, mesh=mesh1, in_specs=P('i'), out_specs=P())
    def f_bad(x_block):
        return x_block
    f_bad(jnp.arange(8.))
except Exception as e:
    print(type(e).__name__)


@partial(shard_map, mesh=mesh1, in_specs=P('i'), out_specs=P('i'))
def f_all_gather(x_block):
    print('BEFORE:\n', x_block)
    y_block = jax.lax.all_gather(x_block, 'i', tiled=True)
    print('AFTER:\n', y_block)
    return y_block


x = jnp.array([3, 9, 5, 2])
y = f_all_gather(x)
print('FINAL RESULT:\n', y)


@partial(shard_map, mesh=mesh1, in_specs=P('i'), out_specs=P('i'))
def f_all_gather2(x_block):
    return jax.lax.all_gather(x_block, 'i', tiled=False)


print(f_all_gather2(jnp.arange(8)))


@partial(shard_map, mesh=mesh1, in_specs=P('i'), out_specs=P('i'))
def f_psum_scatter(x_block):
    return jax.lax.psum_scatter(x_block, 'i', tiled=True)


x = jnp.array([3, 9, 5, 2, 1, 7, 2, 6, 8, 1, 4, 7, 4, 6, 3, 4])
print(f_psum_scatter(x))


@partial(shard_map, mesh=mesh1, in_specs=P('i'), out_specs=P('i'))
def f_ppermute(x_block):
    sz = jax.lax.axis_size('i')
    return jax.lax.ppermute(x_block, 'i', [(i, (i + 1) % sz) for i in range(sz)])


print(f_ppermute(jnp.arange(8.)))


@partial(shard_map, mesh=mesh1, in_specs=P('i'), out_specs=P('i'))
def f_all_to_all(x_block):
    return jax.lax.all_to_all(x_block, 'i', 0, 0, tiled=True)


print(f_all_to_all(jnp.arange(16)))


@partial(shard_map, mesh=mesh1, in_specs=P('i'), out_specs=P('i'))
def f_axis_index(x_block):
    return x_block * jax.lax.axis_index('i')


print(f_axis_index(jnp.ones(8)))
print(jax.jit(shard_map(lambda x: jax.lax.pmean(x, 'i'), mesh=mesh1, in_specs=P('i'), out_specs=P()))(jnp.arange(4.)))
print(shard_map(lambda x: jax.lax.pmax(x, 'i'), mesh=mesh1, in_specs=P('i'), out_specs=P())(jnp.arange(4.)))


def psum_impl(x, axis_name):
    return jax.lax.psum(x, axis_name)


# collective matmul: all-gather then matmul, and the ppermute overlapped version
mesh2 = jax.make_mesh((4,), ('i',), axis_types=(AxisType.Auto,))
lhs = jnp.arange(8 * 4.).reshape(8, 4)
rhs = jnp.arange(4 * 8.).reshape(4, 8) / 10


@jax.jit
@partial(shard_map, mesh=mesh2, in_specs=(P('i', None), P(None, 'i')), out_specs=P(None, 'i'))
def matmul_allgather(lhs_block, rhs_block):
    lhs = jax.lax.all_gather(lhs_block, 'i', tiled=True)
    return lhs @ rhs_block


out = matmul_allgather(lhs, rhs)
print(np.allclose(out, lhs @ rhs, atol=1e-3, rtol=1e-3))


@jax.jit
@partial(shard_map, mesh=mesh2, in_specs=(P('i', None), P(None, 'i')), out_specs=P(None, 'i'))
def matmul_allgather_overlapped(lhs_block, rhs_block):
    size = jax.lax.axis_size('i')
    idx = jax.lax.axis_index('i')
    shift = partial(jax.lax.ppermute, axis_name='i', perm=[(i, (i + 1) % size) for i in range(size)])
    B = lhs_block.shape[0]
    out_block = jnp.zeros((B * size, rhs_block.shape[1]), rhs_block.dtype)
    out_block = jax.lax.dynamic_update_slice_in_dim(out_block, lhs_block @ rhs_block, B * idx, 0)
    for i in range(1, size):
        lhs_block = shift(lhs_block)
        src = (idx - i) % size
        out_block = jax.lax.dynamic_update_slice_in_dim(out_block, lhs_block @ rhs_block, B * src, 0)
    return out_block


out = matmul_allgather_overlapped(lhs, rhs)
print(np.allclose(out, lhs @ rhs, atol=1e-3, rtol=1e-3))


@jax.jit
@partial(shard_map, mesh=mesh2, in_specs=(P(None, 'i'), P('i', None)), out_specs=P('i', None))
def matmul_psumscatter(lhs_block, rhs_block):
    out_summand = lhs_block @ rhs_block
    return jax.lax.psum_scatter(out_summand, 'i', tiled=True)


out = matmul_psumscatter(lhs, rhs)
print(np.allclose(out, lhs @ rhs, atol=1e-3, rtol=1e-3))

# data parallel training step with pmean of gradients
def loss(params, batch):
    inputs, targets = batch
    preds = jnp.tanh(inputs @ params['W'] + params['b'])
    return jnp.mean((preds - targets) ** 2)


params = {'W': jnp.ones((4, 2)) * 0.1, 'b': jnp.zeros(2)}
batch = (jnp.arange(32.).reshape(8, 4) / 32, jnp.ones((8, 2)))


@jax.jit
@partial(shard_map, mesh=mesh1, in_specs=(P(), P('i')), out_specs=P())
def dp_grad(params, batch):
    g = jax.grad(loss)(params, batch)
    return jax.lax.pmean(g, 'i')


print(dp_grad(params, batch))
print(jax.grad(loss)(params, batch))
# all_gather with check_vma / varying values
@partial(shard_map, mesh=mesh1, in_specs=P('i'), out_specs=P())
def f_pmin(x):
    return jax.lax.pmin(x, 'i')


print(f_pmin(jnp.arange(4.)))
print(jax.make_jaxpr(f_pmin)(jnp.arange(4.)))
