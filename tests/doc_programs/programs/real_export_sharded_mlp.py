# Exporting a trained model with jax.export: a jitted MLP with a symbolic batch dimension,
# serialized to bytes and deserialized, called eagerly, inside jit and under grad (vjp_order),
# with its in/out avals and shardings printed; a second export with a sharded batch on a
# 4-device mesh called on a sharded input
import jax
import jax.numpy as jnp
import numpy as np
from jax import export
from jax.sharding import NamedSharding, PartitionSpec as P

rng = np.random.default_rng(0)
params = {
    "w1": jnp.asarray(rng.normal(size=(6, 16)) / np.sqrt(6), jnp.float32),
    "b1": jnp.zeros(16, jnp.float32),
    "w2": jnp.asarray(rng.normal(size=(16, 3)) / 4, jnp.float32),
    "b2": jnp.zeros(3, jnp.float32),
}


def mlp(params, x):
    h = jax.nn.relu(x @ params["w1"] + params["b1"])
    return jax.nn.log_softmax(h @ params["w2"] + params["b2"])


(b,) = export.symbolic_shape("b")
x_spec = jax.ShapeDtypeStruct((b, 6), jnp.float32)
p_spec = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), params)
exp = export.export(jax.jit(mlp))(p_spec, x_spec)
print("in avals", exp.in_avals[-1], "out", exp.out_avals)
print("platforms", exp.platforms, "nr_devices", exp.nr_devices)
blob = exp.serialize(vjp_order=1)
print("serialized bytes", type(blob).__name__, len(blob) > 100)
restored = export.deserialize(blob)
x = jnp.asarray(rng.normal(size=(5, 6)), jnp.float32)
y = restored.call(params, x)
print("call", y.shape, bool(jnp.allclose(y, mlp(params, x), atol=1e-6)))
y7 = jax.jit(restored.call)(params, jnp.ones((7, 6)))
print("batch 7", y7.shape)
labels = jnp.array([0, 1, 2, 0, 1])


def loss(p):
    return -jnp.mean(jnp.take_along_axis(restored.call(p, x), labels[:, None], 1))


g = jax.grad(loss)(params)
g_ref = jax.grad(lambda p: -jnp.mean(jnp.take_along_axis(mlp(p, x), labels[:, None], 1)))(params)
print("grad via export matches", all(bool(jnp.allclose(g[k], g_ref[k], atol=1e-6)) for k in g))
print("grad w2 norm", round(float(jnp.linalg.norm(g["w2"])), 5))

mesh = jax.make_mesh((4,), ("d",), axis_types=(jax.sharding.AxisType.Explicit,))
in_sh = NamedSharding(mesh, P("d", None))
rep = NamedSharding(mesh, P())
f = jax.jit(mlp, in_shardings=(jax.tree.map(lambda _: rep, params), in_sh), out_shardings=in_sh)
exp2 = export.export(f)(p_spec, jax.ShapeDtypeStruct((8, 6), jnp.float32))
print("sharded export devices", exp2.nr_devices)
print("in shardings", exp2.in_shardings_hlo[-1])
xs = jax.device_put(jnp.asarray(rng.normal(size=(8, 6)), jnp.float32), in_sh)
with jax.set_mesh(mesh):
    ys = exp2.call(jax.device_put(params, rep), xs)
print("sharded call", ys.shape, ys.sharding.spec, bool(jnp.allclose(ys, mlp(params, xs), atol=1e-6)))
