# "Ahead-of-time lowering and compilation": jit(f).trace / lower / compile with concrete and
# ShapeDtypeStruct arguments, static arguments at lowering, Lowered.as_text's function
# signature, in_tree / out_tree, Compiled calls and their errors, cost_analysis keys,
# lowering with shardings, and eval_shape
import jax
import jax.numpy as jnp
import numpy as np


def f(x, y):
    return 2 * x + y


x, y = 3, 4
traced = jax.jit(f).trace(x, y)
print(traced.jaxpr)
lowered = traced.lower()
print(lowered.as_text())
compiled = lowered.compile()
print(type(compiled.cost_analysis()).__name__, "flops" in compiled.cost_analysis())
print(compiled(x, y))
i32_scalar = jax.ShapeDtypeStruct((), jnp.dtype("int32"))
print(jax.jit(f).trace(i32_scalar, i32_scalar).lower().compile()(x, y))
x_1d = y_1d = jnp.arange(3)
try:
    jax.jit(f).trace(i32_scalar, i32_scalar).lower().compile()(x_1d, y_1d)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0][:80])
x_f = y_f = jnp.float32(72.0)
try:
    jax.jit(f).trace(i32_scalar, i32_scalar).lower().compile()(x_f, y_f)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0][:80])


def g(x, y):
    return x * y if False else jnp.dot(x, y)


lowered_with_x = jax.jit(f, static_argnums=0).trace(7, 8).lower()
print(lowered_with_x.as_text())
print(lowered_with_x.compile()(5))
try:
    lowered_with_x.compile()(7, 8)
except Exception as e:
    print(type(e).__name__)


def unary(x):
    return {"double": x * 2, "halves": (x / 2, jnp.floor(x / 2))}


lo = jax.jit(unary).lower(jnp.ones((2, 3)))
print(lo.in_tree, lo.out_tree)
co = lo.compile()
print(co.in_tree, co.out_tree)
print(jax.tree.map(lambda a: a.shape, co(jnp.ones((2, 3)))))
print(lo.out_info)
print(jax.eval_shape(unary, jax.ShapeDtypeStruct((4,), jnp.float16)))
print(jax.eval_shape(lambda a, b: jnp.einsum("ij,jk->ik", a, b), jnp.ones((2, 5)), jax.ShapeDtypeStruct((5, 7), jnp.bfloat16)))


@jax.jit
def h(x):
    return jnp.sin(x).sum()


low = h.lower(jax.ShapeDtypeStruct((8,), jnp.float32))
text = low.as_text()
print([line.strip() for line in text.splitlines() if "func.func public" in line])
print(h.lower(np.ones(8, np.float32)).as_text() == text)
print("stablehlo.sine" in text, "stablehlo.reduce" in text)
c2 = low.compile()
ca = c2.cost_analysis()
print(sorted(k for k in ca if k in ("flops", "bytes accessed", "transcendentals", "optimal_seconds")))
print(c2(jnp.arange(8.0)), h(jnp.arange(8.0)))
print(c2.as_text() is not None, isinstance(c2.as_text(), str))
print(jax.jit(lambda a, *, scale: a * scale, static_argnames="scale").lower(jnp.ones(2), scale=3.0).compile()(jnp.ones(2)))
