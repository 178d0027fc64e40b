# jax.experimental modules still in JAX 0.10.2: ode.odeint with its gradients, mesh_utils
# device meshes, multihost_utils on one process, jet, checkify, shard_alike, compute_on,
# the legacy pjit and shard_map entry points
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import checkify, mesh_utils, multihost_utils
from jax.experimental.jet import jet
from jax.experimental.ode import odeint


def decay(y, t, k):
    return -k * y


ts = jnp.linspace(0.0, 1.0, 5)
ys = odeint(decay, 1.0, ts, 2.0)
print(jnp.round(ys, 5), jnp.round(jnp.exp(-2.0 * ts), 5))
print(jnp.round(jax.grad(lambda k: odeint(decay, 1.0, ts, k)[-1])(2.0), 4), jnp.round(-jnp.exp(-2.0), 4))
ys2 = odeint(lambda y, t: jnp.stack([y[1], -y[0]]), jnp.array([1.0, 0.0]), ts, rtol=1e-8, atol=1e-8)
print(jnp.round(ys2[:, 0], 5))

devs = mesh_utils.create_device_mesh((2, 4))
print(devs.shape, [d.id for d in devs.flat])
print(mesh_utils.create_device_mesh((8,)).shape)
print(multihost_utils.process_allgather(jnp.arange(3)))
print(multihost_utils.broadcast_one_to_all(jnp.ones(2)))
multihost_utils.sync_global_devices("barrier")
print("synced")

primals, series = jet(jnp.sin, (0.5,), ((1.0, 0.0, 0.0),))
print(jnp.round(primals, 5), [round(float(s), 5) for s in series])


def checked(x):
    checkify.check(x > 0, "x must be positive, got {}", x)
    return jnp.log(x)


err, out = checkify.checkify(checked)(-1.0)
print(err.get(), out)
err, out = jax.jit(checkify.checkify(lambda x: x[5], errors=checkify.index_checks))(jnp.arange(3))
print(err.get())

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from jax.experimental.shard_map import shard_map
    from jax.experimental.pjit import pjit

mesh = jax.make_mesh((8,), ("i",), axis_types=(jax.sharding.AxisType.Auto,))
P = jax.sharding.PartitionSpec
out = shard_map(lambda x: x * jax.lax.axis_index("i"), mesh=mesh, in_specs=P("i"), out_specs=P("i"))(jnp.ones(8))
print(out)
print(pjit(lambda x: x + 1)(jnp.arange(3)))
from jax.experimental.shard_alike import shard_alike

a, b = jax.jit(lambda a, b: shard_alike(a, b))(jnp.ones(8), jnp.zeros(8))
print(a.sum(), b.sum())
from jax.experimental import checkify as _c
print(_c is checkify)
