# Exporting and serialization: round trips, shape polymorphism, vjp, calling from jit
import re
import numpy as np
import jax
import jax.numpy as jnp
from jax import export


def f(x, w):
    return jnp.tanh(x @ w).sum(axis=-1)


b, = export.symbolic_shape("b")
exp = export.export(jax.jit(f))(jax.ShapeDtypeStruct((b, 3), jnp.float32),
                                 jax.ShapeDtypeStruct((3, 4), jnp.float32))
print(exp.fun_name, exp.in_avals, exp.out_avals)
print(exp.nr_devices, exp.platforms, exp.in_tree, exp.out_tree)
blob = exp.serialize()
print(type(blob).__name__)
rehydrated = export.deserialize(blob)
w = jnp.ones((3, 4)) * 0.1
for n in (1, 5):
    x = jnp.arange(n * 3.).reshape(n, 3)
    print(rehydrated.call(x, w), f(x, w))
try:
    rehydrated.call(jnp.ones((2, 4)), w)
except Exception as e:
    print(type(e).__name__)
print(jax.jit(lambda x: rehydrated.call(x, w) * 2)(jnp.ones((2, 3))))
try:
    jax.grad(lambda x: rehydrated.call(x, w).sum())(jnp.ones((1, 3)))
except ValueError as e:
    print(type(e).__name__)

# with vjp support
exp2 = export.export(jax.jit(jnp.sin))(jax.ShapeDtypeStruct((3,), jnp.float32))
ser = exp2.serialize(vjp_order=1)
r2 = export.deserialize(ser)
print(r2.call(jnp.arange(3.)), jax.grad(lambda x: r2.call(x).sum())(jnp.arange(3.)))
try:
    jax.grad(jax.grad(lambda x: r2.call(x).sum()))(1.)
except Exception as e:
    print(type(e).__name__)

# symbolic shapes
a, c = export.symbolic_shape("a, c")
print(a, c, a + c, 2 * a, a * c)
print(export.symbolic_shape("a, 2*a+1, a*b"))
print(export.symbolic_shape("b, 4"), export.symbolic_shape("(b, 4)"))
exp3 = export.export(jax.jit(lambda x: jnp.concatenate([x, x])))(jax.ShapeDtypeStruct((a, 2), jnp.int32))
print(exp3.out_avals)
exp4 = export.export(jax.jit(lambda x: x.reshape(-1)))(jax.ShapeDtypeStruct(export.symbolic_shape("m, 3"), jnp.float32))
print(exp4.out_avals, exp4.call(jnp.ones((2, 3))).shape)
exp5 = export.export(jax.jit(lambda x: x[: x.shape[0] // 2]))(jax.ShapeDtypeStruct(export.symbolic_shape("n"), jnp.float32))
print(exp5.out_avals, exp5.call(jnp.arange(7.)))
# pytrees and kwargs
def h(params, *, x):
    return {'y': params['a'] * x, 'z': params['b']}


exp6 = export.export(jax.jit(h))({'a': jax.ShapeDtypeStruct((), jnp.float32), 'b': jax.ShapeDtypeStruct((2,), jnp.int32)},
                                  x=jax.ShapeDtypeStruct((3,), jnp.float32))
print(exp6.in_tree)
print(exp6.call({'a': 2., 'b': jnp.arange(2, dtype=jnp.int32)}, x=jnp.ones(3)))
print(export.deserialize(exp6.serialize()).out_avals)
text = exp.mlir_module()
print('func.func public @main' in text, bool(re.search(r'tensor<\?x3xf32>', text)))
print(export.minimum_supported_calling_convention_version <= exp.calling_convention_version <= export.maximum_supported_calling_convention_version)
print(jax.eval_shape(rehydrated.call, jax.ShapeDtypeStruct((6, 3), jnp.float32), w))
