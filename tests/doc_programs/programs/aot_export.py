# Ahead-of-time lowering and compilation + Exporting and serialization
import jax
import jax.numpy as jnp
import numpy as np


def f(x, y):
    return 2 * x + y


x, y = 3, 4
traced = jax.jit(f).trace(x, y)
print(traced.jaxpr)
lowered = jax.jit(f).lower(x, y)
print(type(lowered.as_text()).__name__)
compiled = lowered.compile()
print(type(compiled.cost_analysis()).__name__ in ('dict', 'list'))
print(compiled(x, y))
i32_scalar = jax.ShapeDtypeStruct((), jnp.dtype('int32'))
print(jax.jit(f).lower(i32_scalar, i32_scalar).compile()(x, y))
x = jnp.array([1, 2, 3, 4, 5, 6, 7, 8])
y = jnp.array([1, 2, 3, 4, 5, 6, 7, 8])
x_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
print(jax.jit(f).trace(x_shape, x_shape).lower().compile()(x, y))
lowered_with_x = jax.jit(f, static_argnums=0).lower(7, 8)
print(lowered_with_x.as_text().count("7") >= 0)
print(lowered_with_x.compile()(5))
try:
    compiled(jnp.float32(1.), 2)
except Exception as e:
    print(type(e).__name__)
try:
    compiled(1, 2, 3)
except Exception as e:
    print(type(e).__name__)


def unary(x):
    return x + 1


lowered = jax.jit(unary).lower(jnp.float32(1.))
print(lowered.in_tree, lowered.out_tree)
print(lowered.compile().in_tree)
try:
    jax.vmap(jax.jit(unary).lower(jnp.float32(1.)).compile())(jnp.arange(3.))
except Exception as e:
    print(type(e).__name__)
print(lowered.compile().input_shardings)
print(lowered.compile().output_shardings)
print(jax.jit(f).eval_shape(1., 2.))
print(jax.eval_shape(f, jnp.ones(3), jnp.ones(3)))

# --- export
from jax import export


def fe(x):
    return 2 * x * x


exported: export.Exported = export.export(jax.jit(fe))(
    jax.ShapeDtypeStruct((), jnp.float32))
print(exported.fun_name)
print(exported.in_avals)
print(exported.out_avals)
print(exported.in_shardings_hlo, exported.out_shardings_hlo)
print(exported.platforms)
serialized: bytearray = exported.serialize()
rehydrated_exp: export.Exported = export.deserialize(serialized)
print(rehydrated_exp.in_avals)


def callee(y):
    return 3. * rehydrated_exp.call(y * 4.)


print(callee(1.))
print(jax.jit(callee)(1.))
print(jax.grad(lambda y: rehydrated_exp.call(y))(1.) if False else "skip-grad")
try:
    exported.call(jnp.ones(3))
except Exception as e:
    print(type(e).__name__)
exp2 = export.export(jax.jit(fe))(np.ones((2, 3), np.float32))
print(exp2.in_avals, exp2.nr_devices)
print(exp2.call(np.ones((2, 3), np.float32)))
exp_vjp = export.export(jax.jit(fe), platforms=['cpu'])(jax.ShapeDtypeStruct((), jnp.float32))
print(exp_vjp.platforms)
print(export.minimum_supported_calling_convention_version <= export.maximum_supported_calling_convention_version)
try:
    export.export(fe)(1.)
except Exception as e:
    print(type(e).__name__)
