# "Host offloading" / memories page: memory kinds of a device, NamedShardings with
# memory_kind='device' / 'pinned_host' / 'unpinned_host', device_put between memories, jit with
# out_shardings in host memory, activation offloading with save_and_offload_only_these_names,
# parameter offloading (params kept on the host, moved to the device inside jit), optimizer
# state offloading with compute_on('device_host'), and jax.memory.Space
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.ad_checkpoint import checkpoint_name
from jax.experimental.compute_on import compute_on
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

dev = jax.devices()[0]
print([m.kind for m in dev.addressable_memories()], dev.default_memory().kind)
print(dev.memory("pinned_host").kind, dev.memory("device").kind)

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
shape = (16, 8)
np_inp = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
s_dev = NamedSharding(mesh, P("x", "y"), memory_kind="device")
s_host = NamedSharding(mesh, P("x", "y"), memory_kind="pinned_host")
print(s_dev.memory_kind, s_host.memory_kind, s_host)
inp_dev = jax.device_put(np_inp, s_dev)
inp_host = jax.device_put(np_inp, s_host)
print(inp_dev.sharding.memory_kind, inp_host.sharding.memory_kind)
print(inp_host.sharding == s_host, inp_host.sharding == s_dev)
print(np.array_equal(np.asarray(inp_host), np_inp))

# Move between memories with device_put and with_memory_kind
back = jax.device_put(inp_host, s_host.with_memory_kind("device"))
print(back.sharding.memory_kind, back.sharding.spec, float(back.sum()))
unpinned = jax.device_put(inp_dev, s_dev.with_memory_kind("unpinned_host"))
print(unpinned.sharding.memory_kind)


# jit with output in host memory
@partial(jax.jit, out_shardings=s_host)
def f(x):
    return x * 2


out_host = f(inp_dev)
print("out_host.sharding.memory_kind =", out_host.sharding.memory_kind)
print(np.asarray(out_host)[0, :4])


@partial(jax.jit, out_shardings=(s_dev, s_host))
def g(x):
    return x + 1, x - 1


a, b = g(inp_dev)
print(a.sharding.memory_kind, b.sharding.memory_kind, a[1, 0], np.asarray(b)[1, 0])


# Activation offloading
def layer(x, w):
    w1, w2 = w
    x = checkpoint_name(x, "x")
    y = x @ w1
    return y @ w2, None


def scan_function(x, w):
    x, _ = jax.lax.scan(layer, x, w)
    return x


policy = jax.checkpoint_policies.save_and_offload_only_these_names(
    names_which_can_be_saved=[],
    names_which_can_be_offloaded=["x"],
    offload_src="device",
    offload_dst="pinned_host",
)


@jax.jit
def loss(x, w):
    return jnp.sum(jax.checkpoint(scan_function, policy=policy)(x, w))


rng = np.random.default_rng(0)
x = jnp.asarray(rng.normal(size=(4, 8)), dtype=jnp.float32)
w = (
    jnp.asarray(rng.normal(size=(3, 8, 8)) * 0.3, dtype=jnp.float32),
    jnp.asarray(rng.normal(size=(3, 8, 8)) * 0.3, dtype=jnp.float32),
)
value, grads = jax.value_and_grad(loss, argnums=1)(x, w)
print(value)
print(grads[0][0, 0], grads[1].shape)

# Parameter offloading: parameters live in host memory, moved to the device inside jit
params = {"w1": w[0][0], "w2": w[1][0]}
rep_dev = NamedSharding(mesh, P(), memory_kind="device")
rep_host = NamedSharding(mesh, P(), memory_kind="pinned_host")
params_host = jax.device_put(params, rep_host)
print(jax.tree.map(lambda p: p.sharding.memory_kind, params_host))


@jax.jit
def apply(params, x):
    params = jax.device_put(params, rep_dev)
    return jnp.tanh(x @ params["w1"]) @ params["w2"]


print(apply(params_host, x)[0])


# Optimizer state offloading: the update runs on the host with compute_on
@compute_on("device_host")
@jax.jit
def host_update(m, g):
    return 0.9 * m + 0.1 * g


@jax.jit
def train_step(p, m, x):
    g = jax.grad(lambda p: jnp.sum(jnp.tanh(x @ p) ** 2))(p)
    m = host_update(m, g)
    return p - 0.1 * m, m


p = w[0][0]
m = jnp.zeros_like(p)
for _ in range(3):
    p, m = train_step(p, m, x)
print(p[0, :3], m[0, :3])
print(jax.memory.Space.Host, jax.memory.Space.Device)
