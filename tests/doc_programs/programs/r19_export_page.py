# "Exporting and serialization": jax.export.export of a jitted function, the Exported's
# fields (fun_name, in_avals, out_avals, in_tree, platforms, nr_devices, shardings), serialize /
# deserialize round trips, calling the deserialized function under jit / vmap-free code / grad
# with vjp_order, shape polymorphism with symbolic_shape, and the errors of calling with
# wrong shapes
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax import export


def f(x, y):
    return {"sum": jnp.sin(x) + y, "prod": x * y}


exp = export.export(jax.jit(f))(jax.ShapeDtypeStruct((3,), jnp.float32), jnp.float32(2.0))
print(type(exp).__name__, exp.fun_name, exp.in_avals, exp.out_avals)
print(exp.in_tree, exp.out_tree)
print(exp.platforms, exp.nr_devices, exp.calling_convention_version >= 9)
print(exp.in_shardings_hlo, exp.out_shardings_hlo)
print(exp.call(jnp.arange(3.0), 2.0))
ser = exp.serialize()
print(type(ser).__name__, len(ser) > 100)
rehydrated = export.deserialize(ser)
print(rehydrated.fun_name, rehydrated.in_avals, rehydrated.out_avals)
print(rehydrated.call(jnp.arange(3.0), 2.0)["sum"])
print(jax.jit(rehydrated.call)(jnp.ones(3), 1.0)["prod"])
try:
    rehydrated.call(jnp.ones(4), 1.0)
except Exception as e:
    print(type(e).__name__)
try:
    rehydrated.call(jnp.ones(3, jnp.int32), 1.0)
except Exception as e:
    print(type(e).__name__)
mod = exp.mlir_module()
print(re.findall(r"func.func public @main", mod), "stablehlo.sine" in mod)


def loss(w):
    return jnp.sum(jnp.tanh(w) ** 2)


exp_vjp = export.export(jax.jit(loss))(jax.ShapeDtypeStruct((4,), jnp.float32))
blob = exp_vjp.serialize(vjp_order=1)
back = export.deserialize(blob)
w = jnp.linspace(-1, 1, 4)
print(back.call(w), jax.grad(back.call)(w), jax.grad(loss)(w))
try:
    jax.grad(jax.grad(lambda w: back.call(w)))(1.0)
except Exception as e:
    print(type(e).__name__)
b, = export.symbolic_shape("b")
print(b, type(b).__name__, export.symbolic_shape("b, 2*b"), export.symbolic_shape("(a, b + 1)"))
poly = export.export(jax.jit(lambda x: jnp.concatenate([x, x[::-1]]).reshape(-1, 2).sum(axis=1)))(
    jax.ShapeDtypeStruct(export.symbolic_shape("n"), jnp.float32))
print(poly.in_avals, poly.out_avals)
print(poly.call(jnp.arange(4.0)), poly.call(jnp.arange(6.0)))
try:
    poly.call(jnp.arange(3.0).reshape(3, 1))
except Exception as e:
    print(type(e).__name__)
a, bb = export.symbolic_shape("a, b")
mm = export.export(jax.jit(lambda x, y: x @ y))(jax.ShapeDtypeStruct((a, bb), jnp.float32), jax.ShapeDtypeStruct((bb, 3), jnp.float32))
print(mm.in_avals, mm.out_avals, mm.call(jnp.ones((2, 5)), jnp.ones((5, 3))).shape)
try:
    mm.call(jnp.ones((2, 5)), jnp.ones((4, 3)))
except Exception as e:
    print(type(e).__name__)
print(export.default_export_platform(), export.minimum_supported_calling_convention_version <= export.maximum_supported_calling_convention_version)
