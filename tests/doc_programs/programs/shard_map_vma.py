# jax.shard_map's varying-manual-axes types ("Manual parallelism with shard_map", the vma
# section): jax.typeof(x) and its manual_axis_type inside shard_map, lax.pcast to make values
# varying, psum of invariant vs varying values, all_gather with tiled, check_vma=False,
# axis_names for partial manual, and out_specs errors
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("i", "j"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("i"), P()), out_specs=P("i"))
def f(x, y):
    print("x:", jax.typeof(x), jax.typeof(x).manual_axis_type)
    print("y:", jax.typeof(y), jax.typeof(y).manual_axis_type)
    z = x + y
    print("z vma:", jax.typeof(z).manual_axis_type)
    return z


print(f(jnp.arange(8.), jnp.float32(1)))


@partial(jax.shard_map, mesh=mesh, in_specs=P("i", "j"), out_specs=P())
def total(block):
    s = lax.psum(block.sum(), ("i", "j"))
    print("psum vma:", jax.typeof(s))
    return s


print(total(jnp.arange(16.).reshape(4, 4)))


@partial(jax.shard_map, mesh=mesh, in_specs=P(), out_specs=P("i"))
def make_varying(c):
    v = lax.pcast(c, "i", to="varying")
    print("pcast vma:", jax.typeof(v))
    return v * (lax.axis_index("i") + 1).astype(v.dtype)


print(make_varying(jnp.ones(2)))


@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def gathered(x):
    g = lax.all_gather(x, "i", tiled=True)
    print("all_gather vma:", jax.typeof(g))
    return g


print(gathered(jnp.arange(8)))


@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P(), check_vma=False)
def unchecked(x):
    return lax.psum(x, "i")


print(unchecked(jnp.arange(8.)))
try:
    jax.shard_map(lambda x: x * 2, mesh=mesh, in_specs=P("i"), out_specs=P())(jnp.arange(8.))
except Exception as e:
    print(type(e).__name__)


@jax.jit
def partial_manual(x):
    @partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"), axis_names={"i"})
    def inner(block):
        print("inner:", jax.typeof(block))
        return block - block.mean(keepdims=True)
    return inner(x)


print(partial_manual(jnp.arange(16.).reshape(8, 2)).shape)


def grad_psum(w, x):
    @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("i")), out_specs=P())
    def loss(w, xb):
        return lax.psum(jnp.sum((xb * w) ** 2), "i")
    return loss(w, x)


print(jax.grad(grad_psum)(jnp.float32(0.5), jnp.arange(8.)))
