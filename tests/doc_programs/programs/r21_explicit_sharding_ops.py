# The "Explicit sharding" page's sharding-in-types rules through ops it lists: elementwise of a
# sharded and a replicated operand, reductions over sharded and unsharded axes, transposes,
# reshapes that split / merge a sharded dimension, concatenate along an unsharded axis,
# broadcasting, expand_dims / squeeze, dot with a contracted sharded axis and out_sharding,
# argmax, cumsum along an unsharded axis, jnp.take, and jax.typeof of each result
import jax
import jax.numpy as jnp
from jax.sharding import AxisType
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
with jax.set_mesh(mesh):
    a = jax.device_put(jnp.arange(64.0).reshape(8, 8), P("x", "y"))
    r = jax.device_put(jnp.ones((8, 8)), P())
    v = jax.device_put(jnp.arange(8.0), P("x"))
    print(jax.typeof(a), jax.typeof(r), jax.typeof(v))

    @jax.jit
    def ops(a, r, v):
        out = {}
        out["add"] = a + r
        out["scalar"] = a * 2.0
        out["sum0"] = a.sum(axis=0)
        out["sum1"] = a.sum(axis=1)
        out["sum"] = a.sum()
        out["T"] = a.T
        out["bcast"] = a + v[:, None]
        out["expand"] = jnp.expand_dims(v, 0)
        out["squeeze"] = jnp.squeeze(jnp.expand_dims(v, 1), 1)
        out["max1"] = jnp.max(a, axis=1)
        out["argmax0"] = jnp.argmax(a, axis=0)
        out["cumsum"] = jnp.cumsum(r, axis=1)
        out["neg"] = -a
        out["exp"] = jnp.exp(a / 64)
        out["cast"] = a.astype(jnp.int32)
        out["where"] = jnp.where(a > 10, a, 0.0)
        return out

    outs = ops(a, r, v)
    for k, val in outs.items():
        print(k, jax.typeof(val))

    @jax.jit
    def mm(a, b):
        return jnp.dot(a, b, out_sharding=P("x", None))

    b = jax.device_put(jnp.ones((8, 4)), P("y", None))
    c = mm(a, b)
    print(jax.typeof(c), c.at[0].get(out_sharding=P(None)))

    @jax.jit
    def reshapes(v):
        return jnp.reshape(v, (4, 2), out_sharding=P("x", None))

    print(jax.typeof(reshapes(v)))
    print(
        jax.typeof(
            jax.jit(lambda a: jnp.concatenate([a, a], axis=1))(
                jax.device_put(jnp.ones((8, 2)), P("x", None))
            )
        )
    )
    print(jax.typeof(jax.jit(lambda a: jnp.zeros_like(a))(a)))
    print(jax.typeof(jax.jit(lambda: jnp.zeros((8, 4), out_sharding=P("x", None)))()))
    print(jax.typeof(jax.jit(lambda: jnp.ones((8,), out_sharding=P("x")))()))
    print(jax.typeof(jax.jit(lambda a: a[2:6])(jax.device_put(jnp.ones((8, 4)), P(None, "y")))))
    print(
        jax.typeof(
            jax.jit(lambda k: jax.random.normal(k, (8, 4), out_sharding=P("x", "y")))(
                jax.random.key(0)
            )
        )
    )
