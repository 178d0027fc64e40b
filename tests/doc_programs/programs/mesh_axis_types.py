# jax.make_mesh with axis_types, NamedSharding / PartitionSpec placement and
# jax.debug.visualize_array_sharding of the resulting arrays, jax.typeof under Explicit axes
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'), axis_types=(AxisType.Auto, AxisType.Auto))
print(mesh.shape, mesh.axis_names, mesh.axis_types)
print(mesh.size, mesh.devices.shape)

x = jnp.arange(32.0).reshape(8, 4)
for spec in [P('x', 'y'), P('y', None), P(None, 'x'), P(('x', 'y'),), P()]:
    arr = jax.device_put(x, NamedSharding(mesh, spec))
    print(spec, arr.sharding.shard_shape(arr.shape), arr.sharding.is_fully_replicated)
    jax.debug.visualize_array_sharding(arr)

emesh = jax.make_mesh((2, 4), ('x', 'y'), axis_types=(AxisType.Explicit, AxisType.Explicit))
print(emesh.axis_types)
a = jax.device_put(np.arange(16.0).reshape(4, 4), NamedSharding(emesh, P('x', 'y')))
print(jax.typeof(a))
b = jax.device_put(np.ones((4, 2)), NamedSharding(emesh, P('y', None)))
print(jax.typeof(b))


@jax.jit
def layer(a, b):
    c = jnp.sin(a)
    print("inside:", jax.typeof(c))
    return c @ b.astype(c.dtype)


with jax.set_mesh(emesh):
    try:
        out = layer(a, b)
        print(jax.typeof(out))
    except Exception as e:
        print(type(e).__name__)
    out = layer(a, jax.sharding.reshard(b, P(None, None)))
    print(jax.typeof(out))
    jax.debug.visualize_array_sharding(out)

mixed = jax.make_mesh((2, 2, 2), ('a', 'b', 'c'),
                      axis_types=(AxisType.Explicit, AxisType.Auto, AxisType.Manual))
print(mixed.axis_types, mixed.explicit_axes if hasattr(mixed, 'explicit_axes') else None)
m1 = jax.make_mesh((8,), ('d',))
print(m1.axis_types)
v = jax.device_put(jnp.arange(16), NamedSharding(m1, P('d')))
jax.debug.visualize_array_sharding(v)
jax.debug.visualize_array_sharding(v, use_color=False)
