# Ahead-of-time lowering and compilation, round 2: lower / compile with ShapeDtypeStructs and
# shardings, cost and memory analyses, text forms, compiled in / out shardings and trees,
# compiled functions rejecting other shapes, jit(...).trace's fields
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def mlp(params, x):
    for w, b in params:
        x = jnp.tanh(x @ w + b)
    return x.sum(axis=-1)


params = [(jnp.ones((8, 16)), jnp.zeros(16)), (jnp.ones((16, 4)), jnp.zeros(4))]
x_spec = jax.ShapeDtypeStruct((32, 8), jnp.float32)
lowered = jax.jit(mlp).lower(params, x_spec)
print(type(lowered).__name__)
print(lowered.in_tree)
print(lowered.out_info)
text = lowered.as_text()
print("stablehlo.dot_general" in text or "dot_general" in text, "tanh" in text)
print(type(lowered.compiler_ir()).__name__, type(lowered.compiler_ir(dialect="stablehlo")).__name__)
compiled = lowered.compile()
print(type(compiled).__name__)
cost = compiled.cost_analysis()
print(type(cost).__name__, "flops" in cost, cost["flops"] > 0)
mem = compiled.memory_analysis()
print(mem is None or hasattr(mem, "argument_size_in_bytes"))
print(type(compiled.as_text()).__name__, "HloModule" in compiled.as_text())
print(compiled.in_tree)
print(compiled.input_shardings)
print(compiled.output_shardings)
print(compiled(params, jnp.ones((32, 8)))[:3])
for bad in (jnp.ones((16, 8)), jnp.ones((32, 8), jnp.int32)):
    try:
        compiled(params, bad)
    except Exception as e:
        print(type(e).__name__)

# sharded AOT
mesh = jax.make_mesh((8,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
xs = NamedSharding(mesh, P("data"))
rep = NamedSharding(mesh, P())
sharded = jax.jit(mlp, in_shardings=(rep, xs), out_shardings=xs).lower(
    params, jax.ShapeDtypeStruct((32, 8), jnp.float32, sharding=xs)).compile()
print(sharded.input_shardings[0][1])
print(sharded.output_shardings)
out = sharded(params, jax.device_put(jnp.ones((32, 8)), xs))
print(out.sharding.spec, len(out.addressable_shards), out.addressable_shards[0].data.shape)

# trace: jaxpr, out_info, fun_name
traced = jax.jit(mlp).trace(params, x_spec)
print(traced.fun_name, len(traced.jaxpr.eqns) > 0, traced.out_info)
print(jax.jit(lambda a, b: (a @ b, a.T)).trace(jnp.ones((2, 3)), jnp.ones((3, 4))).out_info)
print(jax.jit(lambda x, n: x * n, static_argnums=1).lower(jnp.ones(2), 3).compile()(jnp.ones(2)))
print(jax.jit(lambda x: x, donate_argnums=0).lower(jnp.ones(2)).compile().input_shardings[0][0].is_fully_replicated)
