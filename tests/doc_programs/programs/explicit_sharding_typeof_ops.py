# The explicit sharding page's "sharding in types" walk-through: typeof of arguments and results,
# reshard, binary ops of matching / mismatched shardings, reductions and reshapes on sharded
# dims, jnp.einsum with out_sharding, and auto_axes / explicit_axes.
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType, NamedSharding, reshard, auto_axes, explicit_axes

mesh = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
with jax.set_mesh(mesh):
    a = reshard(jnp.arange(32.0).reshape(8, 4), P("X", "Y"))
    b = reshard(jnp.ones((4, 8)), P("Y", None))
    print(jax.typeof(a), jax.typeof(b))

    @jax.jit
    def f(a, b):
        c = a * 2
        print("c", jax.typeof(c))
        d = jnp.sum(a, axis=0)
        print("sum", jax.typeof(d))
        e = a.T
        print("T", jax.typeof(e))
        g = jnp.einsum("ij,jk->ik", a, b, out_sharding=P("X", None))
        print("einsum", jax.typeof(g))
        h = reshard(a, P(None, "Y"))
        print("reshard", jax.typeof(h))
        r = jnp.reshape(a, (2, 4, 4), out_sharding=P("X", None, "Y"))
        print("reshape", jax.typeof(r))
        try:
            a.reshape(8, 2, 2)
        except Exception as e:
            print(type(e).__name__)
        return g, h

    g, h = f(a, b)
    print(g.sharding.spec, h.sharding.spec, jnp.sum(g))
    try:
        jax.jit(lambda a, b: a @ b)(a, b)
    except Exception as e:
        print(type(e).__name__)
    try:
        jax.jit(lambda a: a + reshard(a, P("Y", "X")))(a)
    except Exception as e:
        print(type(e).__name__)

    @auto_axes
    def auto_matmul(x, y):
        print("auto", jax.typeof(x))
        return x @ y

    print(jax.typeof(auto_matmul(a, b, out_sharding=P("X", None))))
    print(jax.typeof(jax.jit(lambda v: jnp.zeros_like(v))(a)), jax.typeof(jnp.ones((8,), out_sharding=P("X"))))
    print(jax.typeof(jax.random.normal(jax.random.key(0), (8, 4), out_sharding=P("X", "Y"))))
    print(jax.sharding.get_abstract_mesh().axis_types, jax.sharding.get_abstract_mesh().shape)
    print(jax.typeof(jnp.arange(8.0)), jax.typeof(jax.device_put(jnp.arange(8.0), P("X"))))
