# AOT stages: jit(f).trace / lower / compile, Traced's jaxpr and out_info, Lowered's as_text and
# in_tree, Compiled's cost_analysis keys and numbers, memory_analysis fields, input / output
# shardings and formats, calling a Compiled with wrong types, and compiler_ir
import jax
import jax.numpy as jnp


def f(x, y):
    return jnp.tanh(x @ y).sum(axis=0)


x = jnp.ones((8, 16), jnp.float32)
y = jnp.ones((16, 4), jnp.float32)
jf = jax.jit(f)
traced = jf.trace(x, y)
print(type(traced).__name__, traced.jaxpr)
print(traced.out_info, traced.fun_name)
lowered = traced.lower()
print(type(lowered).__name__, lowered.in_tree, lowered.out_tree, lowered.args_info)
text = lowered.as_text()
print("func.func public @main" in text, "stablehlo.dot_general" in text, "tanh" in text)
print(type(lowered.compiler_ir()).__name__, type(lowered.compiler_ir("stablehlo")).__name__)
compiled = lowered.compile()
print(type(compiled).__name__, compiled.in_tree, compiled.out_tree)
cost = compiled.cost_analysis()
print(type(cost).__name__, sorted(k for k in cost if k in ("flops", "transcendentals", "bytes accessed")))
print(cost["flops"] >= 8 * 16 * 4 * 2, cost.get("transcendentals", 0.0) >= 32)
mem = compiled.memory_analysis()
print(mem.argument_size_in_bytes, mem.output_size_in_bytes, mem.alias_size_in_bytes)
print(compiled.input_shardings, compiled.output_shardings)
print(compiled(x, y), jf(x, y))
try:
    compiled(x, jnp.ones((16, 5)))
except Exception as e:
    print(type(e).__name__)
try:
    compiled(x.astype(jnp.int32), y)
except Exception as e:
    print(type(e).__name__)
try:
    compiled(x)
except Exception as e:
    print(type(e).__name__)

jg = jax.jit(lambda a, n: a * n, static_argnums=1)
lg = jg.lower(jnp.ones(3), 4)
print(lg.compile()(jnp.arange(3.0)))
try:
    lg.compile()(jnp.arange(3.0), 4)
except Exception as e:
    print(type(e).__name__)
sds = jax.ShapeDtypeStruct((2, 3), jnp.float32)
print(jax.jit(lambda a: a.T).lower(sds).out_info)
print(jax.jit(lambda a: a.T).trace(sds).out_info)
print(jax.jit(lambda a, b: (a + b, a - b)).lower(sds, sds).compile().cost_analysis()["flops"])
dj = jax.jit(lambda a: a * 2, donate_argnums=0)
print(dj.lower(jnp.ones(4)).compile().memory_analysis().alias_size_in_bytes)
