# Explicit sharding: a two-layer model whose weights are sharded in their types, gradients
# sharded like the weights, sharded reductions, a broadcast combining shardings, and the
# ShardingTypeError / errors JAX raises for conflicting operand shardings
import jax
import jax.numpy as jnp
from jax.sharding import AxisType
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 16)) * 0.1, P("data", None))
    w1 = jax.device_put(jnp.ones((16, 32)) * 0.05, P(None, "model"))
    w2 = jax.device_put(jnp.ones((32, 4)) * 0.05, P("model", None))

    def model(params, x):
        w1, w2 = params
        h = jax.nn.relu(x @ w1)
        print("h:", jax.typeof(h))
        out = jnp.einsum("bh,ho->bo", h, w2, out_sharding=P("data", None))
        print("out:", jax.typeof(out))
        return out

    def loss(params, x):
        return jnp.mean(model(params, x) ** 2)

    l, g = jax.jit(jax.value_and_grad(loss))((w1, w2), x)
    print(l, jax.typeof(g[0]), jax.typeof(g[1]))
    print(jax.typeof(x.sum(axis=0)), jax.typeof(x.sum(axis=1)), jax.typeof(x.sum()))
    y = x + jnp.ones((16,))
    print(jax.typeof(y))
    print(jax.typeof(x.T), jax.typeof(x.reshape(8, 4, 4)), jax.typeof(x[:, :8]))
    try:
        jnp.ones(8, out_sharding=P("data")) + jax.device_put(jnp.ones(8), P("model"))
    except Exception as e:
        print(type(e).__name__)
    try:
        x @ jax.device_put(jnp.ones((16, 4)), P("data", None))
    except Exception as e:
        print(type(e).__name__)
    z = jnp.zeros((8, 4), out_sharding=P("data", "model"))
    print(jax.typeof(z), jax.typeof(jnp.zeros_like(z)), jax.typeof(jnp.arange(8, dtype=jnp.float32)))
    print(jax.typeof(jax.random.normal(jax.random.key(0), (8, 4), out_sharding=P(None, "model"))))
    upd = jax.jit(lambda p, g: jax.tree.map(lambda a, b: a - 0.1 * b, p, g))((w1, w2), g)
    print([str(jax.typeof(u)) for u in upd])
    print(jax.typeof(jnp.concatenate([x, x], axis=0)))
