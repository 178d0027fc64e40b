# Explicit sharding deep-dive: AxisType Explicit / Auto / Manual meshes, shardings in types
# (jax.typeof, P in avals), reshard, out_sharding= on jnp creation and contraction ops,
# sharding rules of elementwise / reduction / transpose / reshape, auto_axes / explicit_axes,
# and the errors explicit sharding raises
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, reshard

mesh = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
print(mesh.axis_names, mesh.axis_types, mesh.shape)
print(AxisType.Explicit, AxisType.Auto, AxisType.Manual)

with jax.set_mesh(mesh):
    a = jnp.arange(32.0).reshape(8, 4)
    print(jax.typeof(a))
    b = reshard(a, P("X", None))
    print(jax.typeof(b), b.sharding.spec)
    c = reshard(a, P("X", "Y"))
    print(jax.typeof(c))
    print(jax.typeof(c * 2 + 1))
    print(jax.typeof(jnp.sin(c)))
    print(jax.typeof(c.sum(axis=0)), jax.typeof(c.sum(axis=1)), jax.typeof(c.sum()))
    print(jax.typeof(c.T), jax.typeof(jnp.transpose(c)))
    print(jax.typeof(b[None]), jax.typeof(b[:, None]))
    z = jnp.zeros((8, 8), out_sharding=P("X", "Y"))
    print(jax.typeof(z))
    o = jnp.ones((16,), out_sharding=P("Y"))
    print(jax.typeof(o), o.sharding)
    r = jnp.arange(8, out_sharding=P("X"))
    print(jax.typeof(r))
    f = jnp.full((4, 8), 3.0, out_sharding=P(None, "Y"))
    print(jax.typeof(f))

    x = reshard(jnp.ones((8, 16)), P("X", "Y"))
    w = reshard(jnp.ones((16, 4)), P("Y", None))
    try:
        jnp.dot(x, w)
    except Exception as e:
        print(type(e).__name__)
    y = jnp.dot(x, w, out_sharding=P("X", None))
    print(jax.typeof(y), float(y.sum()))
    y2 = jnp.matmul(x, w, out_sharding=P(None, None))
    print(jax.typeof(y2))
    e = jnp.einsum("ij,jk->ik", x, w, out_sharding=P("X", None))
    print(jax.typeof(e))

    @jax.jit
    def f1(u):
        print("inside:", jax.typeof(u))
        v = u * 2
        print("v:", jax.typeof(v))
        return reshard(v, P(None, "X"))

    out = f1(b)
    print(jax.typeof(out), out.sharding.spec)

    @jax.jit
    def reshape_it(u):
        return u.reshape(32, out_sharding=P("X"))

    print(jax.typeof(reshape_it(b)))

    try:
        jnp.add(b, reshard(a, P(None, "X")))
    except Exception as e:
        print(type(e).__name__)

    @jax.sharding.auto_axes
    def auto_add(u):
        print("auto:", jax.typeof(u))
        return u + 1

    r2 = auto_add(c, out_sharding=P("X", None))
    print(jax.typeof(r2))

    @jax.sharding.explicit_axes(in_sharding=P("X", None))
    def explicit_sum(u):
        print("explicit:", jax.typeof(u))
        return u.sum(axis=0)

mesh2 = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Auto, AxisType.Auto))
with jax.set_mesh(mesh2):
    u = jax.device_put(jnp.arange(16.0).reshape(4, 4), P("X", "Y"))
    print(jax.typeof(u))
    print(explicit_sum(u), jax.typeof(explicit_sum(u)))

mesh3 = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Auto))
print(mesh3.axis_types, mesh3.explicit_axes, mesh3.auto_axes)
with jax.set_mesh(mesh3):
    v = reshard(jnp.arange(8.0).reshape(2, 4), P("X", None))
    print(jax.typeof(v))
    print(jax.sharding.get_abstract_mesh().axis_types)
print(jax.sharding.get_abstract_mesh().empty)
s = NamedSharding(mesh, P("X", "Y"))
print(s, s.spec, s.mesh.axis_names)
print(jax.typeof(jax.device_put(jnp.ones((4, 8)), s)))
print(P("X", None) == P("X"), P(("X", "Y")), P("X", unreduced={"Y"}), P("X") + (None,), P("X", None).partitions)
