# Exporting and serializing: the Exported object's fields, calling exported functions inside
# other jitted code, multiple platforms, effects-free pytrees, kwargs and shardings
import numpy as np
import jax
import jax.numpy as jnp
from jax import export


def model(params, x, *, scale=1.0):
    h = jnp.maximum(x @ params["w1"] + params["b1"], 0.)
    return scale * (h @ params["w2"]), jnp.mean(h)


k1, k2 = jax.random.split(jax.random.key(0))
params = {
    "w1": jax.random.normal(k1, (3, 5)), "b1": jnp.zeros(5),
    "w2": jax.random.normal(k2, (5, 2)),
}
x = jnp.linspace(-1, 1, 12).reshape(4, 3)
exp = export.export(jax.jit(model))(params, x, scale=2.0)
print(exp.fun_name)
print(exp.in_tree)
print(exp.out_tree)
print(len(exp.in_avals), exp.in_avals[-1])
print(exp.out_avals)
print(exp.nr_devices, exp.platforms)
print(exp.ordered_effects, exp.unordered_effects)
print(exp.disabled_safety_checks)
print(type(exp.mlir_module_serialized).__name__)
out, m = exp.call(params, x, scale=2.0)
ref, mref = model(params, x, scale=2.0)
print(np.allclose(out, ref, atol=1e-5), np.allclose(m, mref))
try:
    exp.call(params, x)
except Exception as e:
    print(type(e).__name__)

# calling the exported function from other jitted code, with vmap outside
@jax.jit
def loss(params, x):
    y, _ = exp.call(params, x, scale=2.0)
    return jnp.sum(y ** 2)


print(jnp.round(loss(params, x), 3))
print(jnp.round(jax.jit(lambda p, x: exp.call(p, x, scale=2.0)[1] * 3)(params, x), 4))

# serialization round trip of a module with several outputs and dtypes
def stats(v):
    return v.min(), v.argmax(), v.astype(jnp.int8), jnp.cumsum(v)


exp_s = export.export(jax.jit(stats))(jnp.arange(5, dtype=jnp.float32))
blob = exp_s.serialize()
print(type(blob).__name__)
exp_b = export.deserialize(bytearray(blob))
print(exp_b.out_avals)
print(exp_b.call(jnp.array([3., -1., 4., 1., 5.])))

# a sharded export called on sharded inputs
mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
sx = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec("x", "y"))
exp_sh = export.export(jax.jit(lambda v: jnp.tanh(v) * 2, out_shardings=sx))(
    jax.ShapeDtypeStruct((8, 4), jnp.float32, sharding=sx))
print(exp_sh.nr_devices)
print(exp_sh.in_shardings_hlo)
print(exp_sh.out_shardings_hlo)
print(exp_sh.in_shardings_jax(mesh))
v = jax.device_put(jnp.arange(32.).reshape(8, 4) / 32, sx)
r = exp_sh.call(v)
print(r.sharding.spec, jnp.round(r[0], 4))

# multi-platform export
exp_mp = export.export(jax.jit(jnp.sin), platforms=("cpu", "cuda", "tpu"))(
    jax.ShapeDtypeStruct((3,), jnp.float32))
print(exp_mp.platforms)
print(jnp.round(exp_mp.call(jnp.array([0., 1., 2.])), 4))
exp_tpu = export.export(jax.jit(jnp.cos), platforms=("tpu",))(jnp.ones(2))
print(exp_tpu.platforms)
try:
    exp_tpu.call(jnp.ones(2))
except Exception as e:
    print(type(e).__name__)
