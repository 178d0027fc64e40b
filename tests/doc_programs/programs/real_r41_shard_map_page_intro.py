# "Manual parallelism with shard_map" introduction: the mesh and specs of the first
# example (a blocked matmul with psum), what each shard sees, out_specs with and without the
# mesh axis (P() for replicated values; check_vma catching a varying value), psum vs
# all_gather vs psum_scatter vs all_to_all on the same data, axis_index offsets, and
# shard_map nested in jit with the global mesh from set_mesh
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
a = jnp.arange(8 * 16.0).reshape(8, 16)
b = jnp.arange(16 * 4.0).reshape(16, 4)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("x", "y"), P("y", None)), out_specs=P("x", None))
def matmul_basic(a_block, b_block):
    c_partialsum = jnp.dot(a_block, b_block)
    c_block = jax.lax.psum(c_partialsum, "y")
    return c_block


c = matmul_basic(a, b)
print(np.allclose(c, jnp.dot(a, b)), jax.typeof(c))
print(jax.typeof(a), jax.typeof(c).sharding.spec)


def show_shape(x):
    print("local", x.shape, jax.typeof(x))
    return x


jax.shard_map(show_shape, mesh=mesh, in_specs=P("x", "y"), out_specs=P("x", "y"))(a)
jax.shard_map(show_shape, mesh=mesh, in_specs=P(None, ("x", "y")), out_specs=P(None, ("x", "y")))(a)
jax.shard_map(show_shape, mesh=mesh, in_specs=P(), out_specs=P())(a[:2])

x = jnp.arange(8.0)
print(jax.shard_map(lambda v: v, mesh=mesh, in_specs=P(("x", "y")), out_specs=P(("x", "y")))(x))
print(jax.shard_map(lambda v: v * 1.0, mesh=mesh, in_specs=P("x"), out_specs=P("x"))(x))
print(jax.shard_map(lambda v: jax.lax.psum(v, "y"), mesh=mesh, in_specs=P("x"), out_specs=P("x"))(x))
try:
    jax.shard_map(lambda v: v, mesh=mesh, in_specs=P("x"), out_specs=P())(x)
except Exception as e:
    print(type(e).__name__)


def collectives(v):
    s = jax.lax.psum(v, "x")
    g = jax.lax.all_gather(v, "x", tiled=True)
    rs = jax.lax.psum_scatter(jnp.concatenate([v, v, v, v]), "x", tiled=True)
    idx = jax.lax.axis_index("x")
    return s, g, rs, v + 100 * idx


res = jax.shard_map(
    collectives, mesh=mesh, in_specs=P("x"), out_specs=(P(), P("x"), P("x"), P("x"))
)(x)
for r in res:
    print(r)

m = jnp.arange(16.0).reshape(4, 4)
t = jax.shard_map(
    lambda blk: jax.lax.all_to_all(blk, "x", split_axis=1, concat_axis=0, tiled=True),
    mesh=mesh,
    in_specs=P("x", None),
    out_specs=P(None, "x"),
)(m)
print(t, np.array_equal(t, m))

with jax.set_mesh(mesh):

    @jax.jit
    def f(v):
        w = v * 2
        out = jax.shard_map(lambda u: u - jax.lax.pmean(u, ("x", "y")), in_specs=P(("x", "y")), out_specs=P(("x", "y")))(w)
        print(jax.typeof(out))
        return out.sum(), out

    total, out = f(jnp.arange(16.0))
    print(total, out)
    print(jax.shard_map(lambda u: jax.lax.axis_size("x") * jax.lax.axis_size("y") * u, in_specs=P(), out_specs=P())(jnp.ones(2)))
    print(jax.shard_map(lambda u: jax.lax.psum(1, ("x", "y")) + 0 * u, in_specs=P("x"), out_specs=P("x"))(jnp.zeros(4)))

print(jax.jit(jax.grad(lambda a: matmul_basic(a, b).sum()))(a)[0, :4])
print(jax.vmap(lambda a: matmul_basic(a, b).sum(), in_axes=0)(jnp.stack([a, 2 * a])))
