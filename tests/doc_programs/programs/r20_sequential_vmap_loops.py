# jax.custom_batching.sequential_vmap's docstring (a function called in a loop when batched,
# with debug.print showing the order), nested and in_axes variants, under jit and grad, next to
# lax.map with batch_size and custom_vmap falling back to a loop
import jax
import jax.numpy as jnp


@jax.custom_batching.sequential_vmap
def f(x):
    jax.debug.print("{}", x)
    return x + 1


print(jax.vmap(f)(jnp.arange(3)))
print(f(jnp.int32(7)))


@jax.custom_batching.sequential_vmap
def solve(a, b):
    return jnp.linalg.solve(a, b)


a = jnp.stack([jnp.eye(2) * (i + 1.0) for i in range(3)])
b = jnp.arange(6.0).reshape(3, 2)
print(jax.vmap(solve)(a, b))
print(jax.vmap(solve, in_axes=(None, 0))(a[1], b))
print(jax.jit(jax.vmap(solve))(a, b).shape)


@jax.custom_batching.sequential_vmap
def norm2(v):
    return jnp.sum(v**2)


m = jnp.arange(12.0).reshape(2, 2, 3)
print(jax.vmap(jax.vmap(norm2))(m))
print(jax.make_jaxpr(jax.vmap(norm2))(m[0]).eqns[0].primitive)


@jax.custom_batching.custom_vmap
def g(x):
    return jnp.sin(x)


@g.def_vmap
def g_vmap_rule(axis_size, in_batched, xs):
    print("batched", axis_size, in_batched)
    return jnp.cos(xs), in_batched[0]


print(jax.vmap(g)(jnp.zeros(4)))
print(g(0.0))

ys = jax.lax.map(lambda x: x * 2 + 1, jnp.arange(10.0), batch_size=4)
print(ys)
print(jax.lax.map(lambda p: p[0] * p[1], (jnp.arange(5), jnp.arange(5)), batch_size=2))
