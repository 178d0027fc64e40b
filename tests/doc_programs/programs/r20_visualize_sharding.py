# jax.debug.visualize_sharding (a shape and a sharding, no array) for 1D and 2D shapes over
# meshes of several layouts, partially replicated specs, color off, and
# visualize_array_sharding of arrays laid out by jit's out_shardings
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
for spec in [P("x", "y"), P("y", "x"), P("x"), P(None, "y"), P(), P(("x", "y"))]:
    print(spec)
    shape = (8,) if spec == P(("x", "y")) else (8, 8)
    jax.debug.visualize_sharding(shape, NamedSharding(mesh, spec), use_color=False)

mesh1 = jax.make_mesh((8,), ("d",), axis_types=(jax.sharding.AxisType.Auto,))
jax.debug.visualize_sharding((16,), NamedSharding(mesh1, P("d")), use_color=False)
jax.debug.visualize_sharding((16, 4), NamedSharding(mesh1, P(None, None)), use_color=False)

f = jax.jit(lambda a: a * 2, out_shardings=NamedSharding(mesh, P("y", "x")))
out = f(jnp.arange(64.0).reshape(8, 8))
jax.debug.visualize_array_sharding(out, use_color=False)
jax.debug.visualize_array_sharding(jax.device_put(jnp.ones(8), jax.devices()[3]), use_color=False)
