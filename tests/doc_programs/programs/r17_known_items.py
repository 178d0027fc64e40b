# Round 17's known items: jnp.sum / mean with an array axis, a custom_jvp rule returning a Python
# float tangent under jit and grad, shard_map's eqn params
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

x = jnp.arange(6.).reshape(2, 3)
for axis in (1, (0,), -1):
    print(jnp.sum(x, axis=axis))
try:
    print(jnp.sum(x, axis=jnp.array(1)))
except Exception as e:
    print(type(e).__name__)
try:
    print(jnp.mean(x, axis=jnp.int32(0)))
except Exception as e:
    print(type(e).__name__)


@jax.custom_jvp
def f(x):
    return x * 2.0


@f.defjvp
def f_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return f(x), 2.0 * t


print(jax.jit(lambda x: jax.jvp(f, (x,), (1.0,)))(3.0))
print(jax.grad(f)(3.0))

mesh = jax.make_mesh((8,), ("i",), axis_types=(jax.sharding.AxisType.Auto,))


def body(a):
    return jax.lax.psum(a, "i")


sm = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())
jaxpr = jax.make_jaxpr(sm)(jnp.arange(8.))
eqn = jaxpr.eqns[0]
print(eqn.primitive)
print(eqn.params["mesh"], eqn.params["in_specs"], eqn.params["out_specs"])
