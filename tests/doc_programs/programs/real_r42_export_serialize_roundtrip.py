# jax.export: export a jitted function, inspect in_avals / out_avals / platforms / fun_name /
# in_tree / nr_devices, serialize to bytes, deserialize and call (also under jit and vmap by a
# symbolic batch), vjp_order for grads of the deserialized function, pytree arguments
import jax
import jax.numpy as jnp
import numpy as np
from jax import export


def model(params, x):
    h = jnp.tanh(x @ params["w"] + params["b"])
    return {"out": h.sum(axis=-1), "h": h}


params = {"w": jnp.ones((3, 2)) * 0.5, "b": jnp.array([0.1, -0.1])}
x = jnp.arange(12.0).reshape(4, 3) / 10
exp = export.export(jax.jit(model))(params, x)
print(exp.fun_name, exp.platforms, exp.nr_devices)
print(exp.in_avals)
print(exp.out_avals)
print(exp.in_tree)
print(exp.out_tree)
print(type(exp.mlir_module()).__name__, "func.func public @main" in exp.mlir_module())
blob = exp.serialize()
print(type(blob).__name__)
rt = export.deserialize(blob)
print(rt.in_avals == exp.in_avals, rt.fun_name)
out = rt.call(params, x)
print(jax.tree.map(lambda a: a.shape, out), jnp.allclose(out["out"], model(params, x)["out"]))
print(jax.jit(rt.call)(params, x)["out"])

exp_g = export.export(jax.jit(lambda p, x: model(p, x)["out"].sum()))(params, x)
rt_g = export.deserialize(exp_g.serialize(vjp_order=1))
print(jax.grad(rt_g.call)(params, x))
try:
    jax.grad(export.deserialize(exp_g.serialize()).call)(params, x)
except ValueError as e:
    print("ValueError")

b, = export.symbolic_shape("b")
poly = export.export(jax.jit(model))(params, jax.ShapeDtypeStruct((b, 3), jnp.float32))
print(poly.in_avals[2], poly.out_avals)
rp = export.deserialize(poly.serialize())
for n in (1, 5):
    print(rp.call(params, jnp.ones((n, 3)))["out"])
try:
    rp.call(params, jnp.ones((2, 4)))
except ValueError as e:
    print("ValueError")
print(np.asarray(rt.call(params, np.ones((4, 3), np.float32))["h"]).dtype)
print(export.minimum_supported_calling_convention_version <= exp.calling_convention_version <= export.maximum_supported_calling_convention_version)
print(exp.module_kept_var_idx, exp.uses_global_constants)
