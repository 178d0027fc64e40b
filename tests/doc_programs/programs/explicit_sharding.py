# Explicit sharding (sharding in types)
import jax
import numpy as np
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType, get_abstract_mesh, reshard

some_array = np.arange(8)
print(f"JAX-level type of some_array: {jax.typeof(some_array)}")


@jax.jit
def foo(x):
    print(f"JAX-level type of x during tracing: {jax.typeof(x)}")
    return x + x


foo(some_array)
mesh = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
print(f"Mesh axis names: {mesh.axis_names}")
print(mesh.axis_types)
jax.set_mesh(mesh)
replicated_array = np.arange(8).reshape(4, 2)
sharded_array = jax.device_put(replicated_array, P("X", None))
print(f"replicated_array type: {jax.typeof(replicated_array)}")
print(f"sharded_array type: {jax.typeof(sharded_array)}")
arg0 = jax.device_put(np.arange(4).reshape(4, 1), P("X", None))
arg1 = jax.device_put(np.arange(8).reshape(1, 8), P(None, "Y"))


@jax.jit
def add_arrays(x, y):
    ans = x + y
    print(f"x sharding: {jax.typeof(x)}")
    print(f"y sharding: {jax.typeof(y)}")
    print(f"ans sharding: {jax.typeof(ans)}")
    return ans


result = add_arrays(arg0, arg1)
print(result.sharding.spec)
arg0 = jax.device_put(np.arange(16).reshape(4, 4), P("X", None))
arg1 = jax.device_put(np.arange(16).reshape(4, 4), P(None, "X"))


@jax.jit
def add_arrays2(x, y):
    return x + y


try:
    add_arrays2(arg0, arg1)
except Exception as e:
    print(type(e).__name__)


@jax.jit
def matmul_ok(x, y):
    out = jnp.matmul(x, y, out_sharding=P("X", None))
    print(f"out sharding: {jax.typeof(out)}")
    return out


print(matmul_ok(arg0, jax.device_put(np.arange(16.).reshape(4, 4), P(None, None))).sharding.spec)


@jax.jit
def resharded(x):
    y = reshard(x, P(None, "Y"))
    print(f"y: {jax.typeof(y)}")
    return y


print(resharded(arg0).sharding.spec)
print(get_abstract_mesh().axis_names)


@jax.jit
def f_shape_only(x):
    return jnp.sum(x, axis=0)


out = f_shape_only(arg0)
print(jax.typeof(out))
x = jax.device_put(np.arange(16.).reshape(4, 4), P("X", "Y"))
print(jax.typeof(x * 2))
print(jax.typeof(x.T))
print(jax.typeof(jnp.sin(x)))
print(jax.typeof(jax.grad(lambda x: jnp.sum(x ** 2))(x)))
print(jax.typeof(jax.vmap(lambda r: r * 2)(x)))
print(jax.typeof(jnp.zeros((4, 8), out_sharding=P("X", None))))
