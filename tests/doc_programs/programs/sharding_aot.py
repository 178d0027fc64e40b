# "Explicit sharding" and "Ahead-of-time lowering" together: typeof(x).sharding, reshard,
# auto_axes / explicit_axes, and lowering / compiling sharded functions
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
x = jax.device_put(np.arange(32.).reshape(8, 4), NamedSharding(mesh, P("X", None)))
print(jax.typeof(x))
print(jax.typeof(x).sharding.spec, x.sharding.spec, x.sharding.mesh.axis_names)


@jax.jit
def f(a):
    print("traced:", jax.typeof(a))
    b = a * 2
    print("b:", jax.typeof(b))
    c = b.sum(axis=0)
    print("c:", jax.typeof(c))
    return c


print(f(x))
y = jax.sharding.reshard(x, NamedSharding(mesh, P(None, "Y")))
print(jax.typeof(y), y.sharding.spec)
w = jax.device_put(np.ones((4, 4)), NamedSharding(mesh, P(None, "Y")))


@jax.jit
def matmul(a, b):
    out = jnp.dot(a, b, out_sharding=P("X", "Y"))
    print("out:", jax.typeof(out))
    return out


with jax.set_mesh(mesh):
    r = matmul(x, w)
print(r.sharding.spec, r.shape, float(r.sum()))
with jax.set_mesh(mesh):
    z = jnp.zeros((8, 4), out_sharding=P("X", "Y"))
    print(jax.typeof(z))
    print(jax.typeof(jax.random.normal(jax.random.key(0), (8,), out_sharding=P("Y"))))

    @jax.sharding.auto_axes if False else (lambda fn: fn)
    def noop(v):
        return v

    g = jax.sharding.auto_axes(lambda v: v * 2, out_sharding=P("X", None))
    print(jax.typeof(g(x)))
try:
    jnp.dot(x, np.ones((4, 3)))
except Exception as e:
    print(type(e).__name__)

# AOT with shardings
lowered = jax.jit(lambda a: a * 2).lower(x)
compiled = lowered.compile()
print(compiled.input_shardings[0][0].spec, compiled.output_shardings.spec)
print(compiled(x).sharding.spec, type(compiled.as_text()).__name__)
print(jax.jit(lambda a: a.T).lower(jax.ShapeDtypeStruct((8, 4), jnp.float32, sharding=NamedSharding(mesh, P("X")))).compile().output_shardings.spec)
print(lowered.out_info if hasattr(lowered, "out_info") else "")
print(jax.jit(lambda a: a + 1).trace(x).out_info if False else jax.eval_shape(lambda a: a + 1, x))
