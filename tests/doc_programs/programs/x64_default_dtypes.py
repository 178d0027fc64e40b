# "Default dtypes and the X64 flag": default 32-bit dtypes, requests for 64-bit dtypes without
# x64 (truncated with a warning), jax.enable_x64 as a context manager, canonicalize_dtype, and
# computations (jit, grad, random, linalg) in float64 / int64 inside the context
import numpy as np
import jax
import jax.numpy as jnp

print(jnp.array(1.0).dtype, jnp.arange(3).dtype, jnp.zeros(2).dtype, jnp.array(1j).dtype)
print(jnp.asarray(np.float64(1.5)).dtype, jnp.asarray(np.arange(2, dtype=np.int64)).dtype)
print(jnp.array(1, dtype=jnp.int64).dtype)
print(jnp.ones(2, dtype="float64").dtype)
print(jax.dtypes.canonicalize_dtype(jnp.float64), jax.dtypes.canonicalize_dtype(np.uint64))
print(jnp.float64(3).dtype, jnp.int64(3).dtype)
print((jnp.float32(1) + np.float64(1)).dtype)
print(jax.random.uniform(jax.random.key(0), dtype=jnp.float64).dtype)
print(jax.config.jax_enable_x64)

with jax.enable_x64(True):
    print(jax.config.jax_enable_x64)
    print(jnp.array(1.0).dtype, jnp.arange(3).dtype, jnp.array(1j).dtype)
    x = jnp.arange(5, dtype=jnp.float64) / 3
    print(x.dtype, x)
    print(jnp.array(2, dtype=jnp.int64) ** 40)
    print(jax.jit(lambda v: v.sum())(x).dtype)
    print(jax.grad(lambda v: jnp.sum(v ** 2))(x).dtype)
    print(jax.random.normal(jax.random.key(1), (2,), dtype=jnp.float64).dtype)
    a = jnp.array([[2., 1.], [1., 3.]])
    print(a.dtype, jnp.linalg.solve(a, jnp.array([1., 2.])))
    print(jnp.float32(1).dtype, (jnp.float32(1) + 1.0).dtype, (jnp.float32(1) + np.float64(1)).dtype)
    print(np.finfo(jnp.array(0.1).dtype).eps)
    print(jnp.sum(jnp.ones(3, jnp.int32)).dtype, jnp.cumsum(jnp.ones(3, jnp.int32)).dtype)
print(jax.config.jax_enable_x64, jnp.array(1.0).dtype)
print(jnp.sum(jnp.ones(3, jnp.int8)).dtype, jnp.mean(jnp.arange(4)).dtype)
print(jnp.arange(3, dtype=jnp.uint8).astype(jnp.float16).dtype)
