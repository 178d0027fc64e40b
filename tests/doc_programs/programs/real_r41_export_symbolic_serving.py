# "Exporting and serialization": jax.export of a jitted function, its in_avals / out_avals /
# platforms, serialize / deserialize round trips, calling an Exported inside jit and
# differentiating it (vjp_order), symbolic shapes with symbolic_shape and
# symbolic_args_specs, a batch-polymorphic model served at several batch sizes, and shape
# errors at call time
import jax
import jax.numpy as jnp
import numpy as np
from jax import export

f = jax.jit(lambda x: jnp.sin(x) * 2.0)
exp = export.export(f)(jnp.arange(4, dtype=jnp.float32))
print(exp.fun_name, exp.platforms)
print(exp.in_avals, exp.out_avals)
print(exp.nr_devices, exp.calling_convention_version >= 9)
ser = exp.serialize()
print(type(ser).__name__)
rehydrated = export.deserialize(ser)
print(rehydrated.in_avals)
print(rehydrated.call(jnp.arange(4, dtype=jnp.float32)))
print(jax.jit(lambda x: rehydrated.call(x) + 1)(jnp.ones(4, jnp.float32)))
try:
    rehydrated.call(jnp.ones(5, jnp.float32))
except ValueError as e:
    print(type(e).__name__)

exp_d = export.export(jax.jit(lambda x: jnp.sum(jnp.tanh(x) ** 2)))(jnp.ones(3))
ser_d = exp_d.serialize(vjp_order=1)
back = export.deserialize(ser_d)
print(jax.grad(back.call)(jnp.array([0.1, 0.2, 0.3])))
print(jax.grad(lambda x: jnp.sum(jnp.tanh(x) ** 2))(jnp.array([0.1, 0.2, 0.3])))

b, = export.symbolic_shape("b")
print(b, type(b).__name__ != "int")
exp_poly = export.export(jax.jit(lambda x: jnp.sum(x, axis=1)))(jax.ShapeDtypeStruct((b, 4), jnp.float32))
print(exp_poly.in_avals, exp_poly.out_avals)
for n in (1, 3, 7):
    print(exp_poly.call(jnp.ones((n, 4), jnp.float32)))

args = export.symbolic_args_specs((np.ones((2, 3), np.float32), np.ones((3,), np.float32)), ("b, n", "n"))
print(args)
exp2 = export.export(jax.jit(lambda x, y: x * y))(*args)
print(exp2.out_avals)
print(exp2.call(np.ones((4, 5), np.float32), np.arange(5, dtype=np.float32)))
try:
    exp2.call(np.ones((4, 5), np.float32), np.ones(6, np.float32))
except ValueError as e:
    print(type(e).__name__)

a, c = export.symbolic_shape("a, c")
print(a + c, a * 2, (a * 2).__class__ is (a + c).__class__)
exp3 = export.export(jax.jit(lambda x: jnp.concatenate([x, x], axis=0).reshape(-1)))(
    jax.ShapeDtypeStruct((a, 3), jnp.float32)
)
print(exp3.out_avals)


def init(key):
    k1, k2 = jax.random.split(key)
    return {"W1": jax.random.normal(k1, (4, 8)) * 0.5, "W2": jax.random.normal(k2, (8, 2)) * 0.5}


def model(params, x):
    return jax.nn.log_softmax(jnp.tanh(x @ params["W1"]) @ params["W2"])


params = init(jax.random.key(0))
bs, = export.symbolic_shape("bs")
exp_model = export.export(jax.jit(model))(params, jax.ShapeDtypeStruct((bs, 4), jnp.float32))
print(exp_model.in_tree)
print(exp_model.out_avals)
served = export.deserialize(exp_model.serialize())
x = jax.random.normal(jax.random.key(1), (5, 4))
print(np.allclose(served.call(params, x), model(params, x), atol=1e-6))
print(served.call(params, x[:2]).shape)
print(export.minimum_supported_calling_convention_version <= exp_model.calling_convention_version)
