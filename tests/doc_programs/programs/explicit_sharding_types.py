# Explicit sharding: shardings in types through elementwise ops, broadcasting, reductions,
# reshapes, transposes, einsum with out_sharding, reshard to replicated and back, jnp
# constructors with out_sharding, and a data-parallel MLP step whose grads keep the sharding
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, reshard

mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
with jax.set_mesh(mesh):
    x = jax.device_put(np.arange(32.).reshape(8, 4), P("data", None))
    w = jax.device_put(np.ones((4, 6), np.float32) / 4, P(None, "model"))
    print(jax.typeof(x), jax.typeof(w))
    print(jax.typeof(x * 2), jax.typeof(x + x), jax.typeof(jnp.sin(x)))
    print(jax.typeof(x.sum(axis=0)), jax.typeof(x.sum(axis=1)), jax.typeof(x.max()))
    print(jax.typeof(x.T), jax.typeof(x[:, None, :]))
    h = x @ w
    print(jax.typeof(h))
    print(jax.typeof(jnp.einsum("bi,io->bo", x, w, out_sharding=P("data", None))))
    print(jax.typeof(reshard(h, P())), reshard(h, P()).sharding.spec)
    print(jax.typeof(reshard(h, P(("data", "model"), None))))
    print(jax.typeof(jnp.zeros((8, 6), out_sharding=P("data", "model"))))
    print(jax.typeof(jnp.full((4,), 3., out_sharding=P("model"))))
    print(jax.typeof(jax.random.normal(jax.random.key(0), (8, 2), out_sharding=P("data"))))

    @jax.jit
    def step(params, batch):
        def loss(p):
            y = jnp.matmul(jnp.tanh(batch @ p["w1"]), p["w2"], out_sharding=P("data", None))
            return jnp.mean(y ** 2)
        l, g = jax.value_and_grad(loss)(params)
        print("grad types:", jax.typeof(g["w1"]), jax.typeof(g["w2"]))
        return l, jax.tree.map(lambda p, g: p - 0.1 * g, params, g)

    params = {"w1": jax.device_put(np.full((4, 6), 0.1, np.float32), P(None, "model")),
              "w2": jax.device_put(np.full((6, 2), 0.2, np.float32), P("model", None))}
    losses = []
    for _ in range(3):
        l, params = step(params, x / 32)
        losses.append(float(l))
    print(np.round(losses, 5), params["w1"].sharding.spec, params["w2"].sharding.spec)
    y = jax.jit(lambda a: a.reshape(8, 2, 2))(x)
    print(jax.typeof(y))
    print(jax.typeof(jnp.concatenate([x, x], axis=1)))
    print(jax.typeof(jnp.where(x > 3, x, 0.)))
    print(jax.typeof(jnp.broadcast_to(x[:, :1], (8, 4))))
    print(jax.typeof(x.astype(jnp.int32)))

print(NamedSharding(mesh, P("data")).spec, mesh.axis_types)
