# shard_map beyond psum: varying vs invariant values (jax.typeof's vma, lax.pcast to='varying'
# where pvary was), all_gather with axis= and tiled=, all_gather_invariant, axis_index / axis_size,
# psum_scatter with scatter_dimension and tiled, all_to_all, ppermute rings, pmax / pmin / pmean,
# collectives over two mesh axes, and check_vma's errors
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("i", "j"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
x = jnp.arange(32.0).reshape(8, 4)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))
def show_types(b):
    print("block:", jax.typeof(b), sorted(jax.typeof(b).manual_axis_type.varying))
    c = jnp.float32(1.0)
    print("const:", jax.typeof(c).manual_axis_type)
    cv = jax.lax.pcast(c, ("i", "j"), to="varying")
    print("pcast:", sorted(jax.typeof(cv).manual_axis_type.varying))
    s = jax.lax.psum(b, "j")
    print("psum j:", jax.typeof(s))
    return b + cv


print(show_types(x).sum())
try:
    jax.lax.pvary
except AttributeError as e:
    print("AttributeError")


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def gathers(b):
    g0 = jax.lax.all_gather(b, "i")
    g1 = jax.lax.all_gather(b, "i", tiled=True)
    g2 = jax.lax.all_gather(b, "i", axis=1, tiled=True)
    g3 = jax.lax.all_gather(b, "i", axis=1)
    print(g0.shape, g1.shape, g2.shape, g3.shape)
    return g1[: b.shape[0]] + g2[:, : b.shape[1]] * 0 + b


print(gathers(x)[:3])


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P())
def gathered_invariant(b):
    g = jax.lax.all_gather(b, "i", tiled=True, to="invarying")
    print("invariant:", g.shape, jax.typeof(g))
    return g


print(gathered_invariant(x).shape)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))
def indices(b):
    i = jax.lax.axis_index("i")
    j = jax.lax.axis_index("j")
    ij = jax.lax.axis_index(("i", "j"))
    n = jax.lax.axis_size("i") * 10 + jax.lax.axis_size(("i", "j"))
    return jnp.zeros_like(b) + i * 100 + j * 10 + ij + n * 1000


print(indices(x))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P(None, "j"), out_specs=P("j", None))
def scatter_rows(b):
    print("scatter in:", b.shape)
    r = jax.lax.psum_scatter(b, "j", scatter_dimension=0, tiled=True)
    print("scatter out:", r.shape)
    return r


print(scatter_rows(jnp.ones((8, 8))))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def scatter_untiled(b):
    r = jax.lax.psum_scatter(b.reshape(4, 2), "i", scatter_dimension=0)
    print("untiled:", r.shape)
    return r


print(scatter_untiled(x))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def transpose_blocks(b):
    t = jax.lax.all_to_all(b, "i", split_axis=1, concat_axis=0, tiled=True)
    print("all_to_all:", b.shape, "->", t.shape)
    return t


print(transpose_blocks(jnp.arange(64.0).reshape(8, 8))[:, 0])


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def ring(b):
    n = jax.lax.axis_size("i")
    fwd = jax.lax.ppermute(b, "i", [(k, (k + 1) % n) for k in range(n)])
    bwd = jax.lax.ppermute(b, "i", [(k, (k - 1) % n) for k in range(n)])
    return jnp.stack([fwd[:, 0], bwd[:, 0]], axis=1)


print(ring(x))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i", "j"), out_specs=P())
def stats(b):
    m = b.max()
    return jnp.stack([
        jax.lax.pmax(m, ("i", "j")),
        jax.lax.pmin(b.min(), ("i", "j")),
        jax.lax.pmean(b.mean(), ("i", "j")),
        jax.lax.psum(1.0, ("i", "j")),
    ])


print(stats(x))
print(jax.make_jaxpr(stats)(x).eqns[0].primitive)

try:
    jax.jit(jax.shard_map(lambda b: b, mesh=mesh, in_specs=P("i"), out_specs=P()))(x)
except Exception as e:
    print(type(e).__name__)

f_unchecked = jax.jit(jax.shard_map(lambda b: b * 2, mesh=mesh, in_specs=P("i"), out_specs=P("i"), check_vma=False))
print(f_unchecked(x)[:2])

mesh1 = jax.make_mesh((8,), ("d",), axis_types=(jax.sharding.AxisType.Auto,))


@jax.jit
@partial(jax.shard_map, mesh=mesh1, in_specs=(P(None, "d"), P("d", None)), out_specs=P())
def sharded_dot(a, w):
    return jax.lax.psum(a @ w, "d")


a = jnp.arange(32.0).reshape(2, 16)
w = jnp.arange(48.0).reshape(16, 3) / 10
print(sharded_dot(a, w), np.allclose(sharded_dot(a, w), a @ w))
