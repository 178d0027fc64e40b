# "Explicit sharding": a mesh mixing Explicit and Auto axes, explicit_axes / auto_axes switching
# axis types inside jit, and the errors of indexing (gather / scatter) along a sharded dimension
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P, reshard, explicit_axes, auto_axes


def show(fn, *args):
    try:
        out = fn(*args)
        print("ok", jax.typeof(out), float(out.sum()))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines()[:3]:
            print("   ", line)


mesh = jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit, AxisType.Auto))
print(mesh.axis_types, mesh.explicit_axes, mesh.auto_axes)


@explicit_axes(axes=("y",))
def double(a):
    print("inside explicit_axes:", jax.typeof(a))
    return a * 2


@auto_axes(axes="x")
def add_one(a):
    print("inside auto_axes:", jax.typeof(a))
    return a + 1


with jax.set_mesh(mesh):
    a = jax.device_put(jnp.arange(32.0).reshape(8, 4), P("x", None))
    print(jax.typeof(a))
    show(jax.jit(lambda a: double(a, in_sharding=P(None, "y"))), a)
    show(jax.jit(lambda a: double(a, in_sharding=P("x", "y"))), a)
    show(lambda: double(a, in_sharding=P("x", "y")))
    g = explicit_axes(lambda a: a @ a.T, axes="y", in_sharding=P("x", None))
    show(jax.jit(g), a)
    show(jax.jit(lambda a: add_one(a, out_sharding=P("x", None))), a)
    show(jax.jit(lambda a: add_one(a, out_sharding=P(None, None))), a)
    show(jax.jit(lambda a: jnp.sin(a) + a), a)

full = jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit,) * 2)
with jax.set_mesh(full):
    b = reshard(jnp.arange(32.0).reshape(8, 4), P("x", "y"))
    idx = jnp.array([0, 2, 5])
    show(lambda: b[idx])
    show(lambda: b[:, jnp.array([0, 1])])
    show(lambda: b.at[idx].set(1.0))
    show(lambda: b.at[idx].add(jnp.ones((3, 4))))
    show(lambda: jnp.take(b, idx, axis=0))
    show(lambda: b.at[:, jnp.array([0, 1])].set(0.0))
    show(lambda: b.at[idx].get(out_sharding=P(None, "y")))
    show(lambda: b.at[idx].set(1.0, out_sharding=P("x", "y")))
    show(jax.jit(lambda b, i: b[i]), b, idx)
    show(lambda: b[2:6])
    show(lambda: b[:, 1])
