# Newer top-level APIs' docstrings: jax.fwd_and_bwd (reusable jitted forward / backward),
# jax.smap (a single-axis shard_map), jax.P / jax.NamedSharding at top level,
# jax.copy_to_host_async, jax.nn.log1mexp / logmeanexp.
import jax
import jax.numpy as jnp

x = W = cot_out = jnp.ones((4, 4))


def f(x, W):
    return x @ W


fwd, bwd = jax.fwd_and_bwd(f, argnums=(0, 1))
for i in range(2):
    y, residuals = fwd(x, W)
    cot_x, cot_W = bwd(residuals, cot_out)
print(y[0], cot_x[0], cot_W.shape)
fwd1, bwd1 = jax.fwd_and_bwd(lambda x: (jnp.sin(x).sum(), x * 2), argnums=0, has_aux=True)
out, res, aux = fwd1(jnp.arange(3.0))
print(out, aux, bwd1(res, 1.0))
fwd2, bwd2 = jax.fwd_and_bwd(jnp.tanh, argnums=0, jitted=False)
y2, r2 = fwd2(0.5)
print(y2, bwd2(r2, 1.0))

mesh = jax.make_mesh((4,), ("i",), axis_types=(jax.sharding.AxisType.Explicit,))
with jax.set_mesh(mesh):
    a = jax.device_put(jnp.arange(8.0), jax.P("i"))
    g = jax.smap(lambda v: v * jax.lax.axis_index("i"), in_axes=0, out_axes=0, axis_name="i")
    print(g(a))
    print(jax.typeof(g(a)))
print(jax.P("x", None), jax.NamedSharding(mesh, jax.P("i")))
b = jnp.arange(4.0)
b.copy_to_host_async()
jax.copy_to_host_async(b)
print(b)
print(jax.nn.log1mexp(jnp.array([0.1, 1.0, 10.0])))
print(jax.nn.logmeanexp(jnp.array([1.0, 2.0, 3.0])), jax.nn.logmeanexp(jnp.arange(6.0).reshape(2, 3), axis=1))
print(jax.grad(jax.nn.log1mexp)(1.0))
