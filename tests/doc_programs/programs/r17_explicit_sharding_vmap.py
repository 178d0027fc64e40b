# "Explicit sharding" with vmap's spmd_axis_name, reshard inside jit, typeof of intermediate
# values through reductions / transposes / einsum, out_sharding on jnp creation functions,
# auto_axes / explicit_axes, sharding-in-types errors named as JAX's
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, reshard

mesh = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.sharding.set_mesh(mesh)
x = reshard(jnp.arange(32.).reshape(8, 4), P("X", "Y"))
print(jax.typeof(x))


@jax.jit
def f(x):
    print("x", jax.typeof(x))
    y = x.T
    print("y", jax.typeof(y))
    s = y.sum(axis=0)
    print("s", jax.typeof(s))
    z = jnp.einsum("ij,jk->ik", x, y, out_sharding=P("X", None))
    print("z", jax.typeof(z))
    w = jnp.zeros((8, 8), out_sharding=P(None, "Y"))
    print("w", jax.typeof(w))
    r = reshard(z, P(None, "Y"))
    print("r", jax.typeof(r))
    return r + w


out = f(x)
print(out.sharding.spec, jax.sharding.reshard(out, P())[0, :3])

rows = reshard(jnp.ones((8, 3)), P("X", None))


def per_row(r):
    print("row", jax.typeof(r))
    return r * 2


print(jax.typeof(jax.vmap(per_row)(rows)))
print(jax.typeof(jax.vmap(per_row, spmd_axis_name="X")(rows)))

try:
    jax.jit(lambda a, b: a @ b)(x, reshard(jnp.ones((4, 4)), P("Y", "X")))
except Exception as e:
    print(type(e).__name__)


@jax.sharding.auto_axes
def add_auto(a, b):
    print("auto", jax.typeof(a))
    return a + b


print(jax.typeof(add_auto(x, x, out_sharding=P("X", None))))
print(jax.typeof(jnp.ones(8, out_sharding=P("X"))))
print(jax.typeof(jax.random.normal(jax.random.key(0), (8, 4), out_sharding=P("X", "Y"))))
print(jax.typeof(jnp.arange(16.).reshape(4, 4)))
print(jax.typeof(reshard(jnp.arange(16.), P(("X", "Y")))))
v = reshard(jnp.arange(16.), P(("X", "Y")))
print(jax.typeof(v.reshape(8, 2, out_sharding=P(("X", "Y"), None))))
g = jax.grad(lambda a: (a ** 2).sum())(x)
print(jax.typeof(g))
jax.sharding.set_mesh(None)
