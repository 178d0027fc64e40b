# jax.lax functions whose docstrings no other program runs: broadcast_like (with a sharded
# like_arr too), stage (lifting constants into a trace), shape_as_value, dce_sink, tokens from
# create_token / after_all
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

arr = jnp.array([1, 2, 3])
like_arr = jnp.zeros((2, 3))
print(lax.broadcast_like(arr, like_arr))
print(lax.broadcast_like(jnp.float32(2.0), jnp.ones((2, 2), jnp.int32)))
mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
with jax.set_mesh(mesh):
    like = jax.device_put(jnp.zeros((8, 4)), NamedSharding(mesh, P("x", None)))
    b = lax.broadcast_like(jnp.arange(4.0), like)
    print(b.shape, jax.typeof(b))

print(lax.stage(np.float32(3.0)), type(lax.stage(np.arange(3))).__name__)
print(jax.make_jaxpr(lambda x: x + lax.stage(np.ones(3, np.float32)))(jnp.zeros(3)))
print(lax.shape_as_value((2, 3)))
print(jax.jit(lambda x: lax.shape_as_value(x.shape) * 2)(jnp.ones((4, 5))))


@jax.jit
def f(x):
    y = x * 2
    lax.dce_sink(y)
    return x + 1


print(f(jnp.arange(3.0)))
print("dce_sink" in str(jax.make_jaxpr(f)(jnp.arange(3.0))))

tok = lax.create_token()
tok2 = lax.after_all(tok, lax.create_token())
print(type(tok).__name__, type(tok2).__name__)
print(jax.make_jaxpr(lambda: lax.after_all(lax.create_token(), lax.create_token()))())
