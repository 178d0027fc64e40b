# Exporting sharded computations and AOT analyses: jax.export of a jit with in_shardings /
# out_shardings on a 4x2 mesh (nr_devices, in_shardings_hlo), calling the Exported on
# sharded arguments, serialize round trip, lowering with ShapeDtypeStructs carrying
# shardings, compiled input / output shardings, and cost_analysis flops of a matmul
import jax
import jax.numpy as jnp
import numpy as np
from jax import export
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
in_sh = NamedSharding(mesh, P("x", None))
out_sh = NamedSharding(mesh, P(None, "y"))


def f(a, b):
    return jnp.tanh(a @ b)


fj = jax.jit(f, in_shardings=(in_sh, NamedSharding(mesh, P())), out_shardings=out_sh)
a = jnp.arange(8 * 4.0).reshape(8, 4) / 32
b = jnp.ones((4, 6)) / 4
exp = export.export(fj)(a, b)
print(exp.nr_devices, exp.in_avals, exp.out_avals)
print(exp.in_shardings_hlo)
print(exp.out_shardings_hlo)
ser = exp.serialize()
back = export.deserialize(ser)
print(back.nr_devices)
res = back.call(jax.device_put(a, in_sh), jax.device_put(b, NamedSharding(mesh, P())))
print(res.shape, np.allclose(res, f(a, b)), res.sharding.spec)
print(jax.jit(back.call, out_shardings=out_sh)(a, b).sharding.spec)

sds_a = jax.ShapeDtypeStruct((8, 4), jnp.float32, sharding=in_sh)
sds_b = jax.ShapeDtypeStruct((4, 6), jnp.float32, sharding=NamedSharding(mesh, P()))
lowered = jax.jit(f).lower(sds_a, sds_b)
compiled = lowered.compile()
print(compiled.input_shardings[0][0].spec, compiled.input_shardings[0][1].spec)
print(compiled.output_shardings.spec)
print(np.allclose(compiled(jax.device_put(a, in_sh), jax.device_put(b, NamedSharding(mesh, P()))), f(a, b)))

mm = jax.jit(lambda x, y: x @ y).lower(jnp.ones((16, 32)), jnp.ones((32, 8))).compile()
ca = mm.cost_analysis()
print(ca["flops"])
add = jax.jit(lambda x: x + 1.0).lower(jnp.ones(100)).compile()
print(add.cost_analysis()["flops"])
print(jax.jit(lambda x: x.sum()).lower(jnp.ones((10, 10))).compile().cost_analysis()["flops"])
mem = mm.memory_analysis()
print(mem.argument_size_in_bytes, mem.output_size_in_bytes)
print(jax.jit(lambda x: jnp.sin(x) ** 2).lower(jax.ShapeDtypeStruct((3, 5), jnp.float16)).out_info)
