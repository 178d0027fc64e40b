# "Introduction to parallel programming": one layer three ways: automatic parallelism (jit
# with input shardings), explicit sharding (typed shardings, reshard), and manual shard_map
# with psum; shardings printed along the way
from functools import partial
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType

mesh = jax.make_mesh((4, 2), ("X", "Y"), axis_types=(AxisType.Auto, AxisType.Auto))
x = jnp.arange(32.0).reshape(8, 4)
w = jnp.arange(8.0).reshape(4, 2) / 10
b = jnp.ones(2)


def layer(x, w, b):
    return jnp.tanh(jnp.dot(x, w) + b)


xs = jax.device_put(x, NamedSharding(mesh, P("X", "Y")))
ws = jax.device_put(w, NamedSharding(mesh, P("Y", None)))
bs = jax.device_put(b, NamedSharding(mesh, P()))
out = jax.jit(layer)(xs, ws, bs)
print("auto", out.sharding.spec, jnp.round(out[:2], 4))


@jax.jit
def constrained(x, w, b):
    y = jnp.dot(x, w)
    y = jax.lax.with_sharding_constraint(y, NamedSharding(mesh, P("X", None)))
    return jnp.tanh(y + b)


print("constraint", constrained(xs, ws, bs).sharding.spec)

emesh = jax.make_mesh((4, 2), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
xe = jax.device_put(x, NamedSharding(emesh, P("X", None)))
we = jax.device_put(w, NamedSharding(emesh, P(None, "Y")))
be = jax.device_put(b, NamedSharding(emesh, P("Y")))


@jax.jit
def explicit_layer(x, w, b):
    y = jnp.dot(x, w)
    print("explicit y type", jax.typeof(y))
    return jnp.tanh(y + b)


oe = explicit_layer(xe, we, be)
print("explicit", oe.sharding.spec, np.allclose(oe, out))
rs = jax.jit(lambda a: jax.sharding.reshard(a, P(None, "Y")))(xe)
print("reshard", rs.sharding.spec)


@partial(jax.shard_map, mesh=mesh, in_specs=(P("X", "Y"), P("Y", None), P()), out_specs=P("X", None))
def manual_layer(x_block, w_block, b):
    partial_sum = jnp.dot(x_block, w_block)
    return jnp.tanh(jax.lax.psum(partial_sum, "Y") + b)


om = jax.jit(manual_layer)(xs, ws, bs)
print("manual", om.shape, om.sharding.spec, jnp.allclose(om, out))


@partial(jax.shard_map, mesh=mesh, in_specs=P("X", "Y"), out_specs=P())
def global_sum(block):
    return jax.lax.psum(block.sum(), ("X", "Y"))


print("psum", global_sum(xs), x.sum())
print(jax.jit(layer).lower(xs, ws, bs).compile().output_shardings.spec)
