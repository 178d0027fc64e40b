# shard_map on a 2D mesh: axis_index / axis_size, pshuffle, ppermute shifts, all_gather tiled and
# along axes, psum / pmax / pmean over one or both axes, all_to_all, and psum_scatter
from functools import partial
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
a = jnp.arange(8 * 4.).reshape(8, 4)

@partial(jax.shard_map, mesh=mesh, in_specs=P("x", "y"), out_specs=P("x", "y"))
def idx(block):
    return block * 0 + jax.lax.axis_index("x") * 10 + jax.lax.axis_index("y")
print(idx(a))

@partial(jax.shard_map, mesh=mesh, in_specs=P("x", None), out_specs=P("x", None))
def shuffle(block):
    return jax.lax.pshuffle(block, "x", perm=[3, 0, 1, 2])
print(shuffle(a)[:, 0])

@partial(jax.shard_map, mesh=mesh, in_specs=P("x", None), out_specs=P("x", None))
def shift(block):
    n = jax.lax.axis_size("x")
    return jax.lax.ppermute(block, "x", [(i, (i + 1) % n) for i in range(n)])
print(shift(a)[:, 0])

@partial(jax.shard_map, mesh=mesh, in_specs=P("x", "y"), out_specs=P(None, None), check_vma=False)
def gather_both(block):
    g = jax.lax.all_gather(block, "x", axis=0, tiled=True)
    return jax.lax.all_gather(g, "y", axis=1, tiled=True)
print(jnp.array_equal(gather_both(a), a))

@partial(jax.shard_map, mesh=mesh, in_specs=P("x", "y"), out_specs=P())
def reduce_all(block):
    return jax.lax.psum(block.sum(), ("x", "y")), jax.lax.pmax(block.max(), ("x", "y")), jax.lax.pmean(block.mean(), ("x", "y"))
print(reduce_all(a))

@partial(jax.shard_map, mesh=mesh, in_specs=P("x", "y"), out_specs=P(None, "y"))
def col_sums(block):
    return jax.lax.psum(block.sum(0, keepdims=True), "x")
print(col_sums(a), a.sum(0))

@partial(jax.shard_map, mesh=mesh, in_specs=P("x", None), out_specs=P("x", None))
def a2a(block):
    return jax.lax.all_to_all(block, "x", split_axis=1, concat_axis=1, tiled=True)
print(a2a(a)[:2])

@partial(jax.shard_map, mesh=mesh, in_specs=P(None, "y"), out_specs=P("x", "y"))
def scatter(block):
    return jax.lax.psum_scatter(block, "x", scatter_dimension=0, tiled=True)
print(scatter(a)[:, 0])

@partial(jax.shard_map, mesh=mesh, in_specs=P("x", "y"), out_specs=P("x", None), check_vma=False)
def stacked(block):
    return jax.lax.all_gather(block, "y", axis=1)
print(stacked(a).shape)
print(jax.typeof(idx(a)))
print(jax.grad(lambda a: col_sums(a).sum())(a)[0])
