# "JAX - The Sharp Bits" sections not yet run: debugging NaNs with jax_debug_nans (eager and
# jitted, the FloatingPointError), jax_debug_infs, double precision (jnp.array of float64 data
# stays float32 with a warning-free truncation), integer overflow wrapping, unsafe casts of
# out-of-range floats, division by zero in integers, and NumPy's behaviours JAX keeps
import jax
import jax.numpy as jnp
import numpy as np

print(jnp.divide(0.0, 0.0), jnp.log(-1.0))
jax.config.update("jax_debug_nans", True)
try:
    jnp.divide(0.0, 0.0)
except FloatingPointError as e:
    print("FloatingPointError", str(e).splitlines()[0][:40])
try:
    jax.jit(lambda x: jnp.log(x))(-1.0)
except FloatingPointError:
    print("FloatingPointError jit")
print(jnp.log(2.0))
jax.config.update("jax_debug_nans", False)
jax.config.update("jax_debug_infs", True)
try:
    jnp.divide(1.0, 0.0)
except FloatingPointError:
    print("FloatingPointError inf")
jax.config.update("jax_debug_infs", False)
print(jnp.divide(1.0, 0.0))

x = np.array([1.0, 2.0], dtype=np.float64)
print(jnp.array(x).dtype, jnp.asarray(1e40, dtype=jnp.float32))
print(jnp.int32(2**31 - 1) + 1, jnp.uint8(255) + jnp.uint8(1), jnp.int8(-128) - 1)
print(jnp.array([300, -1]).astype(jnp.uint8), jnp.array([1e10, -1e10, jnp.nan]).astype(jnp.int32))
print(jnp.array([7, -7]) // 0, jnp.array([7, -7]) % 0)
print(jnp.array(3) // 2, jnp.array(-3) // 2, jnp.remainder(-3, 2), jnp.fmod(-3, 2))
print(jnp.float16(65504) * 2, jnp.array(1e-8, jnp.float16))
print(jnp.sum(jnp.ones(10, jnp.int8) * 20), jnp.sum(jnp.ones(10, jnp.int8) * 20, dtype=jnp.int8))
print(jnp.cumsum(jnp.array([100, 100], dtype=jnp.int8)), jnp.mean(jnp.array([1, 2], jnp.int8)))
print(jnp.arange(3) / 2, (jnp.arange(3) / 2).dtype, np.arange(3) / 2)
