# jax.experimental.serialize_executable (serialize a compiled executable, deserialize_and_load
# it, call it) and compiler options: jit(..., compiler_options=...), Lowered.compile with
# compiler_options, Compiled.as_text / cost_analysis of each, and an unknown option's error
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import serialize_executable


def f(x, y):
    return {"out": jnp.sin(x) @ y, "norm": jnp.linalg.norm(y)}


# on 8 devices the deserialized executable runs on all of them: arguments replicated there
mesh = jax.make_mesh((8,), ("x",))
rep = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec())
x = jax.device_put(jnp.arange(6.0).reshape(2, 3), rep)
y = jax.device_put(jnp.ones((3, 4)), rep)
compiled = jax.jit(f).lower(x, y).compile()
payload, in_tree, out_tree = serialize_executable.serialize(compiled)
print(type(payload).__name__, len(payload) > 0)
print(in_tree)
print(out_tree)
loaded = serialize_executable.deserialize_and_load(payload, in_tree, out_tree)
out = loaded(x, y)
print(out["out"], out["norm"])
print(np.allclose(out["out"], compiled(x, y)["out"]))
print(type(loaded).__name__, loaded.in_tree == compiled.in_tree)
try:
    loaded(x, jax.device_put(jnp.ones((3, 5)), rep))
except Exception as e:
    print(type(e).__name__)


@jax.jit
def g(a):
    return jnp.exp(a) * 2.0 + a


lowered = g.lower(jnp.ones(8))
c1 = lowered.compile()
c2 = lowered.compile(compiler_options={"xla_embed_ir_in_executable": True})
print(c1(jnp.ones(8))[:3], c2(jnp.ones(8))[:3])
print("exponential" in c2.as_text(), c2.cost_analysis()["flops"] > 0)
g2 = jax.jit(lambda a: a @ a.T, compiler_options={"xla_cpu_enable_fast_math": False})
print(g2(jnp.eye(3) * 2.0))
try:
    lowered.compile(compiler_options={"xla_not_a_real_option": 1})
except Exception as e:
    print(type(e).__name__)
