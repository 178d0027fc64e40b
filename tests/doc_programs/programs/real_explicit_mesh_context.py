# A data- and tensor-parallel MLP under `with jax.set_mesh(mesh)` on an Explicit 2x4 mesh:
# parameters created with jax.device_put to PartitionSpecs, activations' shardings read from
# jax.typeof inside jit, matmuls whose contracting dimension is sharded resolved with
# out_sharding=, jax.sharding.reshard between layouts, jnp.zeros / jnp.ones with out_sharding,
# the gradient's shardings matching the parameters', and the sharding context leaving no trace
# after the block
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
B, D, F = 8, 16, 32
kx, k1, k2 = jax.random.split(jax.random.key(0), 3)

with jax.set_mesh(mesh):
    x = jax.device_put(jax.random.normal(kx, (B, D)), P("data", None))
    params = {
        "w1": jax.device_put(jax.random.normal(k1, (D, F)) / 4, P(None, "model")),
        "w2": jax.device_put(jax.random.normal(k2, (F, D)) / 6, P("model", None)),
    }
    print(jax.typeof(x), jax.typeof(params["w1"]))

    traced_types = []

    @jax.jit
    def forward(p, x):
        h = jax.nn.relu(x @ p["w1"])
        traced_types.append(jax.typeof(h))
        out = jnp.matmul(h, p["w2"], out_sharding=P("data", None))
        traced_types.append(jax.typeof(out))
        return out

    def loss2(p, x):
        h = jax.nn.relu(x @ p["w1"])
        out = jnp.matmul(h, p["w2"], out_sharding=P("data", None))
        return jnp.mean((out - x) ** 2)

    y = forward(params, x)
    print(y.sharding.spec, traced_types)
    l, g = jax.jit(jax.value_and_grad(loss2))(params, x)
    print(float(l) > 0, {k: v.sharding.spec for k, v in g.items()})
    replicated = jax.sharding.reshard(y, P())
    model_major = jax.sharding.reshard(y, P(None, "model"))
    print(replicated.sharding.spec, model_major.sharding.spec, bool(jnp.allclose(replicated, model_major)))
    z = jnp.zeros((B, F), out_sharding=P("data", "model"))
    o = jnp.ones((4,), out_sharding=P("model"))
    print(z.sharding.spec, o.sharding.spec, jax.typeof(z))

    @jax.jit
    def step(p, x):
        l, g = jax.value_and_grad(loss2)(p, x)
        return jax.tree.map(lambda a, b: a - 0.1 * b, p, g), l

    ls = []
    for _ in range(20):
        params, l = step(params, x)
        ls.append(float(l))
    print(ls[0], ls[-1] < ls[0], params["w2"].sharding.spec)
    print(jax.sharding.get_abstract_mesh().axis_names, jax.sharding.get_abstract_mesh().axis_types)

print(jax.sharding.get_abstract_mesh().empty, y.sharding.mesh.shape)
plain = jnp.ones(3)
print(plain.sharding.spec if hasattr(plain.sharding, "spec") else type(plain.sharding).__name__)
