# "Ahead-of-time lowering and compilation": jit(f).trace / lower / compile, the Lowered's
# as_text and compiler_ir, a Compiled called on new arguments (and refusing other shapes),
# static arguments fixed at lowering, ShapeDtypeStructs as arguments, input / output
# shardings, cost_analysis and memory_analysis existence, and the pytree of the arguments
import jax
import jax.numpy as jnp
import numpy as np


def f(x, y):
    return 2 * x + y


x, y = 3, 4
traced = jax.jit(f).trace(x, y)
print(traced.jaxpr)
lowered = traced.lower()
print(type(lowered).__name__)
text = lowered.as_text()
print("stablehlo.multiply" in text or "stablehlo.add" in text, "func.func public @main" in text)
compiled = lowered.compile()
print(type(compiled).__name__)
print(compiled(x, y))
print(compiled(jnp.int32(5), jnp.int32(6)))
try:
    compiled(jnp.float32(1.0), jnp.float32(2.0))
except TypeError as e:
    print(type(e).__name__)
try:
    compiled(jnp.ones(3, jnp.int32), jnp.ones(3, jnp.int32))
except TypeError as e:
    print(type(e).__name__)

i32_scalar = jax.ShapeDtypeStruct((), jnp.dtype("int32"))
print(jax.jit(f).lower(i32_scalar, i32_scalar).compile()(x, y))
ir = lowered.compiler_ir(dialect="stablehlo")
print(type(ir).__name__ != "", "main" in str(ir))


def g(x, y, *, mode):
    return x * y if mode == "mul" else x + y


lowered_mul = jax.jit(g, static_argnames="mode").lower(jnp.ones(3), jnp.arange(3.0), mode="mul")
c_mul = lowered_mul.compile()
print(c_mul(jnp.full(3, 2.0), jnp.arange(3.0)))
print(jax.jit(g, static_argnames="mode").lower(jnp.ones(3), jnp.ones(3), mode="add").compile()(jnp.ones(3), jnp.ones(3)))


def incr(x, n):
    return x + n


c2 = jax.jit(incr, static_argnums=1).lower(jnp.zeros(2), 5).compile()
print(c2(jnp.ones(2)))

tree_arg = {"w": jnp.ones((4, 3)), "b": jnp.zeros(3)}
lin = jax.jit(lambda p, x: x @ p["w"] + p["b"]).lower(tree_arg, jnp.ones((2, 4)))
comp = lin.compile()
print(comp(tree_arg, jnp.ones((2, 4))))
print(jax.tree.map(lambda s: (s.shape, str(s.dtype)), lin.args_info))
print(lin.out_info)
print(comp.input_shardings[0][0]["w"].is_fully_replicated, comp.output_shardings.is_fully_replicated)
ca = comp.cost_analysis()
print(type(ca).__name__, "flops" in ca)
ma = comp.memory_analysis()
print(ma is not None)
print(isinstance(comp.as_text(), str))

h = jax.jit(lambda a: jnp.sin(a) @ a.T)
l1 = h.lower(jax.ShapeDtypeStruct((4, 4), jnp.float32))
l2 = h.lower(jax.ShapeDtypeStruct((8, 4), jnp.float32))
print(l1.out_info.shape, l2.out_info.shape)
a = np.arange(32.0, dtype=np.float32).reshape(8, 4) / 32
print(np.allclose(l2.compile()(a), np.sin(a) @ a.T, atol=1e-5))
print(h.trace(jnp.ones((2, 3))).out_info)
