# jax.stages: Traced / Lowered / Compiled objects and their trees, shapes and texts
import jax
import jax.numpy as jnp


def loss(params, x, *, scale):
    return scale * jnp.sum((x @ params["w"] + params["b"]) ** 2)


params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
x = jnp.ones((4, 3))
jitted = jax.jit(loss, static_argnames="scale")
traced = jitted.trace(params, x, scale=2.0)
print(type(traced).__name__, traced.out_info)
print(traced.jaxpr)
lowered = traced.lower()
print(type(lowered).__name__, lowered.in_tree)
print(lowered.out_tree, lowered.out_info)
print(lowered.args_info)
compiled = lowered.compile()
print(type(compiled).__name__, compiled.in_tree)
print(compiled.out_info)
print(compiled(params, x))
try:
    compiled(params, jnp.ones((5, 3)))
except TypeError as e:
    print("TypeError:", str(e).splitlines()[0])
try:
    compiled({"w": jnp.ones((3, 2))}, x)
except TypeError as e:
    print("TypeError")
print(sorted(k for k in (compiled.cost_analysis() or {}) if k in ("flops", "bytes accessed", "transcendentals")))
print(compiled.memory_analysis() is not None)
print(jax.jit(jnp.sin).lower(1.0).compile()(2.0))
print(jax.jit(lambda a, b: a + b).lower(jax.ShapeDtypeStruct((2,), jnp.float32), 1).out_info)
g = jax.jit(jax.grad(lambda p, a: loss(p, a, scale=1.0)))
print(g.lower(params, x).compile()(params, x))
print(jax.jit(lambda a: a * 2).lower(jnp.ones(3)).as_text().count("stablehlo.multiply"))
print("module @jit_" in jax.jit(lambda a: a).lower(1.0).as_text())
print(jax.jit(loss, static_argnames="scale").eval_shape(params, x, scale=1.0))
print(jitted.lower(params, x, scale=3.0).compile().input_shardings[0][0]["b"])
