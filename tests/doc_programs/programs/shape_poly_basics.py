# Shape polymorphism (jax.export): symbolic dimensions, exporting with them, calling with
# concrete shapes, arithmetic on dimension variables inside jnp code
import numpy as np
import jax
import jax.numpy as jnp
from jax import export


def f(x):  # f: f32[a, b]
    return jnp.concatenate([x, x], axis=1)


a, b = export.symbolic_shape("a, b")
x_shape = (a, b)
print(x_shape)
exp = export.export(jax.jit(f))(jax.ShapeDtypeStruct(x_shape, jnp.int32))
print(exp.in_avals)
print(exp.out_avals)
res = exp.call(np.ones((3, 4), dtype=np.int32))
print(res.shape)
print(exp.call(np.arange(6, dtype=np.int32).reshape(2, 3)))

# arithmetic on symbolic dimensions
print(a + 1, 2 * b, a * b, b - 1, a + b + a)
print(a == a, a != b, a + 1 == 1 + a)
print((a + b) - b)
print(export.symbolic_shape("2*a + 3, b*b, floordiv(b, 2), mod(a, 3), max(a, b)"))

# dimension variables inside jnp code
def g(x):  # x: f32[b, 4]
    n = x.shape[0]
    y = x.reshape((n * 2, 2))
    z = jnp.arange(n, dtype=x.dtype)[:, None] + x
    w = jnp.zeros((n, 3), x.dtype)
    return y.sum(axis=1), z.mean(axis=0), w.shape[0] * jnp.ones((), x.dtype), x.reshape(-1)


(bsym,) = export.symbolic_shape("b")
exp_g = export.export(jax.jit(g))(jax.ShapeDtypeStruct((bsym, 4), jnp.float32))
print(exp_g.in_avals)
print(exp_g.out_avals)
for n in (1, 3):
    outs = exp_g.call(jnp.arange(4. * n, dtype=jnp.float32).reshape(n, 4))
    print([o.shape for o in outs], outs[0], outs[2])

# symbolic_args_specs: build the specs from concrete arguments
def f1(x, y):  # x: f32[a, 1], y : f32[a, 4]
    return x + y


x = np.ones((3, 1), dtype=np.int32)
y = np.ones((3, 4), dtype=np.int32)
args_specs = export.symbolic_args_specs((x, y), "a, ...")
print(args_specs)
exp1 = export.export(jax.jit(f1))(*args_specs)
print(exp1.in_avals)
print(exp1.call(np.full((2, 1), 5, np.int32), np.ones((2, 4), np.int32)))
print(export.symbolic_args_specs((x, y), ("a, _", "a, b")))

# the same dimension variable in several places and a polymorphic reduction
def norms(x):  # x: f32[b, b]
    return jnp.trace(x), jnp.linalg.norm(x, axis=0)


exp_n = export.export(jax.jit(norms))(
    jax.ShapeDtypeStruct(export.symbolic_shape("b, b"), jnp.float32))
print(exp_n.out_avals)
print([jnp.round(o, 4) for o in exp_n.call(jnp.eye(3, dtype=jnp.float32) * 2)])
ser = exp_n.serialize()
back = export.deserialize(ser)
print(back.in_avals, back.out_avals)
print(jnp.round(back.call(jnp.ones((2, 2), jnp.float32))[1], 4))
