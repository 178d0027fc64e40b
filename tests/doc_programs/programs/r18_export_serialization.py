# jax.export serialization: export / serialize / deserialize round trips, the Exported's fields
# (fun_name, in_avals, out_avals, in / out shardings, nr_devices, platforms, calling convention
# version), vjp_order for serialized gradients, pytree args and kwargs, symbolic shapes
# serialized, exported functions called from jit, and the errors of mismatched calls
import jax
import jax.numpy as jnp
import numpy as np
from jax import export


def f(x, y):
    return jnp.sin(x) * y + jnp.cos(y).sum()


exp = export.export(jax.jit(f))(jnp.ones((3,)), jnp.ones((3,)))
print(exp.fun_name, exp.in_avals, exp.out_avals)
print(exp.in_tree, exp.out_tree, exp.nr_devices, exp.platforms)
print(exp.in_shardings_hlo, exp.out_shardings_hlo)
print(type(exp.calling_convention_version), exp.calling_convention_version >= 9)
blob = exp.serialize()
print(type(blob).__name__, len(blob) > 100)
back = export.deserialize(blob)
print(back.fun_name, back.in_avals, back.out_avals, back.in_tree)
x = jnp.arange(3.0)
print(back.call(x, x + 1), f(x, x + 1))
print(jax.jit(back.call)(x, x), jax.jit(lambda a: back.call(a, a) * 2)(x))

exp_g = export.export(jax.jit(f))(jnp.ones((3,)), jnp.ones((3,)))
blob1 = exp_g.serialize(vjp_order=1)
g = export.deserialize(blob1)
print(jax.grad(lambda a: g.call(a, x).sum())(x))
print(jax.grad(lambda a: f(a, x).sum())(x))
try:
    jax.grad(lambda a: back.call(a, x).sum())(x)
except Exception as e:
    print(type(e).__name__)


def tree_fn(params, *, scale):
    return {"out": params["w"] @ params["b"] * scale, "n": params["b"].shape[0]}


exp_t = export.export(jax.jit(tree_fn, static_argnames=()))(
    {"w": jnp.ones((2, 3)), "b": jnp.ones(3)}, scale=jnp.float32(2.0)
) if False else None
exp_t = export.export(jax.jit(lambda p, s: {"out": p["w"] @ p["b"] * s}))(
    {"w": jnp.ones((2, 3)), "b": jnp.ones(3)}, jnp.float32(2.0))
print(exp_t.in_tree)
print(exp_t.out_tree)
rt = export.deserialize(exp_t.serialize())
print(rt.call({"w": jnp.ones((2, 3)), "b": jnp.arange(3.0)}, jnp.float32(3.0)))

b, = export.symbolic_shape("b")
exp_s = export.export(jax.jit(lambda v: jnp.sum(v * 2, axis=0)))(jax.ShapeDtypeStruct((b, 4), jnp.float32))
print(exp_s.in_avals, exp_s.out_avals)
sb = export.deserialize(exp_s.serialize())
print(sb.in_avals)
for n in (1, 3, 7):
    print(n, sb.call(jnp.ones((n, 4))))
try:
    sb.call(jnp.ones((3, 5)))
except Exception as e:
    print(type(e).__name__)
try:
    back.call(jnp.ones((4,)), jnp.ones((4,)))
except Exception as e:
    print(type(e).__name__)
try:
    back.call(jnp.ones((3,), jnp.int32), jnp.ones((3,)))
except Exception as e:
    print(type(e).__name__)

mesh = jax.make_mesh((8,), ("d",), axis_types=(jax.sharding.AxisType.Explicit,))
sh = jax.sharding.NamedSharding(mesh, jax.P("d"))
exp_sh = export.export(jax.jit(lambda v: v * 2, in_shardings=sh, out_shardings=sh))(
    jax.ShapeDtypeStruct((16,), jnp.float32, sharding=sh))
print(exp_sh.nr_devices, exp_sh.in_shardings_hlo, exp_sh.out_shardings_hlo)
ds = export.deserialize(exp_sh.serialize())
print(ds.nr_devices, ds.call(jax.device_put(jnp.arange(16.0), sh)))
print(export.default_export_platform(), export.minimum_supported_calling_convention_version <= export.maximum_supported_calling_convention_version)
print(np.asarray(bytearray(blob)[:0]).shape)
