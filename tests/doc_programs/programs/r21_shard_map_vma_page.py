# "Manual parallelism with shard_map" on varying-manual-axes: jax.typeof of values inside the
# body (the vma set), pcast to varying, psum of an invariant value, a replicated out_spec of a
# varying value rejected, check_vma=False, all_gather with tiled and axis, psum_scatter with
# tiled, ppermute shifts on one axis of a 2D mesh, all_to_all splitting and concatenating, and
# axis_index over two axes
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
put = lambda x, spec: jax.device_put(x, jax.sharding.NamedSharding(mesh, spec))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("i", "j"), P()), out_specs=P("i", "j"))
def body(x, y):
    print("x", jax.typeof(x))
    print("y", jax.typeof(y))
    z = x + y
    print("z", jax.typeof(z))
    s = jax.lax.psum(x, "j")
    print("s", jax.typeof(s))
    yv = jax.lax.pcast(y, ("i",), to="varying")
    print("yv", jax.typeof(yv))
    return z + s


x = jnp.arange(32.0).reshape(4, 8)
print(body(put(x, P("i", "j")), put(jnp.ones((2, 2)), P())))

try:
    jax.shard_map(lambda x: x * 2, mesh=mesh, in_specs=P("i"), out_specs=P())(
        put(jnp.arange(8.0), P("i"))
    )
except Exception as e:
    print(type(e).__name__)
print(
    jax.shard_map(lambda x: x * 2, mesh=mesh, in_specs=P("i"), out_specs=P(), check_vma=False)(
        put(jnp.arange(8.0), P("i"))
    )
)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("j"), out_specs=P("j"))
def gathers(x):
    g = jax.lax.all_gather(x, "j")
    t = jax.lax.all_gather(x, "j", tiled=True)
    return g.sum(0) + t[: x.shape[0]]


print(gathers(put(jnp.arange(8.0), P("j"))))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P(None, "j"), out_specs=P("j"))
def scatter(x):
    return jax.lax.psum_scatter(x.sum(1), "j", tiled=True)


print(scatter(put(jnp.arange(64.0).reshape(8, 8), P(None, "j"))))


@partial(jax.shard_map, mesh=mesh, in_specs=P(("i", "j")), out_specs=P(("i", "j")))
def shift(x):
    n = jax.lax.axis_size("j")
    return jax.lax.ppermute(x, "j", [(k, (k + 1) % n) for k in range(n)])


print(shift(put(jnp.arange(8.0), P(("i", "j")))))


@partial(jax.shard_map, mesh=mesh, in_specs=P("j", None), out_specs=P(None, "j"))
def a2a(x):
    return jax.lax.all_to_all(x, "j", split_axis=1, concat_axis=0, tiled=True)


print(a2a(put(jnp.arange(32.0).reshape(8, 4), P("j", None))))


@partial(jax.shard_map, mesh=mesh, in_specs=(), out_specs=P(("i", "j")))
def idx():
    return jnp.array([jax.lax.axis_index("i") * 10 + jax.lax.axis_index("j")])


print(idx(), idx().sharding.spec)


@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def pmax_min(x):
    return jnp.stack([jax.lax.pmax(x, "i"), jax.lax.pmin(x, "i"), jax.lax.pmean(x, "i")]).reshape(
        -1
    )


print(pmax_min(put(jnp.arange(4.0), P("i"))))
