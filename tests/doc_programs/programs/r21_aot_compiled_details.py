# "Ahead-of-time lowering and compilation" further: lowering with ShapeDtypeStructs carrying
# shardings, static arguments baked in, Lowered.args_info / out_info / in_tree,
# compile()'s input_shardings / output_shardings, a compiled function refusing other shapes and
# dtypes and static arguments, lowering twice giving equal texts, cost_analysis's flops,
# memory_analysis's fields, and trace() -> Traced.jaxpr / lower()
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


def f(x, y, n):
    return (x @ y) * n, x.sum()


jf = jax.jit(f, static_argnums=2)
xs = jax.ShapeDtypeStruct((8, 4), jnp.float32, sharding=NamedSharding(mesh, P("x", None)))
ys = jax.ShapeDtypeStruct((4, 2), jnp.float32)
lowered = jf.lower(xs, ys, 3)
print(lowered.in_tree)
print(lowered.out_tree)
print(lowered.args_info)
print(lowered.out_info)
print(lowered.as_text() == jf.lower(xs, ys, 3).as_text(), "stablehlo" in lowered.as_text())
compiled = lowered.compile()
print(compiled.input_shardings)
print(compiled.output_shardings)
print(compiled.in_tree, compiled.out_tree)
x = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("x", None)))
out, s = compiled(x, jnp.ones((4, 2)))
print(out[:2], s, out.sharding.spec)
for bad in [(jnp.ones((4, 4)), jnp.ones((4, 2))), (x.astype(jnp.int32), jnp.ones((4, 2)))]:
    try:
        compiled(*bad)
    except Exception as e:
        print(type(e).__name__)
try:
    compiled(x, jnp.ones((4, 2)), 3)
except Exception as e:
    print(type(e).__name__)
cost = compiled.cost_analysis()
print(type(cost).__name__, "flops" in cost, cost["flops"] > 0)
mem = compiled.memory_analysis()
print(
    mem.argument_size_in_bytes > 0, mem.output_size_in_bytes > 0, hasattr(mem, "temp_size_in_bytes")
)
traced = jf.trace(xs, ys, 5)
print(traced.jaxpr)
print(traced.lower().compile()(x, jnp.ones((4, 2)))[1])
print(jax.jit(lambda a: a * 2).lower(3.0).compile()(4.0))
print(jax.jit(lambda a: a * 2).lower(jnp.int32(3)).out_info)
