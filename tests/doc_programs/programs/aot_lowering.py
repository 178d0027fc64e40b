# "Ahead-of-time lowering and compilation": jit(f).trace / lower / compile, ShapeDtypeStruct
# arguments, static arguments, lowered text, cost analysis keys, input/output trees
import jax
import jax.numpy as jnp
import numpy as np


def f(x, y):
    return jnp.tanh(x @ y).sum(axis=0)


x = jnp.ones((4, 3), jnp.float32)
y = jnp.ones((3, 2), jnp.float32)
traced = jax.jit(f).trace(x, y)
print(type(traced).__name__, traced.out_info)
print(traced.jaxpr)
lowered = traced.lower()
print(type(lowered).__name__)
text = lowered.as_text()
print("tensor<4x3xf32>" in text, "tensor<3x2xf32>" in text, "tensor<2xf32>" in text)
print("stablehlo.dot_general" in text, "stablehlo.tanh" in text)
ir = lowered.compiler_ir(dialect="stablehlo")
print(type(ir).__name__)
compiled = lowered.compile()
print(type(compiled).__name__)
ca = compiled.cost_analysis()
if isinstance(ca, list):
    ca = ca[0]
print("flops" in ca, ca["flops"] > 0)
print(jnp.round(compiled(x, y), 4))
print(compiled.in_tree, compiled.out_tree)
print(lowered.args_info[0][0].shape, lowered.args_info[0][1].dtype)

spec_x = jax.ShapeDtypeStruct((8, 3), jnp.float32)
spec_y = jax.ShapeDtypeStruct((3, 5), jnp.dtype("float32"))
c2 = jax.jit(f).lower(spec_x, spec_y).compile()
print(c2(jnp.ones((8, 3)), jnp.full((3, 5), 0.1)))
try:
    c2(jnp.ones((4, 3)), jnp.ones((3, 5)))
except Exception as e:
    print(type(e).__name__)
try:
    c2(jnp.ones((8, 3), jnp.int32), jnp.ones((3, 5)))
except Exception as e:
    print(type(e).__name__)
print(spec_x, spec_x.shape, spec_x.dtype, spec_x.ndim, spec_x.size)


def scale(x, factor):
    return x * factor


lowered_static = jax.jit(scale, static_argnums=1).lower(jnp.arange(4.), 3.0)
print(lowered_static.compile()(jnp.arange(4.)))
try:
    lowered_static.compile()(jnp.arange(4.), 3.0)
except Exception as e:
    print(type(e).__name__)


def pytree_fn(params, batch):
    return {"out": params["w"] * batch["x"] + params["b"], "n": batch["x"].shape[0]}


params = {"w": jnp.float32(2.), "b": jnp.float32(1.)}
batch = {"x": jnp.arange(3.)}
low = jax.jit(pytree_fn).lower(params, batch)
print(low.in_tree)
print(low.out_tree)
out = low.compile()(params, batch)
print(out["out"], out["n"])
print(jax.eval_shape(pytree_fn, params, batch))
shapes = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), (params, batch))
print(jax.jit(pytree_fn).trace(*shapes).out_info["out"].shape)


@jax.jit
def g(x):
    return jnp.sin(x) ** 2 + jnp.cos(x) ** 2


print(jnp.round(g.lower(jnp.float32(0.5)).compile()(jnp.float32(0.5)), 5))
print(g.lower(jnp.arange(6.).reshape(2, 3)).compile()(jnp.arange(6.).reshape(2, 3)).shape)
hlo = g.lower(jnp.float32(1.)).compile().as_text()
print(isinstance(hlo, str) and len(hlo) > 0)
print(jax.jit(lambda a: a + 1).lower(np.int32(1)).compile()(np.int32(41)))
print(jax.jit(lambda a: a.astype(jnp.bfloat16)).lower(jax.ShapeDtypeStruct((2,), jnp.float32)).out_info)
