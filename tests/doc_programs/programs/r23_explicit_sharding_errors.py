# "Explicit sharding" page: the errors sharding-in-types raises, printed whole: a contraction of
# two operands sharded on the same mesh axis in conflicting dimensions, adding arrays with
# different shardings, reshard to an indivisible dimension, a reshape that splits a sharded
# dimension, out_sharding naming an axis twice, and the fixes (reshard, out_sharding)
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P
from jax.sharding import reshard


def show(fn, *args, **kwargs):
    try:
        out = fn(*args, **kwargs)
        print("ok", out.shape, jax.typeof(out))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            print("   ", line)


mesh = jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit,) * 2)
with jax.set_mesh(mesh):
    a = reshard(jnp.arange(32.0).reshape(8, 4), P("x", "y"))
    b = reshard(jnp.arange(32.0).reshape(4, 8), P("x", "y"))
    c = reshard(jnp.arange(32.0).reshape(8, 4), P("y", "x"))
    print(jax.typeof(a), jax.typeof(b), jax.typeof(c))
    show(jnp.dot, a, b)
    show(lambda: a + c)
    show(lambda: a * 2 + a)
    show(reshard, jnp.ones(6), P("y"))
    show(lambda: a.reshape(2, 16))
    show(lambda: a.reshape(32))
    show(lambda: jnp.dot(a, b, out_sharding=P("x", None)))
    show(lambda: jnp.dot(a, reshard(b, P(None, "y"))))
    show(lambda: jnp.dot(a, b, out_sharding=P("x", "x")))
    show(lambda: a + reshard(c, P("x", "y")))
    show(lambda: jnp.sum(a, axis=0))
    show(lambda: a.T)
    show(lambda: jnp.concatenate([a, a], axis=0))
    show(jax.jit(lambda u: u @ u.T), a)
    show(lambda: jnp.zeros((8, 4), out_sharding=P("x", "y")))
    show(lambda: jax.device_put(jnp.ones((8, 4)), P("x", "y")) * a)
    show(lambda: NamedSharding(mesh, P("z")))
