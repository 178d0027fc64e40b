# pjit-era and utility names that JAX 0.10.2 still has: jax.experimental.pjit.pjit with
# in/out shardings, shard_alike, mesh_utils, device_put_replicated / sharded (removed),
# clear_caches, live_arrays, default_backend and friends
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.pjit import pjit
from jax.experimental.shard_alike import shard_alike
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

devices = mesh_utils.create_device_mesh((4, 2))
print(devices.shape, [d.id for d in devices.ravel()])
mesh = Mesh(devices, ("x", "y"))
print(mesh.axis_names, mesh.size, mesh.shape)
s = NamedSharding(mesh, P("x", "y"))

f = pjit(lambda a: a * 2 + 1, in_shardings=s, out_shardings=NamedSharding(mesh, P("x")))
a = jnp.arange(16.).reshape(8, 2)
out = f(a)
print(out.sharding.spec, out[:, 0])
g = pjit(lambda a, b: a @ b, in_shardings=(s, None), out_shardings=None)
print(g(a, jnp.ones((2, 3))).shape)

@jax.jit
def h(x, y):
    x = jax.lax.with_sharding_constraint(x, NamedSharding(mesh, P("y", None)))
    x2, y2 = shard_alike(x, y)
    return x2 + 1, y2 * 2
x2, y2 = h(jnp.ones((8, 2)), jnp.zeros((8, 2)))
print(x2.sharding.spec, y2.sharding.is_equivalent_to(x2.sharding, 2))

with jax.sharding.use_mesh(mesh) if hasattr(jax.sharding, "use_mesh") else jax.set_mesh(mesh):
    print(jax.sharding.get_abstract_mesh().axis_names)

for name in ("device_put_replicated", "device_put_sharded"):
    try:
        getattr(jax, name)
    except AttributeError as e:
        print("AttributeError", "jax.device_put instead" in str(e))
print(jax.default_backend(), jax.device_count(), jax.local_device_count(), jax.process_index(), jax.process_count())
print(jax.devices()[3], jax.local_devices()[0].platform, jax.devices("cpu")[0].id)
jax.clear_caches()
print(jax.jit(lambda v: v + 1)(1.))
print(type(jax.live_arrays()).__name__, all(isinstance(v, jax.Array) for v in jax.live_arrays()))
print(jax.config.jax_enable_x64, jax.numpy.zeros(2).dtype)
try:
    mesh_utils.create_hybrid_device_mesh((2, 2), (2, 1), devices=jax.devices(), process_is_granule=True)
except ValueError:
    print("ValueError: one process, one granule")
print(mesh_utils.create_device_mesh((2, 2, 2), contiguous_submeshes=False).shape)
try:
    mesh_utils.create_device_mesh((3, 3))
except ValueError as e:
    print("ValueError")
