# Newer lax docstrings: lax.split, optimization_barrier, platform_dependent, and the shape
# primitives (squeeze, expand_dims, collapse, rev, pad with negative padding, clamp).
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(10.0)
print(lax.split(x, (3, 3, 4)))
m = jnp.arange(12).reshape(3, 4)
print(lax.split(m, (1, 3), axis=1))
print(jax.make_jaxpr(lambda m: lax.split(m, (2, 2), axis=1))(m))
print(jax.grad(lambda x: sum(jnp.sum(p * (i + 1)) for i, p in enumerate(lax.split(x, (3, 7)))))(x))
print(jnp.unstack(m))
print(jnp.unstack(m, axis=1)[2])

def f(x):
    y = lax.optimization_barrier(x * 2)
    a, b = lax.optimization_barrier((y, y + 1))
    return a + b

print(f(jnp.ones(3)), jax.jit(f)(jnp.ones(3)))
print(jax.make_jaxpr(f)(jnp.ones(3)))
print(jax.grad(lambda x: jnp.sum(f(x) ** 2))(jnp.ones(3)))
print(jax.vmap(f)(jnp.ones((2, 3))))

def on_cpu(x):
    return x + 1.0

def on_gpu(x):
    return x - 1.0

g = lambda x: lax.platform_dependent(x, cpu=on_cpu, cuda=on_gpu, default=on_gpu)
print(g(1.0), jax.jit(g)(2.0), jax.grad(g)(3.0))
print(jax.vmap(g)(jnp.arange(3.0)))

y = jnp.arange(6.0).reshape(1, 2, 3, 1)
print(lax.squeeze(y, (0, 3)).shape, lax.expand_dims(x, (0, 2)).shape)
print(lax.collapse(jnp.zeros((2, 3, 4)), 1, 3).shape, lax.collapse(jnp.zeros((2, 3, 4)), 0).shape)
print(lax.rev(m, (0,)), lax.rev(m, (0, 1)))
print(lax.pad(jnp.arange(6.0), 0.0, [(-1, 2, 1)]))
print(lax.pad(m, -1, [(1, -1, 0), (0, 0, 2)]))
print(lax.clamp(2.0, x, 7.0), lax.clamp(jnp.zeros(10), x - 5, jnp.full(10, 2.0)))
print(jax.grad(lambda x: jnp.sum(lax.clamp(2.0, x, 7.0)))(x))
print(lax.squeeze(jnp.ones((1,)), (0,)).shape)
try:
    lax.squeeze(jnp.ones((2, 3)), (0,))
except Exception as e:
    print(type(e).__name__)
try:
    lax.split(x, (3, 3))
except Exception as e:
    print(type(e).__name__)
