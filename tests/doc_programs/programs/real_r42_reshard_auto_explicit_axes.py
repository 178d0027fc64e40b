# "Explicit sharding" tutorial: reshard between specs, auto_axes / explicit_axes around code
# that wants the other mode, typeof showing the sharded types, out_sharding on matmuls
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
with jax.set_mesh(mesh):
    x = jax.device_put(jnp.arange(32.0).reshape(8, 4), P("X", "Y"))
    print(jax.typeof(x))
    y = jax.sharding.reshard(x, P("Y", None))
    print(jax.typeof(y), y.sharding.spec)
    z = jax.sharding.reshard(x, P())
    print(jax.typeof(z))

    @jax.jit
    def f(a):
        b = jnp.sin(a) * 2
        print("inside f:", jax.typeof(b))
        return b.sum(axis=0)

    r = f(x)
    print(jax.typeof(r), r)

    @jax.sharding.auto_axes
    def g(a):
        return (a @ a.T).sum(axis=1)

    out = g(x, out_sharding=P("X"))
    print(jax.typeof(out), out)

    @jax.jit
    def h(a, w):
        return jnp.matmul(a, w, out_sharding=P("X", None))

    w = jax.device_put(jnp.ones((4, 3)), P("Y", None))
    hw = h(x, w)
    print(jax.typeof(hw), jax.sharding.reshard(hw, P())[0])
    print(jax.typeof(jnp.einsum("ij,jk->ik", x, w, out_sharding=P(None, None))))
    print(jnp.allclose(hw, x @ jax.sharding.reshard(w, P())))

auto_mesh = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Auto, AxisType.Auto))
with jax.set_mesh(auto_mesh):
    a = jax.device_put(jnp.arange(16.0).reshape(4, 4), NamedSharding(auto_mesh, P("X", None)))

    @jax.sharding.explicit_axes(axes=("X",))
    def e(v):
        print("explicit inside:", jax.typeof(v))
        return v * 3

    res = jax.jit(lambda v: e(v, in_sharding=P("X", None)))(a)
    print(res.sum(), jax.typeof(res))
