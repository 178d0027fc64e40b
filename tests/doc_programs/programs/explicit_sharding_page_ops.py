# The "Explicit sharding" page's op-by-op sharding rules under jit and eagerly: typeof of
# elementwise, matmul with and without out_sharding, reductions, reshapes that split axes,
# auto_axes / explicit_axes, and the errors an ambiguous contraction gives
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType, NamedSharding

mesh = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
with jax.set_mesh(mesh):
    x = jax.device_put(jnp.arange(16.).reshape(8, 2), P("X", None))
    y = jax.device_put(jnp.arange(8.).reshape(2, 4), P(None, "Y"))
    print(jax.typeof(x), jax.typeof(y))

    @jax.jit
    def f(x, y):
        print("x:", jax.typeof(x), "y:", jax.typeof(y))
        z = x @ y
        print("z:", jax.typeof(z))
        s = z.sum(axis=0)
        print("s:", jax.typeof(s))
        t = jnp.sin(z) + 1.
        print("t:", jax.typeof(t))
        return z, s

    z, s = f(x, y)
    print(z.sharding.spec, s.sharding.spec)
    a = jax.device_put(jnp.ones((8, 4)), P("X", "Y"))
    b = jax.device_put(jnp.ones((4, 8)), P("Y", None))
    try:
        jnp.dot(a, b)
    except Exception as e:
        print(type(e).__name__)
    print(jax.typeof(jnp.dot(a, b, out_sharding=P("X", None))))
    print(jax.typeof(jnp.einsum("ij,jk->ik", a, b, out_sharding=P("X", None))))
    print(jax.typeof(a.reshape(2, 4, 4)))
    print(jax.typeof(a.T), jax.typeof(a[None]), jax.typeof(a.sum()))
    print(jax.typeof(jax.reshard(a, P(None, "X"))))

    @jax.jit
    def g(a):
        c = jax.sharding.auto_axes(lambda v: v * 2, out_sharding=P("X", "Y"))(a)
        return c
    print(jax.typeof(g(a)))
    c = jax.device_put(jnp.ones((8, 4)), P(None, None))
    print(jax.typeof(c), jax.typeof(c + a))
    try:
        a + jax.device_put(jnp.ones((8, 4)), P("Y", "X"))
    except Exception as e:
        print(type(e).__name__)
    print(jax.typeof(jnp.zeros((8, 4), out_sharding=P("X"))))
    print(jax.typeof(jax.jit(lambda: jnp.ones((4, 8), out_sharding=P(None, "Y")))()))
    print(jax.typeof(jax.grad(lambda v: (v @ y).sum())(x)))
    print(jax.typeof(jax.vmap(lambda r: r * 2)(x)))
    try:
        jax.lax.scan(lambda cc, r: (cc + r, r), jnp.zeros(2), x)
    except ValueError as e:
        print("ValueError", str(e)[:40])
    print(jax.typeof(jax.lax.scan(lambda cc, r: (cc + r, r), jnp.zeros(2), jax.reshard(x, P()))[1]))
