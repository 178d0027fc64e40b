# "Manual parallelism with shard_map": the block-wise matmul with psum, out_specs choices,
# in_specs of None (replicated) and of pytrees, a shard_map'd function's eager and jitted
# results and shardings, all_gather / psum_scatter / ppermute / axis_index / all_to_all, an
# FSDP-like step that gathers weights, and shard_map under grad
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
a = jnp.arange(8 * 16.0).reshape(8, 16)
b = jnp.arange(16 * 4.0).reshape(16, 4)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("x", "y"), P("y", None)), out_specs=P("x", None))
def matmul_basic(a_block, b_block):
    print(a_block.shape, b_block.shape)
    c_partialsum = jnp.dot(a_block, b_block)
    c_block = jax.lax.psum(c_partialsum, "y")
    print(c_block.shape)
    return c_block


a_s = jax.device_put(a, NamedSharding(mesh, P("x", "y")))
b_s = jax.device_put(b, NamedSharding(mesh, P("y", None)))
c = matmul_basic(a_s, b_s)
print(jnp.allclose(c, jnp.dot(a, b)), c.sharding.spec, jax.typeof(c))


@partial(jax.shard_map, mesh=mesh, in_specs=(P("x", "y"), P("y", None)), out_specs=P("x", "y"))
def matmul_reduce_scatter(a_block, b_block):
    c_partialsum = jnp.matmul(a_block, b_block)
    c_block = jax.lax.psum_scatter(c_partialsum, "y", scatter_dimension=1, tiled=True)
    return c_block


c2 = matmul_reduce_scatter(a_s, b_s)
print(jnp.allclose(c2, jnp.dot(a, b)), c2.shape, c2.sharding.spec)

x = jnp.arange(8.0)
x_s = jax.device_put(x, NamedSharding(mesh, P(("x", "y"))))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P(("x", "y")), out_specs=P(("x", "y")))
def collectives(xb):
    idx = jax.lax.axis_index(("x", "y"))
    g = jax.lax.all_gather(xb, ("x", "y"), tiled=True)
    s = jax.lax.psum(xb, ("x", "y"))
    m = jax.lax.pmax(xb, "x")
    shifted = jax.lax.ppermute(xb, "y", perm=[(0, 1), (1, 0)])
    return xb + 100 * idx + g.sum() + s + m + shifted


print(collectives(x_s))


@partial(jax.shard_map, mesh=mesh, in_specs=P("x", None), out_specs=P("x", None))
def a2a(block):
    return jax.lax.all_to_all(block, "x", split_axis=1, concat_axis=0, tiled=True)


blk = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("x", None)))
out = a2a(blk)
print(out.shape, np.asarray(out)[:4, 0], out.sharding.spec)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x"))
def add_bias(bias, xb):
    return xb + bias


print(add_bias(jnp.float32(10), jax.device_put(jnp.arange(4.0), NamedSharding(mesh, P("x")))))


@partial(jax.shard_map, mesh=mesh, in_specs=({"w": P(None, "y"), "b": P("y")}, P("x", None)), out_specs=P("x", "y"))
def dense(params, xb):
    return xb @ params["w"] + params["b"]


params = {"w": jnp.ones((16, 4)), "b": jnp.arange(4.0)}
params_s = jax.device_put(params, {"w": NamedSharding(mesh, P(None, "y")), "b": NamedSharding(mesh, P("y"))})
print(dense(params_s, a_s.reshape(8, 16) if False else jax.device_put(a, NamedSharding(mesh, P("x", None))))[:, 0])


def fsdp_loss(w, xb):
    @partial(jax.shard_map, mesh=mesh, in_specs=(P("x"), P("y")), out_specs=P())
    def inner(w_shard, x_shard):
        w_full = jax.lax.all_gather(w_shard, "x", tiled=True)
        return jax.lax.psum(jnp.sum(jnp.tanh(x_shard[:, None] * w_full[None, :])), "y")

    return inner(w, xb)


w = jax.device_put(jnp.linspace(-1, 1, 8), NamedSharding(mesh, P("x")))
xb = jax.device_put(jnp.linspace(0, 2, 6), NamedSharding(mesh, P("y")))
val, gw = jax.value_and_grad(fsdp_loss)(w, xb)
print(val, gw.shape, gw.sharding.spec)
ref = jax.grad(lambda w, x: jnp.sum(jnp.tanh(x[:, None] * w[None, :])))(jnp.linspace(-1, 1, 8), jnp.linspace(0, 2, 6))
print(jnp.allclose(gw, ref, atol=1e-5))
try:
    jax.shard_map(lambda b: b, mesh=mesh, in_specs=P("x"), out_specs=P("x"))(jnp.arange(6.0))
except Exception as e:
    print(type(e).__name__)
