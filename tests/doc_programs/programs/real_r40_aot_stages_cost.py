# The "Ahead-of-time lowering and compilation" page applied to a model step: jit(f).trace /
# lower / compile, the stages' in_tree / out_info / args_info, compiling for
# ShapeDtypeStructs, calling a compiled function with the wrong shapes / static args, the
# cost and memory analyses a user reads, and as_text of the lowered module
import jax
import jax.numpy as jnp
import numpy as np


def f(x, y, *, scale):
    return jnp.tanh(x @ y) * scale, {"norm": jnp.linalg.norm(x)}


jf = jax.jit(f, static_argnames="scale")
x = jnp.ones((4, 3))
y = jnp.ones((3, 2))
traced = jf.trace(x, y, scale=2.0)
print(type(traced).__name__, traced.jaxpr.in_avals if hasattr(traced.jaxpr, "in_avals") else None)
lowered = traced.lower()
print(type(lowered).__name__)
print(lowered.in_tree)
print(lowered.out_info)
print(lowered.args_info)
compiled = lowered.compile()
print(type(compiled).__name__)
out, aux = compiled(x, y)
print(out, aux)
try:
    compiled(jnp.ones((5, 3)), y)
except TypeError as e:
    print(type(e).__name__)
try:
    compiled(x, y, scale=3.0)
except TypeError as e:
    print(type(e).__name__)

spec_x = jax.ShapeDtypeStruct((8, 3), jnp.float32)
spec_y = jax.ShapeDtypeStruct((3, 2), jnp.float32)
c2 = jf.lower(spec_x, spec_y, scale=1.0).compile()
print(c2(np.ones((8, 3), np.float32), np.ones((3, 2), np.float32))[0].shape)
try:
    c2(np.ones((8, 3)), np.ones((3, 2)))
except TypeError as e:
    print(type(e).__name__)

cost = c2.cost_analysis()
print(type(cost).__name__, "flops" in cost, cost["flops"] > 0)
mem = c2.memory_analysis()
print(mem.argument_size_in_bytes, mem.output_size_in_bytes)
text = jf.lower(x, y, scale=2.0).as_text()
print(text.splitlines()[0].startswith("module @jit_f"), "stablehlo.dot_general" in text, "stablehlo.tanh" in text)
print(jf.eval_shape(x, y, scale=2.0))
print(jax.jit(lambda a: a * 2).lower(1.0).compile()(3.0))
print(jf.lower(x, y, scale=2.0).compile().input_shardings[0][0])
print(jax.jit(lambda a, b: a + b, donate_argnums=0).lower(x, x).args_info[0][0].donated)
