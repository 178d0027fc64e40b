# "Common gotchas" / sharp bits not yet covered: impure functions under jit (prints and global
# state read at trace time, re-traced only for new shapes), iterators consumed while tracing,
# Python containers as arguments (lists hashed or not), jit caching keyed by static values and
# weak types, NaN-producing gradients of jnp.where and the safe double-where fix, float64
# requests truncated with x64 off, integer overflow wrapping, and division by zero
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

g = 0.0


def impure_uses_globals(x):
    return x + g


print(jax.jit(impure_uses_globals)(4.0))
g = 10.0
print(jax.jit(impure_uses_globals)(5.0))
print(jax.jit(impure_uses_globals)(jnp.array([4.0])))

traced = []


@jax.jit
def count_traces(x):
    traced.append(x.shape)
    print("tracing for", x.shape, x.dtype)
    return x * 2


count_traces(1.0)
count_traces(2.0)
count_traces(jnp.ones(2))
count_traces(jnp.ones(2, jnp.int32))
print(len(traced))

iterator = iter(range(10))
print(lax.fori_loop(0, 10, lambda i, x: x + next(iterator), 0))
print(jax.jit(lambda xs: sum(xs))([1.0, 2.0, 3.0]))
print(jax.jit(lambda d: d["a"] * d["b"])({"a": 2.0, "b": jnp.arange(3.0)}))


def safe_log_where(x):
    return jnp.where(x > 0, jnp.log(x), 0.0)


def safe_log_double_where(x):
    safe_x = jnp.where(x > 0, x, 1.0)
    return jnp.where(x > 0, jnp.log(safe_x), 0.0)


xs = jnp.array([0.0, 1.0, 2.0])
print(jax.vmap(jax.grad(safe_log_where))(xs))
print(jax.vmap(jax.grad(safe_log_double_where))(xs))
print(jax.grad(lambda x: jnp.sqrt(x))(0.0), jax.grad(lambda x: jnp.abs(x))(0.0))
print(jax.grad(lambda x: jnp.linalg.norm(x))(jnp.zeros(2)))

print(jnp.array(1.0, dtype=jnp.float64).dtype, jnp.arange(3, dtype=np.int64).dtype)
print(jnp.array(np.float64(1.0) / 3).dtype, jnp.zeros(2, dtype=float).dtype)
print(jnp.int8(127) + jnp.int8(1), jnp.uint8(0) - jnp.uint8(1), jnp.int32(2**31 - 1) + 1)
print(jnp.array(1.0) / 0.0, jnp.array(-1.0) / 0.0, jnp.array(0.0) / 0.0)
print(jnp.array(1) // 0, jnp.array(7) % 0, jnp.array([1, -1]) // jnp.array([0, 0]))
print(jnp.float32(1e38) * 10, jnp.float16(70000), jnp.float32(1e-46))
print(jax.numpy.array([1, 2, 3]).at[1].set(5), np.array([1, 2, 3]).sum() + jnp.int32(1))
print(jnp.round(2.5), jnp.round(3.5), np.round(2.5), jnp.array(0.1 + 0.2) == 0.3)
