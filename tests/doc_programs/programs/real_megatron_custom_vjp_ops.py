# Megatron-LM's conjugate operators f and g written as custom_vjp functions inside shard_map on
# a 2x4 (data, model) mesh: f is the identity forward / psum backward, g the psum forward /
# identity backward (typed varying over "model" again with pcast), a column-then-row parallel
# MLP with them, data-parallel gradients (summed over "data" by the transpose of the implicit
# pvary of the replicated parameters), and the losses and gradients checked against the unsharded model; jax.typeof of the manual
# values shows their varying axes
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"))
print("mesh:", dict(mesh.shape))
B, D, H = 16, 8, 32
k1, k2, kx = jax.random.split(jax.random.key(0), 3)
params = {"w1": jax.random.normal(k1, (D, H)) / np.sqrt(D), "w2": jax.random.normal(k2, (H, D)) / np.sqrt(H)}
x = jax.random.normal(kx, (B, D))
y = jnp.roll(x, 1, axis=1)


@jax.custom_vjp
def f_op(x):
    return x


f_op.defvjp(lambda x: (x, None), lambda _, g: (jax.lax.psum(g, "model"),))


@jax.custom_vjp
def g_op(x):
    return jax.lax.psum(x, "model")


g_op.defvjp(lambda x: (jax.lax.psum(x, "model"), None), lambda _, g: (jax.lax.pcast(g, "model", to="varying"),))


def local_loss(params, x, y):
    h = jax.nn.gelu(f_op(x) @ params["w1"])
    out = g_op(h @ params["w2"])
    return jnp.mean((out - y) ** 2)


specs = {"w1": P(None, "model"), "w2": P("model", None)}


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(specs, P("data"), P("data")), out_specs=(P(), specs))
def parallel_step(params, x, y):
    loss, grads = jax.value_and_grad(local_loss)(params, x, y)
    # the parameters enter invariant over "data": their gradients arrive summed over it
    return jax.lax.pmean(loss, "data"), jax.tree.map(lambda g: g / jax.lax.axis_size("data"), grads)


def reference_loss(params, x, y):
    return jnp.mean((jax.nn.gelu(x @ params["w1"]) @ params["w2"] - y) ** 2)


place = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
sp = {k: place(v, specs[k]) for k, v in params.items()}
sx, sy = place(x, P("data")), place(y, P("data"))
loss, grads = parallel_step(sp, sx, sy)
ref_loss, ref_grads = jax.value_and_grad(reference_loss)(params, x, y)
print("loss:", round(float(loss), 5), "reference:", round(float(ref_loss), 5))
print("grads match:", jax.tree.map(lambda a, b: bool(jnp.allclose(a, b, atol=1e-5)), grads, ref_grads))
print("grad shardings:", {k: v.sharding.spec for k, v in grads.items()})


@partial(jax.shard_map, mesh=mesh, in_specs=(specs, P("data")), out_specs=P("data"))
def types_inside(params, x):
    h = f_op(x) @ params["w1"]
    print("x:", jax.typeof(x), "| h:", jax.typeof(h))
    out = g_op(jax.nn.gelu(h) @ params["w2"])
    print("out:", jax.typeof(out))
    return out


out = jax.jit(types_inside)(sp, sx)
print("forward matches:", bool(jnp.allclose(out, jax.nn.gelu(x @ params["w1"]) @ params["w2"], atol=1e-5)))


@jax.jit
def train(params, x, y):
    def body(p, _):
        loss, g = parallel_step(p, x, y)
        return jax.tree.map(lambda a, b: a - 0.1 * b, p, g), loss
    return jax.lax.scan(body, params, None, length=20)


sp, losses = train(sp, sx, sy)
print("losses:", jnp.round(losses[::5], 4))
print("param shardings kept:", {k: v.sharding.spec for k, v in sp.items()})
