# "Ahead-of-time lowering and compilation": jit(f).trace / lower / compile, Lowered.as_text,
# Compiled call checks (wrong shapes / dtypes / pytree), lowering with static arguments,
# ShapeDtypeStruct arguments, cost_analysis keys, in_tree / out_tree / args_info,
# compiler_ir dialects, and compiled executables not being re-traced
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
print("stablehlo.multiply" in lowered.as_text() or "stablehlo.add" in lowered.as_text())
compiled = lowered.compile()
print(type(compiled).__name__)
print(compiled(x, y))
print(sorted(k for k in compiled.cost_analysis() if k in ("flops", "bytes accessed")))

i32_scalar = jax.ShapeDtypeStruct((), jnp.dtype('int32'))
print(jax.jit(f).trace(i32_scalar, i32_scalar).lower().compile()(x, y))
x_1d = y_1d = jnp.arange(3)
try:
    jax.jit(f).lower(i32_scalar, i32_scalar).compile()(x_1d, y_1d)
except TypeError as e:
    print(type(e).__name__, str(e).splitlines()[0])
x_f = y_f = jnp.float32(72.)
try:
    jax.jit(f).lower(i32_scalar, i32_scalar).compile()(x_f, y_f)
except TypeError as e:
    print(type(e).__name__, str(e).splitlines()[0])


def g(x, y):
    return x if y else x * 2


lowered_with_x = jax.jit(g, static_argnums=1).trace(7, 8).lower()
compiled_g = lowered_with_x.compile()
print(compiled_g(7))
try:
    compiled_g(7, 8)
except TypeError as e:
    print(type(e).__name__)


def unused_x(x, y):
    return y * 2


print(jax.jit(unused_x).lower(1, 2).compile()(1, 2))
c = jax.jit(lambda a, b: {'s': a['p'] + b, 'l': [a['q']]}).lower(
    {'p': jnp.ones(2), 'q': jnp.zeros(())}, jnp.float32(1)).compile()
print(c.in_tree)
print(c.out_tree)
print(c.args_info)
print(c.out_info)
print(c({'p': jnp.ones(2), 'q': jnp.zeros(())}, jnp.float32(1)))
try:
    c({'p': jnp.ones(2)}, jnp.float32(1))
except Exception as e:
    print(type(e).__name__)
lw = jax.jit(jnp.sin).lower(jnp.ones(3))
print(type(lw.compiler_ir()).__name__, type(lw.compiler_ir('stablehlo')).__name__)
print(lw.in_tree, lw.out_tree, lw.args_info)
print(jax.jit(jnp.sin).eval_shape(jnp.ones(3)))
mem = jax.jit(jnp.sin).lower(jnp.ones((128,))).compile().memory_analysis()
print(mem is None or hasattr(mem, "argument_size_in_bytes"))
print(jax.jit(lambda a: a.sum(), donate_argnums=0).lower(jnp.ones(4)).compile()(jnp.ones(4)))
print(jax.jit(f).trace(1., 2.).out_info)
print(jax.jit(f).trace(np.float32(1), 2).fun_name)
