# Shape polymorphism: comparisons of symbolic dimensions, constraints, shape assertion errors,
# symbolic scopes, division and max / min of dimensions
import numpy as np
import jax
import jax.numpy as jnp
from jax import export


def f_int(x):  # x: i32[b]
    return x if x.shape[0] >= 16 else x + 1


try:
    export.export(jax.jit(f_int))(jax.ShapeDtypeStruct(export.symbolic_shape("b"), np.int32))
except Exception as e:
    print(type(e).__name__)
exp = export.export(jax.jit(f_int))(
    jax.ShapeDtypeStruct(export.symbolic_shape("b", constraints=["b >= 16"]), np.int32))
print(exp.in_avals, exp.out_avals)
print(exp.call(np.arange(16, dtype=np.int32))[:4])
try:
    exp.call(np.arange(3, dtype=np.int32))
except Exception as e:
    print(type(e).__name__)

# comparisons that are decided by the dimensions' lower bound (>= 1)
b, = export.symbolic_shape("b")
print(b >= 1, b + 1 > b, b > 0, 2 * b >= b)
for cmp in (lambda: b >= 2, lambda: b == 3):
    try:
        print(cmp())
    except Exception as e:
        print(type(e).__name__)
a, c = export.symbolic_shape("a, c", constraints=("a >= c", "c >= 4"))
print(a >= c, a >= 4, c >= 3)
print(export.symbolic_shape("a, b", constraints=("a == b + 2",)))

# shape assertion errors when calling with shapes that do not fit
def f(x):  # x: f32[b, b, 2*d]
    return x


exp_f = export.export(jax.jit(f))(
    jax.ShapeDtypeStruct(export.symbolic_shape("b, b, 2*d"), dtype=np.int32))
print(exp_f.in_avals)
print(exp_f.call(np.ones((3, 3, 4), dtype=np.int32)).shape)
for shape in ((3, 3, 5), (3, 4, 4), (3, 3)):
    try:
        exp_f.call(np.ones(shape, dtype=np.int32))
    except Exception as e:
        print(type(e).__name__)

# symbolic scopes: dimensions from different scopes do not mix
a1, = export.symbolic_shape("a")
a2, = export.symbolic_shape("a")
try:
    print(a1 + a2)
except Exception as e:
    print(type(e).__name__)
scope = export.SymbolicScope()
p, = export.symbolic_shape("p", scope=scope)
q, = export.symbolic_shape("q", scope=scope)
print(p + q, p * q)

# division and max / min in dimensions
def halves(x):  # x: f32[2*k]
    n = x.shape[0]
    return x.reshape((2, n // 2)).sum(axis=0)


exp_h = export.export(jax.jit(halves))(
    jax.ShapeDtypeStruct(export.symbolic_shape("2*k"), jnp.float32))
print(exp_h.out_avals)
print(exp_h.call(jnp.arange(6.)))

def pad_to(x):  # x: f32[n]; the result has max(n, 4) elements
    n = x.shape[0]
    m = jax.core.max_dim(n, 4)
    return jnp.zeros((m,), x.dtype).at[:n].set(x)


exp_p = export.export(jax.jit(pad_to))(
    jax.ShapeDtypeStruct(export.symbolic_shape("n"), jnp.float32))
print(exp_p.out_avals)
print(exp_p.call(jnp.ones(2)), exp_p.call(jnp.ones(5)))
