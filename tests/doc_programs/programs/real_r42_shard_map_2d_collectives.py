# shard_map on a 2D mesh: psum / pmean / pmax over one axis or both, axis_index and axis_size,
# ppermute shifts with wraparound, all_gather tiled / untiled, psum_scatter, all_to_all
# transposing a layout, and the same reductions checked against NumPy
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("a", "b"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
x = jnp.arange(32.0).reshape(4, 8)
xs = jax.device_put(x, jax.NamedSharding(mesh, P("a", "b")))


def smap(in_specs, out_specs):
    return partial(jax.shard_map, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


@smap(P("a", "b"), P("a", None))
def row_sums(blk):
    return lax.psum(blk.sum(axis=1, keepdims=True), "b")


print(row_sums(xs).ravel(), x.sum(axis=1))


@smap(P("a", "b"), P())
def stats(blk):
    return jnp.stack([lax.psum(blk.sum(), ("a", "b")), lax.pmax(blk.max(), ("a", "b")),
                      lax.pmin(blk.min(), ("a", "b")), lax.pmean(blk.mean(), ("a", "b"))])


print(stats(xs))


@smap(P("a", "b"), P("a", "b"))
def ids(blk):
    i, j = lax.axis_index("a"), lax.axis_index("b")
    n = lax.axis_size("b")
    return jnp.zeros_like(blk) + (i * n + j).astype(blk.dtype)


print(ids(xs))


@smap(P(None, "b"), P(None, "b"))
def shift_right(blk):
    n = 4
    return lax.ppermute(blk, "b", perm=[(j, (j + 1) % n) for j in range(n)])


print(shift_right(jax.device_put(x, jax.NamedSharding(mesh, P(None, "b"))))[0])
print(np.roll(np.asarray(x), 2, axis=1)[0])


@smap(P("a", "b"), P("a", None))
def gather_cols(blk):
    return lax.all_gather(blk, "b", axis=1, tiled=True)


print(jnp.array_equal(gather_cols(xs), x))


@smap(P("a", "b"), P("a", "b"))
def stacked(blk):
    g = lax.all_gather(blk, "b")
    return g.sum(axis=0)


print(stacked(xs).shape)


@smap(P(None, "b"), P("b", None))
def reduce_scatter(blk):
    return lax.psum_scatter(blk, "b", scatter_dimension=0, tiled=True)


xb = jax.device_put(jnp.ones((8, 8)), jax.NamedSharding(mesh, P(None, "b")))
print(reduce_scatter(xb).shape, reduce_scatter(xb)[:, 0])


@smap(P("b", None), P(None, "b"))
def transpose_layout(blk):
    return lax.all_to_all(blk, "b", split_axis=1, concat_axis=0, tiled=True)


t = jax.device_put(jnp.arange(64.0).reshape(8, 8), jax.NamedSharding(mesh, P("b", None)))
print(jnp.array_equal(transpose_layout(t), jnp.arange(64.0).reshape(8, 8)))
print(jax.typeof(transpose_layout(t)))
