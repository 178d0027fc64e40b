# jax.stages: Traced / Lowered / Compiled objects and their attributes (in_tree, out_tree,
# out_info, args_info, input/output shardings, cost_analysis, memory_analysis, as_text,
# compiler_ir), calling a Compiled with the wrong arguments, and lowering with static arguments
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def loss(params, batch, scale=1.0):
    w, b = params["w"], params["b"]
    pred = batch["x"] @ w + b
    return scale * jnp.mean((pred - batch["y"]) ** 2), pred


params = {"w": jnp.ones((4, 2)), "b": jnp.zeros(2)}
batch = {"x": jnp.ones((8, 4)), "y": jnp.zeros((8, 2))}
jitted = jax.jit(loss, static_argnames="scale")
traced = jitted.trace(params, batch, scale=2.0)
print(type(traced).__name__, traced.out_info)
print(traced.jaxpr.in_avals)
lowered = traced.lower()
print(type(lowered).__name__, lowered.in_tree)
print(lowered.out_tree)
print(lowered.out_info)
print(jax.tree.map(lambda a: (a.shape, a.dtype.name), lowered.args_info))
text = lowered.as_text()
print(text.startswith("module @jit_loss"), "stablehlo.dot_general" in text)
print(type(lowered.compiler_ir(dialect="stablehlo")).__name__)
compiled = lowered.compile()
print(type(compiled).__name__, compiled.in_tree == lowered.in_tree)
print(compiled.out_tree)
print(jax.tree.map(lambda a: (a.shape, a.dtype.name), compiled.args_info))
cost = compiled.cost_analysis()
print(type(cost).__name__, "flops" in cost, cost["flops"] > 0)
mem = compiled.memory_analysis()
print(mem is None or hasattr(mem, "temp_size_in_bytes"))
print(isinstance(compiled.as_text(), str))
print(compiled.input_shardings[0][0]["w"].is_fully_replicated, len(compiled.output_shardings))
value, pred = compiled(params, batch)
print(value, pred.shape)
try:
    compiled(params, {"x": jnp.ones((4, 4)), "y": jnp.zeros((4, 2))})
except TypeError as e:
    print("TypeError")
try:
    compiled(params)
except TypeError as e:
    print("TypeError")

spec = jax.ShapeDtypeStruct((8, 4), jnp.float32)
ab = jax.jit(lambda x: jnp.sin(x).sum(axis=0)).lower(spec)
print(ab.out_info, ab.compile()(np.zeros((8, 4), np.float32)))
mesh = jax.make_mesh((8,), ("d",))
s = NamedSharding(mesh, P("d"))
sh = jax.jit(lambda x: x * 2, out_shardings=s).lower(
    jax.ShapeDtypeStruct((16,), jnp.float32, sharding=s)).compile()
print(sh.input_shardings[0][0].spec, sh.output_shardings.spec)
print(sh(jax.device_put(jnp.arange(16.), s)).sharding.spec)
donated = jax.jit(lambda x: x + 1, donate_argnums=0).lower(jnp.ones(3))
print(donated.args_info[0][0].donated, lowered.args_info[0][0]["w"].donated)
f = jax.jit(lambda x, n: x ** n, static_argnums=1)
print(f.lower(2., 3).compile()(4.), f.trace(2., 2).out_info)


def affine(x, y):
    return 2 * x + y


print(jax.jit(affine).lower(3, 4).as_text())
print(jax.jit(lambda v: (v, {"sq": v * v})).lower(jnp.ones(2)).as_text())
