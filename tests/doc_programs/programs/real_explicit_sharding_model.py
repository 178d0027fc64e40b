# Explicit sharding in a small model: make_mesh with AxisType.Explicit, set_mesh as a context,
# shardings in types (jax.typeof), reshard, out_sharding on a matmul, auto_axes, and a training
# step whose gradients keep their parameters' shardings
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
print(mesh.axis_names, mesh.axis_types, mesh.shape)

with jax.set_mesh(mesh):
    a = jax.device_put(jnp.arange(32.0).reshape(8, 4), P("x", None))
    w = jax.device_put(jnp.ones((4, 8)) / 4, P(None, "y"))
    print(jax.typeof(a), jax.typeof(w))
    h = a @ w
    print(jax.typeof(h))
    s = jnp.sum(h, axis=0)
    print(jax.typeof(s), s.sharding.spec)
    r = jax.sharding.reshard(h, P(None, "x"))
    print(jax.typeof(r), float(r.sum()) == float(h.sum()))
    z = jnp.einsum("bd,df->bf", a, w, out_sharding=P("x", None))
    print(jax.typeof(z))

    @jax.jit
    def f(x):
        y = jnp.sin(x) * 2
        print("trace", jax.typeof(y))
        return y.T

    out = f(a)
    print(jax.typeof(out), out.sharding)

    def loss(params, x):
        h = jnp.tanh(x @ params["w1"])
        return jnp.mean(jnp.einsum("bh,ho->bo", h, params["w2"], out_sharding=P("x", None)))

    params = {"w1": jax.device_put(jnp.full((4, 8), 0.1), P(None, "y")),
              "w2": jax.device_put(jnp.full((8, 2), 0.1), P("y", None))}
    g = jax.jit(jax.grad(loss))(params, a)
    print({k: jax.typeof(v) for k, v in g.items()})
    print(jnp.round(g["w1"][0, :3], 4))

    @jax.sharding.auto_axes
    def gather_rows(x, idx):
        return x[idx]

    rows = gather_rows(a, jnp.array([0, 3, 5]), out_sharding=P(None, None))
    print(rows, jax.typeof(rows))
    try:
        jax.sharding.reshard(jnp.ones(3), P("x"))
    except Exception as e:
        print(type(e).__name__)
    print(jax.sharding.get_abstract_mesh().axis_names, jax.sharding.get_abstract_mesh().are_all_axes_explicit)
print(jax.sharding.get_abstract_mesh().empty)
