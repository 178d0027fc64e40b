# "Explicit sharding (a.k.a. sharding in types)": a mesh with Explicit axes, jax.typeof showing
# shardings in types, sharding rules of elementwise ops / reductions / matmuls, an
# out_sharding for an ambiguous contraction, reshard, auto_axes around an Auto-only function,
# and a small explicitly sharded training step
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, reshard
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
print(mesh.axis_types)

with jax.set_mesh(mesh):
    a = jax.device_put(jnp.arange(16.0).reshape(4, 4), P("X", "Y"))
    print(jax.typeof(a))
    print(a.sharding.spec)

    @jax.jit
    def add_arrays(x, y):
        ans = x + y
        print(f"x sharding: {jax.typeof(x)}")
        print(f"ans sharding: {jax.typeof(ans)}")
        return ans

    b = add_arrays(a, a)
    print(jax.typeof(b))

    arg0 = jax.device_put(jnp.ones((4, 8)), P("X", None))
    arg1 = jax.device_put(jnp.ones((8, 16)), P(None, "Y"))

    @jax.jit
    def matmul_nc(x, y):
        out = jnp.dot(x, y)
        print(f"out sharding: {jax.typeof(out)}")
        return out

    print(jax.typeof(matmul_nc(arg0, arg1)))

    lhs = jax.device_put(jnp.ones((8, 8)), P(None, "X"))
    rhs = jax.device_put(jnp.ones((8, 8)), P("X", None))
    try:
        jnp.dot(lhs, rhs)
    except Exception as e:
        print(type(e).__name__)
    out = jnp.dot(lhs, rhs, out_sharding=P("X", None))
    print(jax.typeof(out), out.sum())

    @jax.jit
    def reductions(x):
        s0 = x.sum(axis=0)
        s1 = x.sum(axis=1)
        print(jax.typeof(s0), jax.typeof(s1))
        return s0, s1

    reductions(a)

    c = reshard(a, P(None, "X"))
    print(jax.typeof(c))
    print(jax.typeof(reshard(a, P())))
    t = a.T
    print(jax.typeof(t))
    r = jnp.reshape(a, (16,))
    print(jax.typeof(r))
    print(jax.typeof(jnp.zeros((4, 4), out_sharding=P("X"))))
    print(jax.typeof(jnp.expand_dims(a, 0)))
    print(jax.typeof(reshard(a, P(None, "Y"))[0]))

    def auto_only(x):
        return jnp.sort(x.reshape(-1)).reshape(x.shape)

    g = jax.sharding.auto_axes(auto_only, out_sharding=P("X", None))
    print(jax.typeof(jax.jit(g)(a)))

    w = jax.device_put(jax.random.normal(jax.random.key(0), (4, 8)) * 0.3, P(None, "Y"))
    xb = jax.device_put(jax.random.normal(jax.random.key(1), (8, 4)), P("X", None))
    yb = jax.device_put(jnp.ones((8, 8)), P("X", "Y"))

    def loss(w, x, y):
        h = jnp.tanh(x @ w)
        return jnp.mean((h - y) ** 2)

    @jax.jit
    def step(w, x, y):
        l, g = jax.value_and_grad(loss)(w, x, y)
        print("grad type", jax.typeof(g))
        return w - 0.5 * g, l

    for i in range(5):
        w, l = step(w, xb, yb)
    print(l, jax.typeof(w))

print(jax.typeof(w).sharding.spec)
try:
    jax.device_put(jnp.ones(3), NamedSharding(mesh, P("X")))
except ValueError as e:
    print(type(e).__name__)
