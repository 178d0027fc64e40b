# 64-bit type names with x64 off (the "Default dtypes and the X64 flag" and type promotion
# pages): the scalar types' own dtypes and finfo / iinfo, comparisons with NumPy's types,
# jnp.promote_types of named 64-bit types against result_type of arrays, and the arrays that
# 64-bit requests make (with JAX's truncation warnings)
import jax.numpy as jnp
import numpy as np

print(jnp.float64.dtype, jnp.int64.dtype, jnp.uint64.dtype, jnp.complex128.dtype)
print(jnp.finfo(jnp.float64).bits, jnp.iinfo(jnp.int64).max, jnp.finfo(jnp.complex128).dtype)
print(jnp.float64 == np.float64, jnp.int64 == np.int32, jnp.dtype(jnp.int64), np.dtype(jnp.uint64))
print(jnp.zeros(2).dtype == jnp.float64, jnp.zeros(2).dtype == jnp.float32)
for a, b in [
    (jnp.float32, jnp.float64),
    (jnp.int32, jnp.int64),
    (jnp.float32, jnp.int64),
    (jnp.int8, jnp.uint32),
    (jnp.uint64, jnp.int64),
    (jnp.bfloat16, jnp.float64),
    (jnp.complex64, jnp.float64),
    (jnp.int64, float),
    (jnp.uint8, int),
]:
    print(a.__name__ if hasattr(a, "__name__") else a, b.__name__, jnp.promote_types(a, b))
print(
    jnp.result_type(jnp.float32, jnp.float64), jnp.result_type(np.ones(2, np.float64), jnp.ones(2))
)
x = jnp.array([1.5, 2.5], dtype=jnp.float64)
print(x.dtype, jnp.arange(3, dtype=jnp.int64).dtype, jnp.ones(2).astype(jnp.float64).dtype)
print(jnp.float64(3.25), jnp.int64(7).dtype, jnp.issubdtype(jnp.float64, jnp.floating))
print(jnp.can_cast(jnp.float64, jnp.float32), jnp.can_cast(jnp.int32, jnp.int64))
