# Explicit sharding tools: jax.sharding.reshard, auto_axes and explicit_axes, jax.typeof of
# sharded values, out_sharding= on jnp creation functions and matmuls, under jax.set_mesh used as
# a context manager (JAX 0.10.2)
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, reshard, auto_axes, explicit_axes

mesh = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
with jax.set_mesh(mesh):
    a = jax.device_put(np.arange(32.).reshape(8, 4), P("X", "Y"))
    print(jax.typeof(a))
    b = reshard(a, P("Y", None))
    print(jax.typeof(b), b.sharding.spec)

    @jax.jit
    def f(x):
        y = reshard(x, P(None, "Y"))
        print("traced:", jax.typeof(y))
        return y * 2

    print(f(a).sharding.spec)

    @auto_axes
    def g(x):
        print("inside auto_axes:", jax.typeof(x))
        return jnp.sin(x) + x.T.sum()

    out = jax.jit(lambda x: g(x, out_sharding=P("X", None)))(a)
    print(jax.typeof(out))
    w = jax.device_put(np.ones((4, 3), np.float32), P(None, None))
    c = jnp.matmul(a, w, out_sharding=P("X", None))
    print(jax.typeof(c), float(c.sum()))
    z = jnp.zeros((8, 2), out_sharding=P("X", None))
    print(jax.typeof(z))
    print(jax.typeof(jnp.ones_like(a)))
    print(jax.typeof(jax.jit(lambda x: x.sum(axis=0))(a)))

amesh = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Auto, AxisType.Auto))
with jax.set_mesh(amesh):
    u = jax.device_put(np.arange(16.).reshape(4, 4), P("X", None))
    print(jax.typeof(u))

    @explicit_axes(axes=("X",))
    def h(x):
        print("inside explicit_axes:", jax.typeof(x))
        return x * 3

    r = jax.jit(lambda x: h(x, in_sharding=P("X", None)))(u)
    print(r.shape, float(r.sum()))
    print(jax.sharding.get_abstract_mesh().axis_types)
print(jax.sharding.get_abstract_mesh().empty)
