# "Efficient transposition of replication-inducing collectives" (the shard_map page): psum of an
# invariant value, pcast to varying, gradients through psum / all_gather with check_vma, typeof
# showing the varying axes, and the unmapped-output errors.
from functools import partial
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("i",), axis_types=(jax.sharding.AxisType.Auto,))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("i")), out_specs=P())
def f1(x, y):
    return jax.lax.psum(x * y, "i")


x = jnp.array(2.0)
y = jnp.arange(4.0)
print(f1(x, y))
print(jax.grad(lambda x, y: f1(x, y).sum(), argnums=(0, 1))(x, y))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("i")), out_specs=P("i"))
def f2(x, y):
    print("x type:", jax.typeof(x), "y type:", jax.typeof(y))
    x_v = jax.lax.pcast(x, "i", to="varying")
    print("pcast:", jax.typeof(x_v))
    return x_v * y


print(f2(x, y))
print(jax.grad(lambda x, y: f2(x, y).sum())(x, y))


@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P())
def f3(w):
    return jax.lax.psum(jnp.sum(w ** 2), "i")


w = jnp.arange(8.0)
print(f3(w), jax.grad(f3)(w))


@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def f4(w):
    return w - jax.lax.pmean(w, "i")


print(f4(w), jax.grad(lambda w: jnp.sum(f4(w) ** 2))(w))
print(jax.make_jaxpr(jax.grad(lambda x, y: f1(x, y).sum()))(x, y).eqns[-1].primitive)
try:
    jax.shard_map(lambda a: a, mesh=mesh, in_specs=P("i"), out_specs=P())(w)
except Exception as e:
    print(type(e).__name__)
print(jax.shard_map(lambda a: a, mesh=mesh, in_specs=P("i"), out_specs=P(), check_vma=False)(w))
