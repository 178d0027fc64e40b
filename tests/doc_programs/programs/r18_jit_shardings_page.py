# Distributed arrays and automatic parallelization: jit with in_shardings / out_shardings,
# NamedSharding and PartitionSpec on an Auto mesh, with_sharding_constraint inside jit, what XLA
# chooses for outputs, donation of sharded arguments, pytrees of shardings, device_put of
# pytrees, jax.lax.with_sharding_constraint on intermediates, and sharding mismatch errors
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
s_xy = NamedSharding(mesh, P("x", "y"))
s_x = NamedSharding(mesh, P("x"))
rep = NamedSharding(mesh, P())
a = jnp.arange(64.0).reshape(8, 8)
b = jax.device_put(a, s_xy)
print(b.sharding.spec, [s.data.shape for s in b.addressable_shards][:2])


@jax.jit
def f(m):
    return jnp.sin(m) + 1


print(f(b).sharding.spec, np.allclose(f(b), jnp.sin(a) + 1))
g = jax.jit(lambda m: m @ m.T, in_shardings=s_x, out_shardings=rep)
out = g(a)
print(out.sharding.spec, out.sharding.is_fully_replicated, np.allclose(out, a @ a.T))
h = jax.jit(lambda m: m.sum(axis=0), out_shardings=NamedSharding(mesh, P("y")))
print(h(b).sharding.spec, h(b))


@jax.jit
def constrained(m):
    y = m * 2
    y = jax.lax.with_sharding_constraint(y, NamedSharding(mesh, P(None, "x")))
    return y + 1


r = constrained(b)
print(r.sharding.spec, np.allclose(r, a * 2 + 1))
tree_sh = {"w": s_xy, "b": rep}
params = jax.device_put({"w": a, "b": jnp.ones(8)}, tree_sh)
print(jax.tree.map(lambda v: v.sharding.spec, params))
step = jax.jit(lambda p: jax.tree.map(lambda v: v * 0.5, p), in_shardings=(tree_sh,), out_shardings=tree_sh, donate_argnums=0)
new = step(params)
print(jax.tree.map(lambda v: v.sharding.spec, new), params["w"].is_deleted())
print(jax.jit(lambda v: v, out_shardings=s_x)(jnp.arange(8)).sharding.spec)
try:
    jax.jit(lambda v: v, in_shardings=(s_x, s_x))(a)
except Exception as e:
    print(type(e).__name__)
print(jax.jit(lambda v: jnp.dot(v, v), in_shardings=NamedSharding(mesh, P(("x", "y"))))(jnp.arange(8.0)))
print(s_xy.shard_shape((8, 8)), s_xy.num_devices, s_xy.is_fully_addressable, s_xy.addressable_devices == set(jax.devices()))
print(len(s_xy.devices_indices_map((8, 8))), s_xy.devices_indices_map((8, 8))[jax.devices()[3]])
print(s_x.with_memory_kind("device").memory_kind, rep.is_fully_replicated, s_xy == NamedSharding(mesh, P("x", "y")))
