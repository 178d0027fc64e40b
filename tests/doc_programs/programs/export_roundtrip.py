# jax.export ("Exporting and serializing staged-out computations"): export a jitted function,
# inspect the Exported (avals, trees, platforms, shardings, calling convention), serialize and
# deserialize it, then call the rehydrated function eagerly, under jit, grad (vjp_order) and
# vmap, with pytrees and several outputs
import numpy as np
import jax
import jax.numpy as jnp
from jax import export


def f(x, params):
    h = jnp.tanh(x @ params["w"] + params["b"])
    return {"out": h.sum(axis=-1), "norm": jnp.linalg.norm(h)}


x = jnp.arange(12., dtype=jnp.float32).reshape(3, 4) / 10
params = {"w": jnp.ones((4, 2), jnp.float32) * 0.5, "b": jnp.array([0.1, -0.1], jnp.float32)}
exp = export.export(jax.jit(f))(x, params)
print(type(exp).__name__, exp.fun_name)
print(exp.in_avals)
print(exp.out_avals)
print(exp.in_tree)
print(exp.out_tree)
print(exp.platforms, exp.nr_devices)
print(exp.calling_convention_version >= export.minimum_supported_calling_convention_version)
print(len(exp.in_shardings_hlo), exp.in_shardings_hlo[0])
print("module @jit_f" in exp.mlir_module())
out = exp.call(x, params)
print(jax.tree.map(lambda a: jnp.round(a, 4), out))
ser = exp.serialize()
print(type(ser).__name__, len(ser) > 100)
rehydrated = export.deserialize(ser)
print(rehydrated.fun_name, rehydrated.in_avals == exp.in_avals, rehydrated.out_tree == exp.out_tree)
print(jnp.round(rehydrated.call(x, params)["norm"], 4))
print(jnp.round(jax.jit(rehydrated.call)(x, params)["out"], 4))
try:
    rehydrated.call(jnp.ones((2, 4)), params)
except Exception as e:
    print(type(e).__name__)

# differentiable export: vjp_order
g = lambda w: jnp.sum(jnp.sin(w) ** 2)
w = jnp.array([0.3, 1.2, -0.7], jnp.float32)
exp_g = export.export(jax.jit(g))(w)
ser1 = exp_g.serialize(vjp_order=1)
exp_g1 = export.deserialize(ser1)
print(jnp.round(exp_g1.call(w), 5), jnp.round(jax.grad(exp_g1.call)(w), 5))
print(jnp.round(jax.grad(g)(w), 5))
try:
    jax.grad(export.deserialize(exp_g.serialize()).call)(w)
except Exception as e:
    print(type(e).__name__)

# exporting with ShapeDtypeStruct arguments and a static argument
def scaled(x, scale):
    return x * scale


exp_s = export.export(jax.jit(scaled, static_argnums=1))(jax.ShapeDtypeStruct((2,), jnp.int32), 3)
print(exp_s.in_avals, exp_s.call(jnp.array([1, 2], jnp.int32)))
print(export.default_export_platform())
mesh = jax.make_mesh((2,), ("a",))
s = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec("a"))
exp_sh = export.export(jax.jit(lambda v: v * 2, in_shardings=s, out_shardings=s))(
    jax.ShapeDtypeStruct((4,), jnp.float32))
print(exp_sh.nr_devices, exp_sh.in_shardings_hlo, exp_sh.out_shardings_hlo)
print(exp_sh.call(jax.device_put(jnp.arange(4.), s)))
