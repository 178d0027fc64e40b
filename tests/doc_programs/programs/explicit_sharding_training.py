# Explicit sharding ("sharding in types"): a data-parallel MLP step under jax.set_mesh with an
# Explicit mesh, jax.typeof(x).sharding inside jit, out_sharding= on jnp functions and random
# samplers, reshard between layouts, auto_axes / explicit_axes around a function
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
print(mesh.axis_types)
with jax.set_mesh(mesh):
    x = jax.device_put(jnp.arange(32.).reshape(8, 4) / 10, P("data", None))
    w = jax.device_put(jnp.ones((4, 6)) * 0.1, P(None, "model"))
    print(jax.typeof(x))
    print(jax.typeof(w).sharding.spec)

    @jax.jit
    def layer(x, w):
        y = x @ w
        print("inside:", jax.typeof(y).sharding.spec)
        return jax.nn.relu(y)

    y = layer(x, w)
    print(y.sharding.spec, jax.typeof(y))
    z = jnp.zeros((8, 6), out_sharding=P("data", "model"))
    print(z.sharding.spec)
    r = jax.random.normal(jax.random.key(0), (8, 4), out_sharding=P("data"))
    print(jax.typeof(r).sharding.spec)
    o = jnp.ones((4,), out_sharding=P("model"))
    print(o.sharding.spec)
    m = jnp.matmul(x, w, out_sharding=P("data", None))
    print(m.sharding.spec)
    e = jnp.einsum("bi,io->bo", x, w, out_sharding=P(None, "model"))
    print(e.sharding.spec)
    rs = jnp.reshape(x, (4, 8), out_sharding=P("data", None))
    print(rs.sharding.spec)
    moved = jax.sharding.reshard(x, P(None, "model"))
    print(moved.sharding.spec, jnp.allclose(moved, x))

    # data-parallel training step: gradients of replicated weights come back replicated
    def loss(params, x, y):
        h = jnp.tanh(x @ params["w1"])
        return jnp.mean((h @ params["w2"] - y) ** 2)

    params = {"w1": jnp.full((4, 8), 0.1), "w2": jnp.full((8, 1), 0.1)}
    params = jax.tree.map(lambda a: jax.device_put(a, P()), params)
    targets = jax.device_put(jnp.ones((8, 1)), P("data", None))

    @jax.jit
    def step(params, x, y):
        l, g = jax.value_and_grad(loss)(params, x, y)
        return jax.tree.map(lambda p, g: p - 0.1 * g, params, g), l

    for _ in range(3):
        params, l = step(params, x, targets)
    print(round(float(l), 5), params["w1"].sharding.spec, jax.typeof(params["w2"]).sharding.spec)

    # auto_axes: run a function with the axes Auto (the compiler picks the inner shardings)
    @jax.sharding.auto_axes
    def auto_add(a, b):
        return a + b.T

    s = auto_add(x, x.T, out_sharding=P("data", None))
    print(s.sharding.spec)

    @jax.jit
    def explicit_inside(a):
        print("explicit inside:", jax.typeof(a).sharding.spec)
        return a * 2

    auto_mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
with jax.set_mesh(auto_mesh):
    f = jax.sharding.explicit_axes(explicit_inside, in_sharding=P("data", None))
    a = jax.device_put(jnp.ones((8, 2)), NamedSharding(auto_mesh, P("data")))
    print(jax.jit(f)(a).shape)
print(jax.sharding.get_abstract_mesh().empty)
