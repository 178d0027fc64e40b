# Explicit sharding tutorial: typeof, sharding in types, reshard, auto_axes / explicit_axes, out_sharding
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType, NamedSharding, reshard

mesh = jax.make_mesh((2, 4), ('X', 'Y'), axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.sharding.set_mesh(mesh)
replicated = np.arange(8.).reshape(4, 2)
sharded = reshard(replicated, P('X', None))
print(f"replicated: {jax.typeof(replicated)}")
print(f"sharded: {jax.typeof(sharded)}")


@jax.jit
def add_arrays(x, y):
    ans = x + y
    print(f"x sharding: {jax.typeof(x)}")
    print(f"y sharding: {jax.typeof(y)}")
    print(f"ans sharding: {jax.typeof(ans)}")
    return ans


arg0 = reshard(np.arange(4.).reshape(4, 1), P('X', None))
arg1 = reshard(np.arange(8.).reshape(1, 8), P(None, 'Y'))
result = add_arrays(arg0, arg1)
print(jax.typeof(result), result.sharding.spec)
print(result)


@jax.jit
def matmul_ok(x, y):
    out = jnp.dot(x, y)
    print(jax.typeof(out))
    return out


a = reshard(jnp.ones((8, 4)), P('X', None))
b = reshard(jnp.ones((4, 16)), P(None, 'Y'))
print(matmul_ok(a, b).sharding.spec)
c = reshard(jnp.ones((8, 4)), P(None, 'Y'))
d = reshard(jnp.ones((4, 16)), P('Y', None))
try:
    jnp.dot(c, d)
except Exception as e:
    print(type(e).__name__)
print(jax.typeof(jnp.dot(c, d, out_sharding=P('X', None))))
print(jax.typeof(jnp.einsum('ij,jk->ik', c, d, out_sharding=P(None, None))))


@jax.sharding.auto_axes
def auto_body(x):
    print('inside auto', jax.typeof(x))
    return x * 2


print(jax.typeof(auto_body(a, out_sharding=P('X', None))))


@jax.jit
def reshape_then(x):
    y = reshard(x, P(None, 'X'))
    return y.sum(axis=0)


print(jax.typeof(reshape_then(a)))
print(jax.typeof(jnp.zeros((8, 8), out_sharding=P('X', 'Y'))))
print(jax.typeof(jnp.arange(8.).reshape(8)))
e = reshard(jnp.arange(16.).reshape(8, 2), P(('X', 'Y'), None))
print(jax.typeof(e), jax.typeof(e.T), jax.typeof(e.sum(1)))
print(jax.typeof(jnp.sin(e) + 1), jax.typeof(e[:, :1]))
print(jax.typeof(jax.random.normal(jax.random.key(0), (8, 4), out_sharding=P('X', None))))
try:
    reshard(jnp.ones((3, 4)), P('X', None))
except Exception as e:
    print(type(e).__name__)
ex_fn = jax.sharding.explicit_axes(lambda x: x * 2, in_sharding=P('X'))
jax.sharding.set_mesh(jax.make_mesh((2, 4), ('X', 'Y'), axis_types=(AxisType.Auto,) * 2))
print(jax.typeof(jnp.ones(8)))
