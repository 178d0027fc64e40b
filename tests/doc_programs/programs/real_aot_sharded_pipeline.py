# Ahead-of-time compilation of a sharded inference function: jit with in_shardings /
# out_shardings on a 2x4 mesh, .trace / .lower / .compile stages, the compiled object's
# input / output shardings and argument layouts, cost / memory analyses reduced to stable facts,
# a compiled call on correctly placed inputs, the errors for wrong shapes and dtypes, and the
# lowered module's sharding annotations found in its text
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
B, D, H = 16, 32, 64
x_sh = NamedSharding(mesh, P("batch", None))
w1_sh = NamedSharding(mesh, P(None, "model"))
w2_sh = NamedSharding(mesh, P("model", None))
out_sh = NamedSharding(mesh, P("batch", None))


def mlp(x, w1, w2):
    return jnp.tanh(x @ w1) @ w2


jitted = jax.jit(mlp, in_shardings=(x_sh, w1_sh, w2_sh), out_shardings=out_sh)
specs = (jax.ShapeDtypeStruct((B, D), jnp.float32, sharding=x_sh),
         jax.ShapeDtypeStruct((D, H), jnp.float32, sharding=w1_sh),
         jax.ShapeDtypeStruct((H, D), jnp.float32, sharding=w2_sh))
traced = jitted.trace(*specs)
print("traced jaxpr outputs:", traced.jaxpr.out_avals)
lowered = traced.lower()
text = lowered.as_text()
print("module has sdy shardings:", "sdy.sharding" in text, "| mesh declared:", "sdy.mesh" in text)
print("lowered in_tree:", lowered.in_tree)
compiled = lowered.compile()
print("compiled input shardings:", [s.spec for s in compiled.input_shardings[0]])
print("compiled output sharding:", compiled.output_shardings.spec)
cost = compiled.cost_analysis()
print("cost analysis is a dict:", isinstance(cost, dict), "| has flops:", "flops" in cost, "| flops > 0:", cost.get("flops", 0) > 0)
mem = compiled.memory_analysis()
print("memory analysis fields:", all(hasattr(mem, f) for f in ("argument_size_in_bytes", "output_size_in_bytes", "temp_size_in_bytes")))
print("argument bytes per device:", mem.argument_size_in_bytes)
print("output bytes per device:", mem.output_size_in_bytes)

k1, k2, kx = jax.random.split(jax.random.key(3), 3)
x = jax.device_put(jax.random.normal(kx, (B, D)), x_sh)
w1 = jax.device_put(jax.random.normal(k1, (D, H)) / np.sqrt(D), w1_sh)
w2 = jax.device_put(jax.random.normal(k2, (H, D)) / np.sqrt(H), w2_sh)
out = compiled(x, w1, w2)
print("output:", out.shape, out.sharding.spec, "matches jit:", bool(jnp.allclose(out, mlp(x, w1, w2), atol=1e-5)))
print("output shard shape:", out.addressable_shards[0].data.shape, "devices:", len(out.sharding.device_set))

for name, args in (
    ("wrong shape", (jnp.zeros((B, D + 1)), w1, w2)),
    ("wrong dtype", (jnp.zeros((B, D), jnp.int32), w1, w2)),
    ("too few args", (x, w1)),
):
    try:
        compiled(*args)
    except (TypeError, ValueError) as e:
        print(f"{name}: {type(e).__name__}")

twice = jax.jit(lambda x: mlp(mlp(x, w1, w2), w1, w2), out_shardings=NamedSharding(mesh, P()))
c2 = twice.lower(x).compile()
print("replicated output:", c2.output_shardings.spec, "result:", c2(x).sharding.is_fully_replicated)
print("same executable reused:", jitted.lower(*specs).compile().as_text() == compiled.as_text())
